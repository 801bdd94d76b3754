import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { fromBoardString, legalMoves, parseSquare, playTurn, squareName, startPosition, toBoardString } from '../../src/engine/index.js';
import { startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp, TEST_ENV } from '../support/app.js';
import { exitWithin, sleep, startServerProcess } from '../support/server-process.js';

// No lost move under load or crash: a server process is killed with SIGKILL while clients are
// moving; every move it acknowledged is stored, no game is half-written, and play goes on.

interface Acked {
  gameId: string;
  ply: number;
  square: string;
}

describe('a server killed mid-load loses no acknowledged move', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('SIGKILL under load, restart: all acknowledged moves are there and every game replays', async () => {
    const env = { DATABASE_URL: t.db.url, JWT_SECRET: TEST_ENV.JWT_SECRET };
    const server = await startServerProcess(env);
    const pairs: { gameId: string; seat: Record<'black' | 'white', TestPlayer> }[] = [];
    for (let i = 0; i < 8; i++) {
      const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
      const { gameId } = await startRoomGame(t.http, a, b);
      pairs.push({ gameId, seat: { black: a, white: b } });
    }
    const acked: Acked[] = [];
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
    await sleep(1500);
    killed = true;
    server.served.child.kill('SIGKILL');
    await exitWithin(server.served, 10_000);
    await Promise.all(players);
    expect(acked.length).toBeGreaterThan(20); // the kill really came under load

    // Every acknowledged move is stored, at its ply.
    for (const a of acked) {
      const row = await t.db.query('SELECT square FROM moves WHERE game_id = $1 AND ply = $2', [a.gameId, a.ply]);
      expect(row.rows).toEqual([{ square: parseSquare(a.square) }]);
    }
    // No game is half-written: its move rows are plies 0..ply-1 and replay to its stored board.
    for (const { gameId } of pairs) {
      const game = (await t.db.query('SELECT board, to_move, ply, status FROM games WHERE id = $1', [gameId])).rows[0];
      const moves = (await t.db.query('SELECT ply, color, square, pass FROM moves WHERE game_id = $1 ORDER BY ply', [gameId])).rows;
      expect(moves.map((m) => m.ply)).toEqual([...Array(game.ply).keys()]);
      let position = startPosition();
      for (const m of moves.filter((x) => !x.pass)) {
        expect(m.color).toBe(position.toMove);
        position = playTurn(position, m.square).position;
      }
      expect(toBoardString(position)).toBe(game.board);
      if (game.status === 'active') expect(position.toMove).toBe(game.to_move);
    }

    // A new copy takes over and play goes on.
    const again = await startServerProcess(env);
    try {
      // The least advanced game (1.5 s of play is far from the 60 moves of a whole game).
      const least = (await t.db.query('SELECT id FROM games WHERE id = ANY($1) ORDER BY ply LIMIT 1', [pairs.map((p) => p.gameId)])).rows[0].id;
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
    } finally {
      await again.stop();
    }
  }, 180_000);
});
