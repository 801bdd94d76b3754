import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AnalysisRepository } from '../../src/analysis/analysis.repository.js';
import type { GameRules } from '../../src/games/domain/game.js';
import * as rules from '../../src/games/domain/transitions.js';
import { GamesRepository } from '../../src/games/games.repository.js';
import { PlayersRepository } from '../../src/players/players.repository.js';
import { holdTransaction, openRepositoryDb, RepositoryDb, seedPlayer } from '../support/repositories.js';

const R = (now = new Date()): GameRules => ({ now, cpuTakeoverSeconds: 60, firstMoveSeconds: 30, idleTurnSeconds: 300, rankedStandInMoves: 2 });

/** The analysis job queue on real PostgreSQL: discovery, the claim order, copies that skip each other, leases, retries. */
describe('AnalysisRepository: the job queue (real PostgreSQL)', () => {
  let r: RepositoryDb;
  let repo: AnalysisRepository;
  let games: GamesRepository;
  let players: PlayersRepository;

  beforeAll(async () => {
    r = await openRepositoryDb();
    repo = new AnalysisRepository(r.db);
    games = new GamesRepository(r.db);
    players = new PlayersRepository(r.db);
  });
  afterAll(async () => {
    await r.close();
  });

  /** A finished game (rated or not), finished `minutesAgo` ago, between two new players or these. */
  async function finishedGame(rated: boolean, minutesAgo: number, seats?: { b: { id: string }; w: { id: string } }): Promise<string> {
    const { b, w } = seats ?? { b: await seedPlayer(players, r.db), w: await seedPlayer(players, r.db) };
    const g = rules.newGame({ id: crypto.randomUUID(), roomId: null, roomCode: null, rated, turnSeconds: null, showLegalMoves: true, blackId: b.id, whiteId: w.id }, R());
    await games.insert(g);
    await r.db.query(`UPDATE games SET status = 'finished', winner = 'black', result_reason = 'resign', black_discs = 2, white_discs = 2, to_move = NULL,
      finished_at = now() - make_interval(mins => $2) WHERE id = $1`, [g.id, minutesAgo]);
    return g.id;
  }

  /** Earlier tests' jobs out of the way (done: a deleted job would be queued again by discovery). */
  const clear = () => r.db.query(`UPDATE analysis_jobs SET state = 'done', lease_until = NULL`);

  it('queues finished games once, and claims ranked games first, then the newest', async () => {
    await clear();
    const oldFriendly = await finishedGame(false, 30);
    const oldRanked = await finishedGame(true, 20);
    const newFriendly = await finishedGame(false, 1);
    const newRanked = await finishedGame(true, 2);
    expect(await repo.discover(600, 500, 3)).toBe(4);
    expect(await repo.discover(600, 500, 3)).toBe(0);
    const order: string[] = [];
    for (let job = await repo.claim('a', 60, 3); job; job = await repo.claim('a', 60, 3)) order.push(job.gameId);
    expect(order).toEqual([newRanked, oldRanked, newFriendly, oldFriendly]);
  });

  it("claims fairly between players: a flooder's games wait behind others', guests' casual games wait for an idle queue", async () => {
    await clear();
    const [a, b] = [await seedPlayer(players, r.db), await seedPlayer(players, r.db)];
    const flood = [];
    for (let i = 1; i <= 4; i++) flood.push(await finishedGame(false, i, { b: a, w: b }));
    const honest = await finishedGame(false, 10);
    const guestGame = await finishedGame(false, 0, { b: await seedPlayer(players, r.db, { guest: true }), w: await seedPlayer(players, r.db) });
    const ranked = await finishedGame(true, 30);
    expect(await repo.discover(3600, 500, 3)).toBe(7);
    const order: string[] = [];
    for (let job = await repo.claim('a', 60, 3); job; job = await repo.claim('a', 60, 3)) order.push(job.gameId);
    // The flooder pair's newest game takes its turn like anyone's; its others come after the honest game.
    expect(order).toEqual([ranked, flood[0], honest, flood[1], flood[2], flood[3], guestGame]);
  });

  it('two copies claiming at once get different jobs: a claimed row is skipped, not waited for', async () => {
    await clear();
    await finishedGame(true, 5);
    await finishedGame(true, 4);
    await repo.discover(600, 500, 3);
    const held = await holdTransaction(r.db);
    try {
      const first = await held.run(() => repo.claim('copy-1', 60, 3));
      // The first claim's row lock is still held (its transaction is open): the second copy skips that row.
      const second = await repo.claim('copy-2', 60, 3);
      expect(first).not.toBeNull();
      expect(second).not.toBeNull();
      expect(second!.gameId).not.toBe(first!.gameId);
    } finally {
      await held.commit();
    }
    expect(await repo.claim('copy-3', 60, 3)).toBeNull();
  });

  it('a job whose copy died is taken again after its lease, and given up after the last attempt', async () => {
    await clear();
    const id = await finishedGame(true, 3);
    await repo.discover(600, 500, 2);
    expect(await repo.claim('dead-1', 60, 2)).toEqual({ gameId: id, attempts: 1 });
    expect(await repo.claim('other', 60, 2)).toBeNull(); // leased
    await r.db.query(`UPDATE analysis_jobs SET lease_until = now() - interval '1 second' WHERE game_id = $1`, [id]);
    expect(await repo.claim('dead-2', 60, 2)).toEqual({ gameId: id, attempts: 2 });
    await r.db.query(`UPDATE analysis_jobs SET lease_until = now() - interval '1 second' WHERE game_id = $1`, [id]);
    // Two runners died with it: the next discovery round gives it up.
    await repo.discover(600, 500, 2);
    expect(await repo.jobState(id)).toBe('failed');
    expect(await repo.claim('other', 60, 2)).toBeNull();
  });

  it('an error queues the job again until the last attempt; a copy shutting down hands its jobs back', async () => {
    await clear();
    const id = await finishedGame(false, 3);
    await repo.discover(600, 500, 3);
    await repo.claim('x', 60, 3);
    await repo.fail(id, 'boom', 3);
    expect(await repo.jobState(id)).toBe('queued');
    await repo.claim('x', 60, 3);
    await repo.release('x');
    expect(await repo.jobState(id)).toBe('queued');
    expect(await repo.claim('y', 60, 3)).toEqual({ gameId: id, attempts: 2 });
    await repo.fail(id, 'boom', 2);
    expect(await repo.jobState(id)).toBe('failed');
  });
});
