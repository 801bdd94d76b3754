import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import request from 'supertest';
import { fromBoardString, legalMoves, squareName } from '../../src/engine/index.js';
import { startRoomGame } from '../factories/games.js';
import { registerPlayer } from '../factories/players.js';
import { TEST_ENV } from '../support/app.js';
import { createTestDatabase, TestDatabase } from '../support/database.js';
import { sleep, startServerProcess } from '../support/server-process.js';

// The analysis of finished games, and the computer opponent's searches, run where the kernel always
// prefers the other games' moves: their worker threads of a real `outflank serve` process (compiled,
// with piscina's threads) are at nice 19, the lowest CPU priority, and nothing else of the process is.

/** The nice value of each thread of a process (Linux: /proc/<pid>/task/<tid>/stat, field 19). */
function niceByThread(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state is field 3, nice field 19.
      out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

describe('analysis at the lowest CPU priority', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  // Linux only, like the thread priorities it reads (the project's servers and CI are Debian).
  it("the analysis thread of a serving copy runs at nice 19; its main thread and the others keep the process's priority", async () => {
    const server = await startServerProcess({
      DATABASE_URL: db.url,
      JWT_SECRET: TEST_ENV.JWT_SECRET,
      AUTH_RATE_LIMIT: TEST_ENV.AUTH_RATE_LIMIT,
      ANALYSIS_WORKERS: '1',
      ANALYSIS_POLL_MS: '200',
      // About the priority, not the yielding (test/e2e/analysis.e2e.spec.ts tests that).
      ANALYSIS_YIELD_ABOVE: '1',
    });
    try {
      const pid = server.served.child.pid!;
      const before = niceByThread(pid);
      const base = before.get(pid)!; // 0, or what the test run itself was started with (nice npm test)
      expect(base).toBeLessThan(19);
      expect([...before.values()].every((n) => n === base)).toBe(true);

      const [a, b] = [await registerPlayer(server.baseUrl), await registerPlayer(server.baseUrl)];
      const { gameId } = await startRoomGame(server.baseUrl, a, b);
      let game = (await request(server.baseUrl).get(`/api/games/${gameId}`).expect(200)).body;
      while (game.status === 'active') {
        const moves = legalMoves(fromBoardString(game.board, game.toMove));
        const p = game.toMove === 'black' ? a : b;
        game = (await request(server.baseUrl).post(`/api/games/${gameId}/moves`).set(p.auth).send({ square: squareName(moves[0]), ply: game.ply }).expect(201)).body.game;
      }
      const by = Date.now() + 60_000;
      let state = '';
      while (state !== 'done' && Date.now() < by) {
        state = (await db.query(`SELECT state FROM analysis_jobs WHERE game_id = $1`, [gameId])).rows[0]?.state ?? '';
        if (state !== 'done') await sleep(200);
      }
      expect(state).toBe('done');

      // The analysis pool's one thread (kept for a minute after its job) is the only one lowered.
      const after = niceByThread(pid);
      expect(after.get(pid)).toBe(base);
      const lowered = [...after].filter(([, nice]) => nice !== base);
      expect(lowered).toEqual([[expect.any(Number), 19]]);
      expect(lowered[0][0]).not.toBe(pid);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("the computer opponent's search thread runs at nice 19 and still moves; the main thread keeps the process's priority", async () => {
    const server = await startServerProcess({
      DATABASE_URL: db.url,
      JWT_SECRET: TEST_ENV.JWT_SECRET,
      AUTH_RATE_LIMIT: TEST_ENV.AUTH_RATE_LIMIT,
      ANALYSIS_WORKERS: '0',
      COMPUTER_WORKERS: '1',
      COMPUTER_MOVE_MS: '200',
    });
    try {
      const pid = server.served.child.pid!;
      const before = niceByThread(pid);
      const base = before.get(pid)!;
      expect(base).toBeLessThan(19);
      expect([...before.values()].every((n) => n === base)).toBe(true);
      const player = await registerPlayer(server.baseUrl);
      // The player takes white: the computer (black) moves first, on its own thread.
      const created = await request(server.baseUrl).post('/api/computer/games').set(player.auth).send({ level: 8, color: 'white' }).expect(201);
      const by = Date.now() + 60_000;
      let game = created.body;
      while (game.ply === 0 && Date.now() < by) {
        await sleep(100);
        game = (await request(server.baseUrl).get(`/api/games/${created.body.id}`).expect(200)).body;
      }
      expect(game).toMatchObject({ ply: 1, toMove: 'white' });

      const after = niceByThread(pid);
      expect(after.get(pid)).toBe(base);
      const lowered = [...after].filter(([, nice]) => nice !== base);
      expect(lowered).toEqual([[expect.any(Number), 19]]);
      expect(lowered[0][0]).not.toBe(pid);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
