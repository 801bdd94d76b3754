import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Clock } from '../../src/common/clock.js';
import { EventsService } from '../../src/events/events.service.js';
import { playerTopic } from '../../src/events/topics.js';
import { MatchmakingService } from '../../src/matchmaking/matchmaking.service.js';
import { playOpening, startRankedGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

const OPERATOR_TOKEN = 'operator-token-0123456789';
import { openSse } from '../support/sse.js';

// Issue #10, rules 6-8 over HTTP on real PostgreSQL. Waves are run by hand (QUEUE_WAVE_MS=0) and
// time is the app's Clock moved forward: no test sleeps through a presence grace period.

describe('the match queue: presence, one game at a time, ranked waves', () => {
  let t: TestApp;
  let clock: Clock;
  let matchmaking: MatchmakingService;
  const wave = () => matchmaking.runWave();
  const advance = (seconds: number) => clock.advance(seconds * 1000);

  beforeAll(async () => {
    // Games here end by a resignation after one move each: SANDBAG_MOVES=1 keeps the sandbagging
    // cooldown (test/e2e/fair-play-ratings.e2e.spec.ts) out of these queue mechanics.
    t = await startTestApp({ QUEUE_WAVE_MS: '0', QUEUE_PRESENCE_SECONDS: '30', LOG_LEVEL: 'error', SANDBAG_MOVES: '1', METRICS_TOKEN: OPERATOR_TOKEN });
    clock = t.app.get(Clock);
    matchmaking = t.app.get(MatchmakingService);
  });
  afterAll(async () => {
    await t.close();
  });

  const queue = async (p: TestPlayer, body: Record<string, unknown> = { mode: 'ranked' }) =>
    (await request(t.http).post('/api/queue').set(p.auth).send(body).expect(201)).body;
  const poll = async (p: TestPlayer) => request(t.http).get('/api/queue').set(p.auth);
  const setRating = (p: TestPlayer, rating: number) => t.db.query('UPDATE players SET rating = $2 WHERE id = $1', [p.id, rating]);
  const abort = (gameId: string, p: TestPlayer) => request(t.http).post(`/api/games/${gameId}/abort`).set(p.auth).send({}).expect(200);
  const byId = new Map<string, TestPlayer>();
  /**
   * Ends a game after both players' first moves, `loser` resigning (aborted games do not count
   * toward the 24-h limit); both ratings are put back to 1500, so that the next wave can pair
   * them again at once (these tests are about the queue, not the ratings).
   */
  const playAndResign = async (gameId: string, loser: TestPlayer) => {
    const g = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
    const [black, white] = [byId.get(g.black.player.id)!, byId.get(g.white.player.id)!];
    await playOpening(t.http, gameId, black, white);
    await request(t.http).post(`/api/games/${gameId}/resign`).set(loser.auth).send({}).expect(200);
    for (const p of [black, white]) await setRating(p, 1500);
  };
  /** Every player of the test is somewhere in 1500s apart from the ones a test moves: fresh players per test. */
  const players = async (n: number) => {
    const made = await Promise.all(Array.from({ length: n }, () => registerPlayer(t.http)));
    for (const p of made) byId.set(p.id, p);
    return made;
  };
  const gamesOf = async (p: TestPlayer) =>
    (await t.db.query('SELECT id, black_id, white_id, rated FROM games WHERE black_id = $1 OR white_id = $1', [p.id])).rows;
  /** Runs a wave and returns the games it made among these players. */
  const waveAmong = async (...ps: TestPlayer[]) => {
    const result = await wave();
    expect(result.ran).toBe(true);
    const ids = new Set(ps.map((p) => p.id));
    return result.games.filter((g) => ids.has(g.blackId) || ids.has(g.whiteId));
  };

  it('a ranked join waits for the wave; the ticket shows its window and reason null', async () => {
    const [a] = await players(1);
    const ticket = await queue(a, { mode: 'ranked', clock: '10+5' });
    expect(ticket).toMatchObject({ mode: 'ranked', turnSeconds: null, clock: '10+5', state: 'waiting', reason: null, gameId: null, window: { min: 1400, max: 1600 } });
    await request(t.http).delete('/api/queue').set(a.auth).expect(204);
    expect((await poll(a)).status).toBe(404);
    const row = (await t.db.query('SELECT state, reason FROM queue_tickets WHERE id = $1', [ticket.id])).rows[0];
    expect(row).toEqual({ state: 'cancelled', reason: 'left' });
  });

  it('presence: a ticket without presence is cancelled `absent` after 30 s and never paired; a present one is paired', async () => {
    const [absent, streaming, polling, late] = await players(4);
    await queue(absent);
    await queue(streaming);
    await queue(polling);
    const stream = openSse(`${t.baseUrl}/api/me/events`, streaming.auth);
    expect(await stream.ready).toBe(200);
    // All three are absent/streaming/polling for 31 s; `polling` polls at 20 s (fresh for 30 s more).
    advance(20);
    expect((await poll(polling)).body.state).toBe('waiting');
    advance(11);
    // Nobody is paired before the presence rule is applied: the wave cancels `absent` first.
    const made = await waveAmong(absent, streaming, polling);
    expect(made).toHaveLength(1);
    const pairedIds = [made[0].blackId, made[0].whiteId].sort();
    expect(pairedIds).toEqual([streaming.id, polling.id].sort());
    const gone = (await poll(absent)).body;
    expect(gone).toMatchObject({ state: 'cancelled', reason: 'absent', gameId: null, window: null });
    // A late poll does not revive it, and the absent player is in no game.
    expect((await gamesOf(absent))).toHaveLength(0);
    await queue(late);
    expect(await waveAmong(absent, late)).toHaveLength(0);
    await stream.waitFor((e) => e.some((x) => x.event === 'matched'));
    stream.close();
    await request(t.http).delete('/api/queue').set(late.auth).expect(204);
  });

  it('GET /api/queue writes nothing: the poll counts from its own time once the next presence mark writes it; an absent ticket shows as cancelled', async () => {
    const [a] = await players(1);
    const ticket = await queue(a, { mode: 'unranked', turnSeconds: 30 });
    const row = async () => (await t.db.query('SELECT * FROM queue_tickets WHERE id = $1', [ticket.id])).rows[0] as { state: string; reason: string | null; last_seen_at: Date };
    advance(10);
    const before = await row();
    const pollFrom = clock.now().getTime();
    expect((await poll(a)).body).toMatchObject({ state: 'waiting', reason: null });
    const pollTo = clock.now().getTime();
    await expect(row()).resolves.toEqual(before);
    advance(3);
    await matchmaking.markConnected();
    const polledAt = (await row()).last_seen_at.getTime();
    expect(polledAt).toBeGreaterThanOrEqual(pollFrom);
    expect(polledAt).toBeLessThanOrEqual(pollTo);
    // 31 s after that poll the owner is absent: the answer says so, the row is left to the wave.
    advance(31);
    const absentBefore = await row();
    expect((await poll(a)).body).toMatchObject({ state: 'cancelled', reason: 'absent', gameId: null });
    await expect(row()).resolves.toEqual(absentBefore);
    // The late poll revived nothing: the next mark writes no presence and the wave cancels it.
    await matchmaking.markConnected();
    expect((await row()).last_seen_at.getTime()).toBe(polledAt);
    expect((await wave()).ran).toBe(true);
    await expect(row()).resolves.toMatchObject({ state: 'cancelled', reason: 'absent' });
    expect((await poll(a)).body).toMatchObject({ state: 'cancelled', reason: 'absent' });
  });

  it('the ghost ticket: A queues then leaves without DELETE; B queues later and is not paired with A (ranked and unranked)', async () => {
    for (const mode of ['ranked', 'unranked'] as const) {
      const [a, b] = await players(2);
      // Ranked games have a clock, never a turn limit: the same pool for both, either way.
      const pool = mode === 'ranked' ? { mode, clock: '1+2' } : { mode, turnSeconds: 30 };
      await queue(a, pool);
      advance(31);
      const mine = await queue(b, pool);
      expect(mine.state).toBe('waiting');
      expect(await waveAmong(a, b)).toHaveLength(0);
      expect(await gamesOf(a)).toHaveLength(0);
      expect((await poll(a)).body).toMatchObject({ state: 'cancelled', reason: 'absent' });
      expect((await poll(b)).body).toMatchObject({ state: 'waiting', reason: null });
      await request(t.http).delete('/api/queue').set(b.auth).expect(204);
    }
  });

  it('the double game: a player seated in an active game cannot queue (409) and a waiting ticket is never paired while its owner plays', async () => {
    const [a, b, c, d, e] = await players(5);
    const busy = await startRankedGame(t.app, a, b);
    expect((await request(t.http).post('/api/queue').set(a.auth).send({ mode: 'ranked' }).expect(409)).body).toMatchObject({
      code: 'ALREADY_IN_GAME', details: { gameId: busy.gameId },
    });
    expect((await request(t.http).post('/api/queue').set(b.auth).send({ mode: 'unranked' }).expect(409)).body.code).toBe('ALREADY_IN_GAME');
    // C queues, then sits down in a game elsewhere (a room, say): C's ticket waits, unpaired.
    await queue(c);
    const elsewhere = await startRankedGame(t.app, c, d);
    await queue(e);
    expect(await waveAmong(c, e)).toHaveLength(0);
    expect((await poll(c)).body.state).toBe('waiting');
    // Unranked likewise: a waiting unranked ticket whose owner is in a game is passed over.
    // Once C's game is over, the next wave pairs C and E.
    await abort(elsewhere.gameId, c);
    const made = await waveAmong(c, e);
    expect(made).toHaveLength(1);
    expect([made[0].blackId, made[0].whiteId].sort()).toEqual([c.id, e.id].sort());
    await abort(busy.gameId, a);
  });

  it('unranked: first come first served at join, passing over a waiting player who sits in a game', async () => {
    const [a, b, c, d] = await players(4);
    await queue(a, { mode: 'unranked', turnSeconds: 60 });
    const seated = await startRankedGame(t.app, a, d);
    await queue(b, { mode: 'unranked', turnSeconds: 60 });
    const third = await queue(c, { mode: 'unranked', turnSeconds: 60 });
    expect(third.state).toBe('matched');
    const game = (await request(t.http).get(`/api/games/${third.gameId}`).expect(200)).body;
    expect(game).toMatchObject({ rated: false, black: { player: { id: b.id } }, white: { player: { id: c.id } } });
    expect((await poll(a)).body.state).toBe('waiting');
    await abort(seated.gameId, a);
    await request(t.http).delete('/api/queue').set(a.auth).expect(204);
  });

  it('unranked tickets left waiting at join are paired by the next wave, first come first served', async () => {
    const [a, b, d] = await players(3);
    await queue(a, { mode: 'unranked', turnSeconds: 30 });
    const seated = await startRankedGame(t.app, a, d);
    expect((await queue(b, { mode: 'unranked', turnSeconds: 30 })).state).toBe('waiting');
    expect(await waveAmong(a, b)).toHaveLength(0);
    await abort(seated.gameId, d);
    const [made] = await waveAmong(a, b);
    expect(made).toMatchObject({ blackId: a.id, whiteId: b.id });
    expect((await request(t.http).get(`/api/games/${made.gameId}`).expect(200)).body.rated).toBe(false);
    expect((await poll(b)).body).toMatchObject({ state: 'matched', gameId: made.gameId });
    await abort(made.gameId, a);
  });

  it('`matched` is never lost: /api/me/events has ids and replays after Last-Event-ID', async () => {
    const [a, b, c] = await players(3);
    const first = openSse(`${t.baseUrl}/api/me/events`, a.auth);
    expect(await first.ready).toBe(200);
    await queue(a);
    await queue(b);
    const [g1] = await waveAmong(a, b);
    const seen = (await first.waitFor((e) => e.some((x) => x.event === 'matched'))).find((x) => x.event === 'matched')!;
    expect(seen.id).toMatch(/^\d+$/);
    expect(seen.data).toMatchObject({ state: 'matched', gameId: g1.gameId, reason: null });
    first.close();
    // While A is away, a second game is made (after the first one is over).
    await playAndResign(g1.gameId, a);
    await queue(a);
    await queue(b);
    const [g2] = await waveAmong(a, b);
    const again = openSse(`${t.baseUrl}/api/me/events`, { ...a.auth, 'Last-Event-ID': seen.id! });
    expect(await again.ready).toBe(200);
    const replayed = await again.waitFor((e) => e.some((x) => x.event === 'matched'));
    expect(replayed.filter((x) => x.event === 'matched').map((x) => x.data.gameId)).toEqual([g2.gameId]);
    expect(Number(replayed[0].id)).toBeGreaterThan(Number(seen.id));
    // Live events follow the replay on the same stream.
    await playAndResign(g2.gameId, b);
    await queue(a);
    await queue(b);
    const [g3] = await waveAmong(a, b);
    const all = await again.waitFor((e) => e.filter((x) => x.event === 'matched').length === 2);
    expect(all.filter((x) => x.event === 'matched').map((x) => x.data.gameId)).toEqual([g2.gameId, g3.gameId]);
    again.close();
    // Without Last-Event-ID, nothing old is replayed. (A and B have met 3 times: A meets C.)
    const fresh = openSse(`${t.baseUrl}/api/me/events`, a.auth);
    expect(await fresh.ready).toBe(200);
    await playAndResign(g3.gameId, a);
    await queue(a);
    await queue(b);
    await queue(c);
    const [g4] = await waveAmong(a, b, c);
    expect([g4.blackId, g4.whiteId].sort()).toEqual([a.id, c.id].sort());
    await request(t.http).delete('/api/queue').set(b.auth).expect(204);
    const live = await fresh.waitFor((e) => e.some((x) => x.event === 'matched'));
    expect(live.filter((x) => x.event === 'matched').map((x) => x.data.gameId)).toEqual([g4.gameId]);
    fresh.close();
    await abort(g4.gameId, a);
  });

  it('the window widens with (clock) time: 1500 and 1800 meet only after 20 s', async () => {
    const [low, high] = await players(2);
    await setRating(low, 1500);
    await setRating(high, 1800);
    expect((await queue(low)).window).toEqual({ min: 1400, max: 1600 });
    expect((await queue(high)).window).toEqual({ min: 1700, max: 1900 });
    expect(await waveAmong(low, high)).toHaveLength(0);
    advance(10);
    expect((await poll(low)).body.window).toEqual({ min: 1300, max: 1700 });
    await poll(high);
    expect(await waveAmong(low, high)).toHaveLength(0);
    advance(5);
    await poll(low);
    await poll(high);
    expect(await waveAmong(low, high)).toHaveLength(0);
    advance(5);
    expect((await poll(low)).body.window).toEqual({ min: 1200, max: 1800 });
    await poll(high);
    const made = await waveAmong(low, high);
    expect(made).toHaveLength(1);
    await abort(made[0].gameId, low);
  });

  it('the same two players meet at most 3 times in 24 h (games played; aborted ones do not count)', async () => {
    const [a, b] = await players(2);
    for (let i = 0; i < 3; i++) {
      await queue(a);
      await queue(b);
      const made = await waveAmong(a, b);
      expect(made).toHaveLength(1);
      await playAndResign(made[0].gameId, i % 2 ? a : b);
    }
    await queue(a);
    await queue(b);
    expect(await waveAmong(a, b)).toHaveLength(0);
    // They stay present (open event streams) through the day that follows.
    const streams = [openSse(`${t.baseUrl}/api/me/events`, a.auth), openSse(`${t.baseUrl}/api/me/events`, b.auth)];
    for (const s of streams) expect(await s.ready).toBe(200);
    advance(12 * 3600);
    expect(await waveAmong(a, b)).toHaveLength(0);
    advance(12 * 3600);
    const made = await waveAmong(a, b);
    expect(made).toHaveLength(1);
    for (const s of streams) s.close();
    await abort(made[0].gameId, b);
  });

  it('colour balance: Black goes to the player who had Black less often in their last 10 ranked games', async () => {
    const [often, rarely, x, y] = await players(4);
    for (let i = 0; i < 3; i++) await abort((await startRankedGame(t.app, often, x)).gameId, x);
    await abort((await startRankedGame(t.app, rarely, y)).gameId, y);
    await abort((await startRankedGame(t.app, y, rarely)).gameId, y);
    for (const order of [[often, rarely], [rarely, often]]) {
      for (const p of order) await queue(p);
      const [made] = await waveAmong(often, rarely);
      expect(made).toMatchObject({ blackId: rarely.id, whiteId: often.id });
      const game = (await request(t.http).get(`/api/games/${made.gameId}`).expect(200)).body;
      expect(game).toMatchObject({ rated: true, black: { player: { id: rarely.id } }, white: { player: { id: often.id } } });
      await abort(made.gameId, often);
    }
  });

  it('stored player events are pruned after an hour', async () => {
    const [a] = await players(1);
    const events = t.app.get(EventsService);
    await events.publish({ topic: playerTopic(a.id), event: 'rematch', data: { n: 1 } as never }); // any payload: only its storage is checked
    const count = async () => (await t.db.query('SELECT count(*)::int AS n FROM player_events WHERE player_id = $1', [a.id])).rows[0].n;
    expect(await count()).toBe(1);
    await events.prunePlayerEvents();
    expect(await count()).toBe(1);
    advance(61 * 60);
    await events.prunePlayerEvents();
    expect(await count()).toBe(0);
  });

  it('a waiting-tickets gauge by mode on /metrics, for operators only', async () => {
    const [a, b] = await players(2);
    await queue(a, { mode: 'unranked', turnSeconds: 30 });
    await queue(b, { mode: 'ranked', clock: '3+2' });
    // The queue's size is for operators (METRICS_TOKEN): the public cannot tell when it is empty.
    expect((await request(t.http).get('/metrics').expect(200)).text).not.toContain('outflank_queue_waiting_tickets');
    expect((await request(t.http).get('/metrics').set('Authorization', 'Bearer not-the-operator-token').expect(200)).text).not.toContain('outflank_queue_waiting_tickets');
    const text = (await request(t.http).get('/metrics').set('Authorization', `Bearer ${OPERATOR_TOKEN}`).expect(200)).text;
    expect(text).toMatch(/outflank_queue_waiting_tickets\{mode="ranked"\} [1-9]/);
    expect(text).toMatch(/outflank_queue_waiting_tickets\{mode="unranked"\} [1-9]/);
    expect(text).toContain('outflank_moves_total');
    await request(t.http).delete('/api/queue').set(a.auth).expect(204);
    await request(t.http).delete('/api/queue').set(b.auth).expect(204);
  });
});
