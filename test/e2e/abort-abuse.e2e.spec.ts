import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ABORT_RULE } from '../../src/games/domain/aborts.js';
import { DeadlineSweeper } from '../../src/games/deadline-sweeper.js';
import { playOpening, startRankedGame, startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

/**
 * Abuse of abort (issue #20): a player to blame for more than ABORT_RULE.free aborted games among
 * their recent games from the queue waits before their next ranked pairing, escalating, and is
 * told how long; the opponents, casual play and rooms are not affected.
 */
describe('abuse of abort', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const joinRanked = (p: TestPlayer, lang?: string) => {
    const req = request(t.http).post('/api/queue').set(p.auth);
    if (lang) req.set('Accept-Language', lang);
    return req.send({ mode: 'ranked' });
  };
  const leave = (p: TestPlayer) => request(t.http).delete('/api/queue').set(p.auth).expect(204);

  /** A game from the queue that `by` calls off before both players have moved. */
  async function abortedBy(by: TestPlayer, other: TestPlayer, how: 'abort' | 'resign' = 'abort'): Promise<string> {
    const { gameId } = await startRankedGame(t.app, by, other);
    await request(t.http).post(`/api/games/${gameId}/${how}`).set(by.auth).send({}).expect(200);
    return gameId;
  }

  const marks = async (gameId: string) =>
    (await t.db.query('SELECT player_id AS "playerId", kind FROM abort_marks WHERE game_id = $1', [gameId])).rows as { playerId: string; kind: string }[];

  it('blames whoever calls the game off, and whoever lets the first-move clock run out', async () => {
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    expect(await marks(await abortedBy(a, b))).toEqual([{ playerId: a.id, kind: 'abort' }]);
    // A resignation before both have moved aborts the game: it counts as calling it off.
    expect(await marks(await abortedBy(b, a, 'resign'))).toEqual([{ playerId: b.id, kind: 'abort' }]);
    // White (b) lets the first-move clock run out after Black's first move.
    const { gameId } = await startRankedGame(t.app, a, b);
    const game = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
    const first = await request(t.http).post(`/api/games/${gameId}/moves`).set(a.auth).send({ square: 'd3', ply: game.ply }).expect(201);
    expect(first.body.game.toMove).toBe('white');
    await t.db.query(`UPDATE games SET turn_deadline = now() - interval '1 second', takeover_at = now() - interval '1 second' WHERE id = $1`, [gameId]);
    await t.app.get(DeadlineSweeper).sweep();
    expect((await request(t.http).get(`/api/games/${gameId}`).expect(200)).body.status).toBe('aborted');
    expect(await marks(gameId)).toEqual([{ playerId: b.id, kind: 'first-move' }]);
    // A game both players have moved in is no abort: nobody is marked for its end.
    const { gameId: played } = await startRankedGame(t.app, a, b);
    await playOpening(t.http, played, a, b);
    await request(t.http).post(`/api/games/${played}/resign`).set(a.auth).send({}).expect(200);
    expect(await marks(played)).toEqual([]);
  });

  it(`lets ${ABORT_RULE.free} aborts go, then makes the next ranked pairing wait, with the time left; casual play stays open`, async () => {
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    for (let i = 0; i < ABORT_RULE.free; i++) await abortedBy(a, b);
    expect((await joinRanked(a)).status).toBe(201);
    await leave(a);

    await abortedBy(a, b);
    const refused = await joinRanked(a);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      details: { reason: 'aborts', aborts: ABORT_RULE.free + 1, games: ABORT_RULE.free + 1, waitMinutes: ABORT_RULE.firstMinutes },
    });
    const left = refused.body.details.retryAfterSeconds as number;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(ABORT_RULE.firstMinutes * 60);
    expect(Number(refused.headers['retry-after'])).toBe(left);
    expect(Date.parse(refused.body.details.until)).toBeGreaterThan(Date.now());
    expect(refused.body.message).toBe(
      `You are to blame for ${ABORT_RULE.free + 1} aborted games among your last ${ABORT_RULE.free + 1} (called off, or a first move that never came): your next ranked game can be paired in ${ABORT_RULE.firstMinutes} minutes.`,
    );
    // In the player's language.
    expect((await joinRanked(a, 'bn')).body.message).toContain('র‍্যাঙ্ক করা খেলার');
    // Nothing was queued; casual games are open; the opponent is not affected.
    expect((await request(t.http).get('/api/queue').set(a.auth)).status).toBe(404);
    expect((await request(t.http).post('/api/queue').set(a.auth).send({ mode: 'unranked' })).status).toBe(201);
    await leave(a);
    expect((await joinRanked(b)).status).toBe(201);
    await leave(b);

    // One more: twice as long.
    await abortedBy(a, b);
    expect((await joinRanked(a)).body.details).toMatchObject({ aborts: ABORT_RULE.free + 2, waitMinutes: 2 * ABORT_RULE.firstMinutes });
  });

  it('is over once the wait has passed', async () => {
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    for (let i = 0; i <= ABORT_RULE.free; i++) await abortedBy(a, b);
    expect((await joinRanked(a)).status).toBe(429);
    await t.db.query(`UPDATE abort_marks SET at = at - make_interval(mins => $2) WHERE player_id = $1`, [a.id, ABORT_RULE.firstMinutes]);
    expect((await joinRanked(a)).status).toBe(201);
    await leave(a);
  });

  it('counts the recent games from the queue only: rooms are the host’s affair', async () => {
    const [host, guest] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    for (let i = 0; i <= ABORT_RULE.free; i++) {
      const { gameId } = await startRoomGame(t.http, host, guest);
      await request(t.http).post(`/api/games/${gameId}/abort`).set(host.auth).send({}).expect(200);
    }
    expect((await joinRanked(host)).status).toBe(201);
    await leave(host);
  });
});
