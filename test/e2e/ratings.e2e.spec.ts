import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { isGameOver, legalMoves, playTurn, result, startPosition, squareName, toBoardString, type Position } from '../../src/engine/index.js';
import { DEFAULT_GLICKO2_CONFIG, rateGame } from '../../src/ratings/domain/glicko2.js';
import { main as ratingsCli, verifyRatings } from '../../src/cli/ratings-cli.js';
import { playOpening, startRankedGame, startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';
import { LeaderboardService } from '../../src/leaderboard/leaderboard.service.js';

/**
 * New players start at RD 100 here: not provisional (RD < 110), so a couple of rated games put
 * them on the leaderboard this file is about (the provisional rule has its own tests).
 */
const INITIAL_RD = 100;
const fresh = { rating: 1500, rd: INITIAL_RD, volatility: 0.06, lastRatedAt: null };
const ratingsConfig = { ...DEFAULT_GLICKO2_CONFIG, initialRd: INITIAL_RD };

/** A position one move before a drawn end: found by replaying seeded random games with the engine. */
function positionBeforeDraw(): { position: Position; square: number } {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
  for (let game = 0; game < 20_000; game++) {
    let p = startPosition();
    for (;;) {
      const moves = legalMoves(p);
      const square = moves[Math.floor(random() * moves.length)];
      const turn = playTurn(p, square);
      if (turn.finished) {
        if (result(turn.position).winner === null) return { position: p, square };
        break;
      }
      p = turn.position;
    }
  }
  throw new Error('no drawn game found');
}

describe('ratings at game end, history, audit and leaderboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LEADERBOARD_MIN_GAMES: '2', RATING_INITIAL_RD: String(INITIAL_RD) });
  });
  afterAll(async () => {
    await t.close();
  });

  async function profile(p: TestPlayer) {
    return (await request(t.http).get(`/api/players/${p.username}`).expect(200)).body;
  }

  it('a rated win moves both ratings by exactly the Glicko-2 result', async () => {
    const alice = await registerPlayer(t.http);
    const bob = await registerPlayer(t.http);
    const { gameId } = await startRankedGame(t.app, alice, bob);
    await playOpening(t.http, gameId, alice, bob);
    const end = await request(t.http).post(`/api/games/${gameId}/resign`).set(bob.auth).send({}).expect(200);
    const expected = rateGame(fresh, fresh, 1, ratingsConfig, end.body.finishedAt);
    expect(end.body.result.ratingChanges.black).toBeCloseTo(expected.a.delta, 9);
    expect(end.body.result.ratingChanges.white).toBeCloseTo(expected.b.delta, 9);
    const a = await profile(alice);
    const b = await profile(bob);
    expect(a).toMatchObject({ games: 1, wins: 1, draws: 0, losses: 0 });
    expect(b).toMatchObject({ games: 1, wins: 0, draws: 0, losses: 1 });
    expect(a.rating).toBeCloseTo(expected.a.rating, 9);
    // A profile shows today's RD, grown by the time since the game (inflateRd): a busy machine's seconds show in the 7th digit.
    expect(a.rd).toBeGreaterThanOrEqual(expected.a.rd - 1e-9);
    expect(a.rd).toBeCloseTo(expected.a.rd, 3);
    expect(a.volatility).toBeCloseTo(expected.a.volatility, 12);
    expect(b.rating).toBeCloseTo(expected.b.rating, 9);
    const history = await request(t.http).get(`/api/players/${alice.username}/rating-history`).expect(200);
    expect(history.body.points).toHaveLength(1);
    expect(history.body.points[0]).toMatchObject({ gameId, at: end.body.finishedAt });
    expect(history.body.points[0].delta).toBeCloseTo(expected.a.delta, 9);
  });

  it('a draw on the board scores half a win for both', async () => {
    const carol = await registerPlayer(t.http);
    const dave = await registerPlayer(t.http);
    const { gameId } = await startRankedGame(t.app, carol, dave);
    const { position, square } = positionBeforeDraw();
    expect(isGameOver(position)).toBe(false);
    await t.db.query('UPDATE games SET board = $2, to_move = $3, ply = 50 WHERE id = $1', [gameId, toBoardString(position), position.toMove]);
    const mover = position.toMove === 'black' ? carol : dave;
    const res = await request(t.http).post(`/api/games/${gameId}/moves`).set(mover.auth).send({ square: squareName(square), ply: 50 }).expect(201);
    expect(res.body.game.result).toMatchObject({ winner: null, reason: 'board' });
    const expected = rateGame(fresh, fresh, 0.5, ratingsConfig, res.body.game.finishedAt);
    expect(expected.a.delta).toBeCloseTo(0, 9);
    expect(res.body.game.result.ratingChanges.black).toBeCloseTo(expected.a.delta, 9);
    const c = await profile(carol);
    expect(c).toMatchObject({ games: 1, wins: 0, draws: 1, losses: 0 });
    // A profile shows today's RD, grown by the time since the game (inflateRd): a busy machine's seconds show in the 7th digit.
    expect(c.rd).toBeGreaterThanOrEqual(expected.a.rd - 1e-9);
    expect(c.rd).toBeCloseTo(expected.a.rd, 3);
    expect(c.rd).toBeLessThan(INITIAL_RD);
  });

  it('unrated games change no rating field', async () => {
    const erin = await registerPlayer(t.http);
    const fay = await registerPlayer(t.http);
    const { gameId } = await startRoomGame(t.http, erin, fay);
    await playOpening(t.http, gameId, erin, fay);
    const end = await request(t.http).post(`/api/games/${gameId}/resign`).set(fay.auth).send({}).expect(200);
    expect(end.body.result.ratingChanges).toBeNull();
    expect(await profile(erin)).toMatchObject({ rating: 1500, rd: INITIAL_RD, games: 0, wins: 0 });
    expect((await request(t.http).get(`/api/players/${erin.username}/rating-history`).expect(200)).body.points).toEqual([]);
  });

  it('finishing requests racing each other rate the game exactly once', async () => {
    const gus = await registerPlayer(t.http);
    const hal = await registerPlayer(t.http);
    const { gameId } = await startRankedGame(t.app, gus, hal);
    await playOpening(t.http, gameId, gus, hal);
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => request(t.http).post(`/api/games/${gameId}/resign`).set(gus.auth).send({})),
      ...Array.from({ length: 5 }, () => request(t.http).post(`/api/games/${gameId}/resign`).set(hal.auth).send({})),
    ]);
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const rows = await t.db.query('SELECT count(*)::int AS n FROM rating_history WHERE game_id = $1', [gameId]);
    expect(rows.rows[0].n).toBe(2);
    const g = await profile(gus);
    const h = await profile(hal);
    expect(g.games + h.games).toBe(2);
    expect(g.wins + h.wins).toBe(1);
  });

  it('the leaderboard lists eligible players by rating, and profiles carry their rank', async () => {
    const [ivy, jon] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    for (let i = 0; i < 3; i++) {
      const { gameId } = await startRankedGame(t.app, ivy, jon);
      await playOpening(t.http, gameId, ivy, jon);
      await request(t.http).post(`/api/games/${gameId}/resign`).set(jon.auth).send({}).expect(200);
    }
    const board = await request(t.http).get('/api/leaderboard').expect(200);
    const names = board.body.entries.map((e: { username: string }) => e.username);
    expect(names).toContain(ivy.username);
    expect(names).toContain(jon.username);
    const ratings = board.body.entries.map((e: { rating: number }) => e.rating);
    expect(ratings).toEqual([...ratings].sort((x, y) => y - x));
    expect(board.body.entries.map((e: { rank: number }) => e.rank)).toEqual(names.map((_: string, i: number) => i + 1));
    expect(board.body.total).toBe(names.length);
    const ivyEntry = board.body.entries.find((e: { username: string }) => e.username === ivy.username);
    expect(ivyEntry).toMatchObject({ games: 3, wins: 3, draws: 0, losses: 0 });
    expect((await profile(ivy)).rank).toBe(ivyEntry.rank);
    const page2 = await request(t.http).get('/api/leaderboard?limit=1&offset=1').expect(200);
    expect(page2.body.entries).toHaveLength(1);
    expect(page2.body.entries[0]).toMatchObject({ rank: 2, username: names[1] });
    const erinless = await registerPlayer(t.http);
    expect((await profile(erinless)).rank).toBeNull();
    for (const q of ['limit=0', 'limit=1000', 'offset=-1', 'limit=abc', 'extra=1']) {
      expect((await request(t.http).get(`/api/leaderboard?${q}`).expect(400)).body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('the leaderboard bookkeeping agrees with a recount after many rated games', async () => {
    const crowd = await Promise.all(Array.from({ length: 6 }, () => registerPlayer(t.http)));
    let seed = 11;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
    for (let i = 0; i < 24; i++) {
      const a = crowd[Math.floor(random() * crowd.length)];
      const b = crowd.filter((p) => p !== a)[Math.floor(random() * (crowd.length - 1))];
      const { gameId } = await startRankedGame(t.app, a, b);
      await playOpening(t.http, gameId, a, b);
      await request(t.http).post(`/api/games/${gameId}/resign`).set(random() < 0.5 ? a.auth : b.auth).send({}).expect(200);
    }
    const flags = await t.db.query(
      `SELECT count(*)::int AS wrong FROM players
       WHERE on_leaderboard IS DISTINCT FROM (NOT guest AND games >= 2 AND last_rated_at >= now() - interval '90 days' AND rd < 110)`,
    );
    expect(flags.rows[0].wrong).toBe(0);
    const buckets = await t.db.query('SELECT bucket, players FROM leaderboard_buckets WHERE players <> 0 ORDER BY bucket');
    const recount = await t.db.query('SELECT floor(rating)::int AS bucket, count(*)::int AS players FROM players WHERE on_leaderboard GROUP BY 1 ORDER BY 1');
    expect(buckets.rows).toEqual(recount.rows);
    const ordered = await t.db.query(
      'SELECT username FROM players WHERE on_leaderboard ORDER BY rating DESC, rd ASC, username_key ASC',
    );
    for (const [i, row] of ordered.rows.entries()) {
      expect((await request(t.http).get(`/api/players/${row.username}`).expect(200)).body.rank).toBe(i + 1);
    }
    expect((await request(t.http).get('/api/leaderboard?limit=200').expect(200)).body.total).toBe(ordered.rows.length);
  });

  it('players whose last rated game is too old leave the leaderboard at the next sweep', async () => {
    const before = (await request(t.http).get('/api/leaderboard?limit=200').expect(200)).body;
    const leaving = before.entries[0].username;
    const original = (await t.db.query('SELECT last_rated_at FROM players WHERE username = $1', [leaving])).rows[0].last_rated_at;
    await t.db.query(`UPDATE players SET last_rated_at = now() - interval '91 days' WHERE username = $1`, [leaving]);
    expect(await t.app.get(LeaderboardService).expire()).toBe(1);
    const after = (await request(t.http).get('/api/leaderboard?limit=200').expect(200)).body;
    expect(after.total).toBe(before.total - 1);
    expect(after.entries.map((e: { username: string }) => e.username)).not.toContain(leaving);
    expect(after.entries[0].rank).toBe(1);
    expect((await request(t.http).get(`/api/players/${leaving}`).expect(200)).body.rank).toBeNull();
    expect(await t.app.get(LeaderboardService).expire()).toBe(0);
    await t.db.query('UPDATE players SET last_rated_at = $2 WHERE username = $1', [leaving, original]);
    await t.app.get(LeaderboardService).rebuild();
    const restored = (await request(t.http).get('/api/leaderboard?limit=200').expect(200)).body;
    const standings = (b: { entries: { rank: number; username: string; rating: number }[] }) => b.entries.map((e) => [e.rank, e.username, e.rating]);
    expect(standings(restored)).toEqual(standings(before));
  });

  it('ratings verify: passes on real play, and catches a tampered rating', async () => {
    const clean = await verifyRatings(t.db.url, t.config);
    expect(clean.games).toBeGreaterThanOrEqual(6);
    expect(clean.discrepancies).toEqual([]);
    expect(await ratingsCli(['verify'], t.config)).toBe(0);
    // +0.5 within the same rating point: the leaderboard's bucket counts stay right, only the rating is off.
    const victim = (await t.db.query(`SELECT id, username FROM players WHERE games > 0 AND rating - floor(rating) < 0.4 ORDER BY username LIMIT 1`)).rows[0];
    await t.db.query('UPDATE players SET rating = rating + 0.5 WHERE id = $1', [victim.id]);
    const dirty = await verifyRatings(t.db.url, t.config);
    expect(dirty.discrepancies).toEqual([expect.objectContaining({ subject: `player ${victim.username}`, field: 'rating' })]);
    expect(await ratingsCli(['verify'], t.config)).toBe(1);
    await t.db.query('UPDATE players SET rating = rating - 0.5 WHERE id = $1', [victim.id]);
    expect((await verifyRatings(t.db.url, t.config)).discrepancies).toEqual([]);

    // The leaderboard's bookkeeping is audited too.
    const bucket = (await t.db.query('SELECT bucket FROM leaderboard_buckets WHERE players > 0 ORDER BY bucket LIMIT 1')).rows[0].bucket;
    await t.db.query('UPDATE leaderboard_buckets SET players = players + 1 WHERE bucket = $1', [bucket]);
    const flagged = (await t.db.query('SELECT username FROM players WHERE on_leaderboard ORDER BY username LIMIT 1')).rows[0].username;
    await t.db.query('UPDATE players SET on_leaderboard = false WHERE username = $1', [flagged]);
    const books = await verifyRatings(t.db.url, t.config);
    expect(books.discrepancies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject: `leaderboard bucket humans ${bucket}`, field: 'players' }),
        expect.objectContaining({ subject: `player ${flagged}`, field: 'on_leaderboard', stored: 'false' }),
      ]),
    );
  });
});
