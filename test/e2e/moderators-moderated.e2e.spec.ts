import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { makeModerator } from '../factories/moderators.js';
import { verifyRatings } from '../../src/cli/ratings-cli.js';
import { playOpening, startRankedGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

/** Moderators are moderated: no acting where they have an interest, nor on each other; every close and mark can be undone by another moderator. */
describe('moderators are moderated', () => {
  let t: TestApp;
  let modA: TestPlayer;
  let modB: TestPlayer;

  beforeAll(async () => {
    t = await startTestApp({ TOKEN_REVOCATION_POLL_MS: '0', MOD_CONFLICT_DAYS: '7' });
    [modA, modB] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    await makeModerator(t.app, modA.username);
    await makeModerator(t.app, modB.username);
  });
  afterAll(async () => {
    await t?.close();
  });

  const act = (mod: TestPlayer, player: TestPlayer, action: string, reason = 'a reason') =>
    request(t.http).post(`/api/mod/players/${player.username}/actions`).set(mod.auth).send({ action, reason });
  const rating = async (p: TestPlayer): Promise<number> => (await request(t.http).get(`/api/players/${p.username}`).expect(200)).body.rating;

  /** A ranked game where both moved, then `loser` resigns. */
  async function rankedWin(winner: TestPlayer, loser: TestPlayer): Promise<string> {
    const { gameId } = await startRankedGame(t.app, winner, loser);
    await playOpening(t.http, gameId, winner, loser);
    await request(t.http).post(`/api/games/${gameId}/resign`).set(loser.auth).send({}).expect(200);
    return gameId;
  }

  it('a moderator who lost a ranked game to a player cannot act on them (no refund for themselves); another moderator can', async () => {
    const winner = await registerPlayer(t.http);
    await rankedWin(winner, modA);
    const before = await rating(modA);
    for (const action of ['engine', 'close', 'warn', 'dismiss']) {
      const res = await act(modA, winner, action);
      expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
      expect(res.body.message).toContain('7 days');
    }
    expect(await rating(modA)).toBe(before);
    expect((await request(t.http).get(`/api/players/${winner.username}`).expect(200)).body.engineUser).toBe(false);
    // Another moderator, with no interest, may: modA's loss is refunded like anyone's.
    const marked = await act(modB, winner, 'engine');
    expect(marked.status).toBe(200);
    expect(marked.body.refunds.map((r: any) => r.username)).toEqual([modA.username]);
  });

  it('a moderator cannot act on another moderator: the command takes the role away first', async () => {
    for (const action of ['close', 'engine', 'warn']) {
      const res = await act(modA, modB, action);
      expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    }
    expect((await request(t.http).get('/api/players/me').set(modB.auth)).status).toBe(200);
    const view = (await request(t.http).get(`/api/mod/players/${modB.username}`).set(modA.auth).expect(200)).body;
    expect(view.auditLog.map((a: any) => a.action)).toEqual(['grant-moderator']);
  });

  it('a close is undone by another moderator (reopen, audited with its reason); the old tokens stay revoked', async () => {
    const player = await registerPlayer(t.http);
    expect((await act(modA, player, 'close', 'spam')).status).toBe(200);
    expect((await request(t.http).post('/api/auth/login').send({ username: player.username, password: 'password123' })).status).toBe(401);

    const self = await act(modA, player, 'reopen', 'my mistake');
    expect([self.status, self.body.code]).toEqual([403, 'FORBIDDEN']);
    const reopened = await act(modB, player, 'reopen', 'closed by mistake');
    expect(reopened.status).toBe(200);
    expect(reopened.body.action).toMatchObject({ action: 'reopen', moderator: modB.username, reason: 'closed by mistake' });
    expect((await act(modB, player, 'reopen')).body.code).toBe('CONFLICT');

    expect((await request(t.http).get('/api/players/me').set(player.auth)).status).toBe(401);
    const again = await request(t.http).post('/api/auth/login').send({ username: player.username, password: 'password123' });
    expect(again.status).toBe(200);
    expect((await request(t.http).get('/api/players/me').set({ Authorization: `Bearer ${again.body.token}` })).status).toBe(200);
    const view = (await request(t.http).get(`/api/mod/players/${player.username}`).set(modA.auth).expect(200)).body;
    expect(view.auditLog.map((a: any) => [a.action, a.moderator, a.reason])).toEqual([
      ['reopen', modB.username, 'closed by mistake'],
      ['close', modA.username, 'spam'],
    ]);
    expect(view.player.closedAt).toBeNull();
  });

  it('an engine mark is undone by another moderator: every refund is taken back, ranked play and the ratings audit hold; a new mark refunds again', async () => {
    const [cheat, victim, late] = [await registerPlayer(t.http), await registerPlayer(t.http), await registerPlayer(t.http)];
    await rankedWin(cheat, victim);
    const victimLost = await rating(victim);
    expect((await act(modA, cheat, 'engine', 'perfect endgames')).status).toBe(200);
    const victimRefunded = await rating(victim);
    expect(victimRefunded).toBeGreaterThan(victimLost);
    // A game paired in the instant of the mark, lost after it: refunded as it is rated.
    await rankedWin(cheat, late);
    const lateRefunded = await rating(late);

    expect((await act(modA, cheat, 'unmark', 'oops')).body.code).toBe('FORBIDDEN');
    const lifted = await act(modB, cheat, 'unmark', 'the games were checked: honest');
    expect(lifted.status).toBe(200);
    expect(lifted.body.action).toMatchObject({ action: 'unmark', moderator: modB.username, reason: 'the games were checked: honest' });
    expect(lifted.body.refunds.map((r: any) => r.username).sort()).toEqual([victim.username, late.username].sort());
    for (const r of lifted.body.refunds) expect(r.points).toBeLessThan(0);
    expect(await rating(victim)).toBeCloseTo(victimLost, 9);
    expect(await rating(late)).toBeLessThan(lateRefunded);
    const history = (await request(t.http).get(`/api/players/${victim.username}/rating-history`).expect(200)).body.points;
    expect(history.map((p: any) => p.kind)).toEqual(['game', 'refund', 'refund']);
    expect(history[2].delta).toBeCloseTo(-history[1].delta, 9);
    expect((await request(t.http).get(`/api/players/${cheat.username}`).expect(200)).body.engineUser).toBe(false);
    const queued = await request(t.http).post('/api/queue').set(cheat.auth).send({ mode: 'ranked' });
    expect(queued.status).toBe(201);
    await request(t.http).delete('/api/queue').set(cheat.auth).expect(204);
    expect((await act(modB, cheat, 'unmark')).body.code).toBe('CONFLICT');
    expect((await verifyRatings(t.db.url, t.config)).discrepancies).toEqual([]);

    // Marked again (by the one who lifted it: not an undo): the same games are refunded again.
    const again = await act(modB, cheat, 'engine', 'on second thoughts');
    expect(again.status).toBe(200);
    expect(again.body.refunds.map((r: any) => r.username).sort()).toEqual([victim.username, late.username].sort());
    expect(await rating(victim)).toBeCloseTo(victimRefunded, 9);
    expect((await verifyRatings(t.db.url, t.config)).discrepancies).toEqual([]);
  });
});
