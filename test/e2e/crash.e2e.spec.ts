import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { fromBoardString, legalMoves, squareName } from '../../src/engine/index.js';
import { startRoomGame } from '../factories/games.js';
import { guestPlayer, registerPlayer, TestPlayer } from '../factories/players.js';
import { TEST_ENV } from '../support/app.js';
import { createTestDatabase, TestDatabase } from '../support/database.js';
import { AckedMove, expectStoredGamesConsistent } from '../support/game-replay.js';
import { exitWithin, sleep, startServerProcess } from '../support/server-process.js';

// No lost move under load or crash: a server process is killed with SIGKILL while clients are
// moving; every move it acknowledged is stored, no game is half-written, and play goes on. A turn
// deadline pending at the kill fires after the restart. Only `outflank serve` processes run on
// the database (an in-process app would run a deadline sweeper of its own).

const TIMED_DEADLINE_SECONDS = 12;

describe('a server killed mid-load loses no acknowledged move', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('SIGKILL under load, restart: all acknowledged moves are there, every game replays, a pending deadline fires', async () => {
    const env = { DATABASE_URL: db.url, JWT_SECRET: TEST_ENV.JWT_SECRET, AUTH_RATE_LIMIT: TEST_ENV.AUTH_RATE_LIMIT };
    const server = await startServerProcess(env);
    const pairs: { gameId: string; seat: Record<'black' | 'white', TestPlayer> }[] = [];
    for (let i = 0; i < 8; i++) {
      const [a, b] = [await registerPlayer(server.baseUrl), await registerPlayer(server.baseUrl)];
      const { gameId } = await startRoomGame(server.baseUrl, a, b);
      pairs.push({ gameId, seat: { black: a, white: b } });
    }

    // A 30-s game where both have made their first move (a first move that never comes aborts
    // the game; a later one gets the CPU) and Black has moved again: White's turn deadline is pending. Its clock is put at
    // TIMED_DEADLINE_SECONDS from now (as if the rest of the 30 s had run out), so that it falls
    // due after the kill, and after the new process has started, without a 30-s wait.
    const [timedBlack, timedWhite] = [await guestPlayer(server.baseUrl), await guestPlayer(server.baseUrl)];
    const timed = await startRoomGame(server.baseUrl, timedBlack, timedWhite, { turnSeconds: 30 });
    let timedGame = (await request(server.baseUrl).get(`/api/games/${timed.gameId}`).expect(200)).body;
    for (const p of [timedBlack, timedWhite, timedBlack]) {
      timedGame = (
        await request(server.baseUrl).post(`/api/games/${timed.gameId}/moves`).set(p.auth).send({ square: timedGame.legalMoves[0], ply: timedGame.ply }).expect(201)
      ).body.game;
    }
    const due = await db.query(
      `UPDATE games SET turn_deadline = now() + make_interval(secs => $2), takeover_at = now() + make_interval(secs => $2)
       WHERE id = $1 AND to_move = 'white' AND ply = 3 AND turn_seconds = 30 RETURNING takeover_at`,
      [timed.gameId, TIMED_DEADLINE_SECONDS],
    );
    expect(due.rowCount).toBe(1);
    const deadline = (due.rows[0].takeover_at as Date).getTime();

    const acked: AckedMove[] = [];
    let killed = false;
    const play = async ({ gameId, seat }: (typeof pairs)[number]) => {
      let game = (await request(server.baseUrl).get(`/api/games/${gameId}`).expect(200)).body;
      while (!killed && game.status === 'active') {
        const square = game.legalMoves[Math.floor(Math.random() * game.legalMoves.length)];
        const res = await fetch(`${server.baseUrl}/api/games/${gameId}/moves`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: seat[game.toMove as 'black' | 'white'].auth.Authorization },
          body: JSON.stringify({ square, ply: game.ply }),
        }).catch(() => null); // the server is gone
        if (!res) return;
        const body = (await res.json().catch(() => null)) as { move: { ply: number; square: string }; game: typeof game } | null;
        if (res.status !== 201 || !body) return;
        acked.push({ gameId, ply: body.move.ply, square: body.move.square });
        game = body.game;
      }
    };
    const players = pairs.map(play);
    // Kill once a load has built (a count, not a fixed sleep: a busy machine plays slower).
    const loadBy = Date.now() + 20_000;
    while (acked.length <= 20 && Date.now() < loadBy) await sleep(20);
    killed = true;
    server.served.child.kill('SIGKILL');
    await exitWithin(server.served, 10_000);
    await Promise.all(players);
    expect(acked.length).toBeGreaterThan(20); // the kill really came under load

    await expectStoredGamesConsistent(db.query, acked, pairs.map((p) => p.gameId));
    // Nothing fired the timed game's deadline before the kill.
    expect((await db.query('SELECT ply, white_stand_in FROM games WHERE id = $1', [timed.gameId])).rows[0]).toEqual({ ply: 3, white_stand_in: false });

    // A new copy takes over and play goes on.
    const again = await startServerProcess(env);
    try {
      // The least advanced game still in play.
      const least = (await db.query(`SELECT id FROM games WHERE id = ANY($1) AND status = 'active' ORDER BY ply LIMIT 1`, [pairs.map((p) => p.gameId)])).rows[0].id;
      const { gameId, seat } = pairs.find((p) => p.gameId === least)!;
      const game = (await request(again.baseUrl).get(`/api/games/${gameId}`).expect(200)).body;
      expect(game.status).toBe('active');
      const position = fromBoardString(game.board, game.toMove);
      const res = await request(again.baseUrl)
        .post(`/api/games/${gameId}/moves`)
        .set(seat[game.toMove as 'black' | 'white'].auth)
        .send({ square: squareName(legalMoves(position)[0]), ply: game.ply })
        .expect(201);
      expect(res.body.move.ply).toBe(game.ply);

      // The timed game's deadline, pending at the kill, fires in the new process: the CPU stands
      // in for White and plays White's move (and nothing fired it early).
      let after = (await request(again.baseUrl).get(`/api/games/${timed.gameId}`).expect(200)).body;
      // Read before the deadline (usual: the restart takes a few seconds): not fired yet.
      if ((await db.query('SELECT now() < $1::timestamptz AS before', [new Date(deadline)])).rows[0].before) expect(after.ply).toBe(3);
      for (let i = 0; i < 200 && after.ply === 3; i++) {
        await sleep(100);
        after = (await request(again.baseUrl).get(`/api/games/${timed.gameId}`).expect(200)).body;
      }
      expect(after.white.standIn).toBe(true);
      const moves = (await request(again.baseUrl).get(`/api/games/${timed.gameId}/moves`).expect(200)).body.moves;
      expect(moves[3]).toMatchObject({ ply: 3, color: 'white', by: 'cpu', pass: false });
      expect(Date.parse(moves[3].at)).toBeGreaterThanOrEqual(deadline - 1000); // not before its time (clock slack)
    } finally {
      await again.stop();
    }
  }, 180_000);
});
