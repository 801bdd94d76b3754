import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { fromBoardString, legalMoves, squareName } from '../../src/engine/index.js';
import { startRoomGame } from '../factories/games.js';
import { registerPlayer } from '../factories/players.js';
import { TEST_ENV } from '../support/app.js';
import { createTestDatabase, TestDatabase } from '../support/database.js';
import { assertBuilt, freePort, serveEnv, sleep, spawnServe, startServerProcess } from '../support/server-process.js';

// Analysis jobs are durable: an `outflank serve` copy analysing the finished games of a database
// is killed with SIGKILL while it holds a job; another copy takes that job over once its lease has
// run out, and every game ends up analysed exactly once.

const GAMES = 8;
const LEASE_SECONDS = 3;

describe('analysis jobs survive a killed copy', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('SIGKILL while analysing: another copy finishes the job it held, and every game is analysed', async () => {
    const base = { DATABASE_URL: db.url, JWT_SECRET: TEST_ENV.JWT_SECRET, AUTH_RATE_LIMIT: TEST_ENV.AUTH_RATE_LIMIT };
    // First a copy that analyses nothing plays the games (it queues them as they finish).
    const host = await startServerProcess({ ...base, ANALYSIS_WORKERS: '0', ANALYSIS_POLL_MS: '200' });
    const gameIds: string[] = [];
    for (let i = 0; i < GAMES; i++) {
      const [a, b] = [await registerPlayer(host.baseUrl), await registerPlayer(host.baseUrl)];
      const { gameId } = await startRoomGame(host.baseUrl, a, b);
      let game = (await request(host.baseUrl).get(`/api/games/${gameId}`).expect(200)).body;
      while (game.status === 'active') {
        const moves = legalMoves(fromBoardString(game.board, game.toMove));
        const p = game.toMove === 'black' ? a : b;
        game = (await request(host.baseUrl).post(`/api/games/${gameId}/moves`).set(p.auth).send({ square: squareName(moves[(i + game.ply) % moves.length]), ply: game.ply }).expect(201)).body.game;
      }
      gameIds.push(gameId);
    }
    const queuedBy = Date.now() + 10_000;
    while (Number((await db.query(`SELECT count(*) FROM analysis_jobs WHERE state = 'queued'`)).rows[0].count) < GAMES && Date.now() < queuedBy) await sleep(100);
    await host.stop();
    expect((await db.query(`SELECT count(*)::int AS n FROM analysis_jobs WHERE state = 'queued'`)).rows[0].n).toBe(GAMES);

    // A copy that analyses (spawned here, so that it can be killed as soon as it holds a job: it
    // is quick, and it claims the next job the moment it finishes one).
    // ANALYSIS_YIELD_ABOVE 1: this test is about the crash, not about yielding to play (a copy
    // starting up is busy for a moment; test/e2e/analysis.e2e.spec.ts tests the yielding).
    const env = { ...base, ANALYSIS_WORKERS: '1', ANALYSIS_POLL_MS: '200', ANALYSIS_LEASE_SECONDS: String(LEASE_SECONDS), ANALYSIS_YIELD_ABOVE: '1' };
    assertBuilt();
    const port = await freePort();
    const doomed = spawnServe(serveEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }), port);
    const mine = `%:${doomed.child.pid}:%`;
    let survivor: Awaited<ReturnType<typeof startServerProcess>> | null = null;
    try {
      const by = Date.now() + 90_000;
      let holding = false;
      while (!holding && Date.now() < by) {
        holding = (await db.query(`SELECT 1 FROM analysis_jobs WHERE state = 'running' AND claimed_by LIKE $1`, [mine])).rowCount === 1;
        if (!holding) await sleep(5);
      }
      doomed.child.kill('SIGKILL');
      await doomed.exited;
      // The job it held when it died (it always holds one while there are jobs left).
      const left = await db.query(`SELECT game_id FROM analysis_jobs WHERE state = 'running' AND claimed_by LIKE $1`, [mine]);
      if (left.rowCount !== 1) {
        const jobs = await db.query('SELECT state, attempts, claimed_by, last_error FROM analysis_jobs');
        throw new Error(`the killed copy held no job: ${JSON.stringify(jobs.rows)}\n${doomed.stderr()}`);
      }
      const held: string = left.rows[0].game_id;
      // Another copy takes over: the killed copy's job once its lease has run out, and the rest.
      survivor = await startServerProcess(env);

      // The survivor finishes everything, the killed copy's job included, after its lease.
      const doneBy = Date.now() + 120_000;
      let done = 0;
      while (done < GAMES && Date.now() < doneBy) {
        done = (await db.query(`SELECT count(*)::int AS n FROM analysis_jobs WHERE state = 'done'`)).rows[0].n;
        if (done < GAMES) await sleep(200);
      }
      expect(done).toBe(GAMES);
      const job = (await db.query('SELECT state, attempts, claimed_by FROM analysis_jobs WHERE game_id = $1', [held])).rows[0];
      expect(job.state).toBe('done');
      expect(job.attempts).toBe(2);
      expect(job.claimed_by).toMatch(new RegExp(`:${survivor.served.child.pid}:`));
      const analyses = await db.query('SELECT game_id FROM game_analyses ORDER BY game_id');
      expect(analyses.rows.map((r) => r.game_id)).toEqual([...gameIds].sort());
      expect((await db.query('SELECT count(*)::int AS n FROM analysis_player_games')).rows[0].n).toBe(2 * GAMES);
      for (const id of gameIds) {
        expect((await request(survivor.baseUrl).get(`/api/games/${id}/analysis`).expect(200)).body.status).toBe('ready');
      }
    } finally {
      if (doomed.child.exitCode === null && doomed.child.signalCode === null) doomed.child.kill('SIGKILL');
      await survivor?.stop();
    }
  }, 300_000);
});
