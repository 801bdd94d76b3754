import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import request from 'supertest';
import { verifyRatings } from '../../src/cli/ratings-cli.js';
import { playOpening, startRankedGame, startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';
import { CLI, assertBuilt, ROOT } from '../support/server-process.js';

/** `outflank players moderator …` on the test's database: the only way to give or take the role. */
function moderatorCommand(url: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  assertBuilt();
  const run = spawnSync(process.execPath, [CLI, 'players', 'moderator', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url, JWT_SECRET: 'test-secret-0123456789abcdef', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('reports, moderators and their actions', () => {
  let t: TestApp;
  let mod: TestPlayer;

  beforeAll(async () => {
    t = await startTestApp({ LEADERBOARD_MIN_GAMES: '1', RATING_INITIAL_RD: '100', REPORTS_PER_HOUR: '3' });
    mod = await registerPlayer(t.http);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A ranked game where both have moved, then `loser` resigns. */
  async function rankedWin(winner: TestPlayer, loser: TestPlayer, winnerBlack = true): Promise<string> {
    const [black, white] = winnerBlack ? [winner, loser] : [loser, winner];
    const { gameId } = await startRankedGame(t.app, black, white);
    await playOpening(t.http, gameId, black, white);
    await request(t.http).post(`/api/games/${gameId}/resign`).set(loser.auth).send({}).expect(200);
    return gameId;
  }

  it('gives and takes the moderator role with the outflank command only', async () => {
    expect((await request(t.http).get('/api/mod/reports').set(mod.auth)).body.code).toBe('FORBIDDEN');
    const granted = moderatorCommand(t.db.url, mod.username, '--grant');
    expect(granted).toMatchObject({ status: 0 });
    expect(granted.stdout).toContain(`${mod.username} is now a moderator.`);
    expect((await request(t.http).get('/api/mod/reports').set(mod.auth)).status).toBe(200);
    const other = await registerPlayer(t.http);
    expect(moderatorCommand(t.db.url, other.username, '--grant').status).toBe(0);
    expect(moderatorCommand(t.db.url, other.username, '--revoke').stdout).toContain(`${other.username} is no longer a moderator.`);
    expect((await request(t.http).get('/api/mod/reports').set(other.auth)).status).toBe(403);
    expect(moderatorCommand(t.db.url, 'nobody_here', '--grant').status).toBe(1);
    expect(moderatorCommand(t.db.url, other.username).status).toBe(2);
    // The role is in the audit log, by the command (no moderator).
    const view = (await request(t.http).get(`/api/mod/players/${other.username}`).set(mod.auth).expect(200)).body;
    expect(view.auditLog.map((a: any) => [a.action, a.moderator])).toEqual([['revoke-moderator', null], ['grant-moderator', null]]);
  }, 120_000);

  it('lets the players of a game report their opponent, once per game, within a rate limit', async () => {
    const [a, b, outsider] = [await registerPlayer(t.http), await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRoomGame(t.http, a, b);
    const filed = await request(t.http).post(`/api/games/${gameId}/reports`).set(a.auth).send({ reason: 'engine', text: '  too perfect  ' });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ gameId, reporter: a.username, reported: b.username, reason: 'engine', text: 'too perfect', status: 'open' });
    const again = await request(t.http).post(`/api/games/${gameId}/reports`).set(a.auth).send({ reason: 'other' });
    expect([again.status, again.body.code]).toEqual([409, 'ALREADY_REPORTED']);
    expect((await request(t.http).post(`/api/games/${gameId}/reports`).set(b.auth).send({ reason: 'abuse' })).status).toBe(201);
    expect((await request(t.http).post(`/api/games/${gameId}/reports`).set(outsider.auth).send({ reason: 'engine' })).body.code).toBe('FORBIDDEN');
    expect((await request(t.http).post(`/api/games/${gameId}/reports`).send({ reason: 'engine' })).status).toBe(401);
    for (const body of [{ reason: 'cheating' }, { reason: 'other', text: 'x'.repeat(501) }, { reason: 'other', extra: 1 }, {}]) {
      const bad = await request(t.http).post(`/api/games/${gameId}/reports`).set(b.auth).send(body);
      expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await request(t.http).post('/api/games/00000000-0000-4000-8000-000000000000/reports').set(a.auth).send({ reason: 'other' })).status).toBe(404);
    // REPORTS_PER_HOUR = 3: a has filed one; two more games, then the fourth is refused.
    await request(t.http).post(`/api/games/${gameId}/resign`).set(a.auth).send({}).expect(200);
    for (let i = 0; i < 3; i++) {
      const { gameId: g } = await startRoomGame(t.http, a, b);
      const res = await request(t.http).post(`/api/games/${g}/reports`).set(a.auth).send({ reason: 'stalling' });
      if (i < 2) expect(res.status).toBe(201);
      else {
        expect([res.status, res.body.code]).toEqual([429, 'RATE_LIMITED']);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      await request(t.http).post(`/api/games/${g}/resign`).set(a.auth).send({}).expect(200);
    }
    const open = (await request(t.http).get('/api/mod/reports').set(mod.auth).expect(200)).body.reports;
    expect(open.filter((r: any) => r.reporter === a.username)).toHaveLength(3);
  });

  it('marks an engine user: no ranked play, off the leaderboard, refunds its victims in their history, and ratings verify stays green', async () => {
    const [cheat, victim, winner, reporter] = [await registerPlayer(t.http), await registerPlayer(t.http), await registerPlayer(t.http), await registerPlayer(t.http)];
    const lost1 = await rankedWin(cheat, victim);
    const lost2 = await rankedWin(cheat, victim, false);
    await rankedWin(winner, cheat); // winner gained against it: nothing to give back
    const before = (await request(t.http).get(`/api/players/${victim.username}/rating-history`).expect(200)).body.points;
    const lostPoints = -before.filter((p: any) => [lost1, lost2].includes(p.gameId)).reduce((s: number, p: any) => s + p.delta, 0);
    expect(lostPoints).toBeGreaterThan(0);
    const victimBefore = (await request(t.http).get(`/api/players/${victim.username}`).expect(200)).body;
    const winnerBefore = (await request(t.http).get(`/api/players/${winner.username}`).expect(200)).body;
    expect((await request(t.http).get(`/api/players/${cheat.username}`).expect(200)).body.rank).not.toBeNull();
    const { gameId } = await startRoomGame(t.http, reporter, cheat);
    await request(t.http).post(`/api/games/${gameId}/reports`).set(reporter.auth).send({ reason: 'engine' }).expect(201);
    await request(t.http).post(`/api/games/${gameId}/resign`).set(reporter.auth).send({}).expect(200);

    const acted = await request(t.http).post(`/api/mod/players/${cheat.username}/actions`).set(mod.auth).send({ action: 'engine', reason: 'perfect endgames' });
    expect(acted.status).toBe(200);
    expect(acted.body.action).toMatchObject({ action: 'engine', moderator: mod.username, reason: 'perfect endgames' });
    expect(acted.body.refunds).toHaveLength(1);
    expect(acted.body.refunds[0].username).toBe(victim.username);
    expect(acted.body.refunds[0].points).toBeCloseTo(lostPoints, 9);
    expect([...acted.body.refunds[0].gameIds].sort()).toEqual([lost1, lost2].sort());

    const victimAfter = (await request(t.http).get(`/api/players/${victim.username}`).expect(200)).body;
    expect(victimAfter.rating).toBeCloseTo(victimBefore.rating + lostPoints, 9);
    expect(victimAfter.games).toBe(victimBefore.games);
    expect((await request(t.http).get(`/api/players/${winner.username}`).expect(200)).body.rating).toBe(winnerBefore.rating);
    const history = (await request(t.http).get(`/api/players/${victim.username}/rating-history`).expect(200)).body.points;
    expect(history[history.length - 1]).toMatchObject({ kind: 'refund', gameId: null });
    expect(history[history.length - 1].delta).toBeCloseTo(lostPoints, 9);
    expect(history[history.length - 1].rating).toBeCloseTo(victimAfter.rating, 9);

    const profile = (await request(t.http).get(`/api/players/${cheat.username}`).expect(200)).body;
    expect(profile).toMatchObject({ engineUser: true, rank: null });
    const ranked = await request(t.http).post('/api/queue').set(cheat.auth).send({ mode: 'ranked' });
    expect([ranked.status, ranked.body.code]).toEqual([403, 'FORBIDDEN']);
    const board = (await request(t.http).get('/api/leaderboard?limit=100').expect(200)).body.entries.map((e: any) => e.username);
    expect(board).not.toContain(cheat.username);
    expect(board).toContain(victim.username);
    // The report about it is closed; the audit log has the action with its refunds.
    const view = (await request(t.http).get(`/api/mod/players/${cheat.username}`).set(mod.auth).expect(200)).body;
    expect(view.reports.map((r: any) => r.status)).toEqual(['closed']);
    expect(view.auditLog[0]).toMatchObject({ action: 'engine', details: { refunds: [{ player: victim.username, games: 2 }] } });
    expect(view.player.engineMarkedAt).not.toBeNull();
    // Once only.
    expect((await request(t.http).post(`/api/mod/players/${cheat.username}/actions`).set(mod.auth).send({ action: 'engine', reason: 'again' })).body.code).toBe('CONFLICT');

    const audit = await verifyRatings(t.db.url, t.config);
    expect(audit.discrepancies).toEqual([]);
    // Ranked play goes on for the victim after the refund, and the audit still agrees.
    await rankedWin(victim, winner);
    expect((await verifyRatings(t.db.url, t.config)).discrepancies).toEqual([]);
  });

  it('warns a player, who sees it once', async () => {
    const p = await registerPlayer(t.http);
    await request(t.http).post(`/api/mod/players/${p.username}/actions`).set(mod.auth).send({ action: 'warn', reason: 'Please stop stalling.' }).expect(200);
    const notices = (await request(t.http).get('/api/me/notices').set(p.auth).expect(200)).body.notices;
    expect(notices).toEqual([expect.objectContaining({ kind: 'warning', message: 'Please stop stalling.' })]);
    await request(t.http).post(`/api/me/notices/${notices[0].id}/seen`).set(p.auth).expect(204);
    expect((await request(t.http).get('/api/me/notices').set(p.auth).expect(200)).body.notices).toEqual([]);
    expect((await request(t.http).post(`/api/me/notices/${notices[0].id}/seen`).set(p.auth)).status).toBe(404);
    // Someone else's warning is not theirs to dismiss.
    const q = await registerPlayer(t.http);
    await request(t.http).post(`/api/mod/players/${q.username}/actions`).set(mod.auth).send({ action: 'warn', reason: 'x' }).expect(200);
    const qNotice = (await request(t.http).get('/api/me/notices').set(q.auth).expect(200)).body.notices[0];
    expect((await request(t.http).post(`/api/me/notices/${qNotice.id}/seen`).set(p.auth)).status).toBe(404);
    const log = (await request(t.http).get(`/api/mod/players/${p.username}`).set(mod.auth).expect(200)).body.auditLog;
    expect(log[0]).toMatchObject({ action: 'warn', moderator: mod.username });
    expect(log[0].seenAt).not.toBeNull();
  });

  it('dismisses reports and closes accounts; a closed account cannot sign in', async () => {
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRoomGame(t.http, a, b);
    await request(t.http).post(`/api/games/${gameId}/reports`).set(a.auth).send({ reason: 'abuse' }).expect(201);
    await request(t.http).post(`/api/games/${gameId}/resign`).set(a.auth).send({}).expect(200);
    const dismissed = await request(t.http).post(`/api/mod/players/${b.username}/actions`).set(mod.auth).send({ action: 'dismiss', reason: 'no evidence' });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.action.details).toEqual({ reportsClosed: 1 });
    expect((await request(t.http).get('/api/mod/reports').set(mod.auth)).body.reports.map((r: any) => r.reported)).not.toContain(b.username);

    await request(t.http).post(`/api/mod/players/${b.username}/actions`).set(mod.auth).send({ action: 'close', reason: 'spam account' }).expect(200);
    expect((await request(t.http).get('/api/players/me').set(b.auth)).status).toBe(401);
    const login = await request(t.http).post('/api/auth/login').send({ username: b.username, password: 'password123' });
    expect([login.status, login.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await request(t.http).get(`/api/players/${b.username}`).expect(200)).body.closed).toBe(true);
    expect((await request(t.http).post(`/api/mod/players/${b.username}/actions`).set(mod.auth).send({ action: 'close', reason: 'x' })).body.code).toBe('CONFLICT');
  });

  it('refuses bad actions clearly, and a moderator cannot act on themselves', async () => {
    const p = await registerPlayer(t.http);
    for (const body of [{ action: 'ban', reason: 'x' }, { action: 'warn' }, { action: 'warn', reason: '' }, { action: 'warn', reason: 'x'.repeat(501) }]) {
      const res = await request(t.http).post(`/api/mod/players/${p.username}/actions`).set(mod.auth).send(body);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await request(t.http).post(`/api/mod/players/${mod.username}/actions`).set(mod.auth).send({ action: 'warn', reason: 'x' })).body.code).toBe('FORBIDDEN');
    expect((await request(t.http).get('/api/mod/players/nobody_at_all').set(mod.auth)).status).toBe(404);
    expect((await request(t.http).post('/api/mod/players/nobody_at_all/actions').set(mod.auth).send({ action: 'warn', reason: 'x' })).status).toBe(404);
  });
});
