import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { chooseCpuMove, fromBoardString, legalMoves, squareName } from '../../src/engine/index.js';
import { seededRng } from '../../src/engine/levels.js';
import { COMPUTER_PLAYER_ID } from '../../src/games/domain/computer.js';
import { guestPlayer, registerPlayer, TestPlayer } from '../factories/players.js';
import { openSse } from '../support/sse.js';
import { startTestApp, TestApp } from '../support/app.js';

/**
 * Playing the computer, against the real app on real PostgreSQL: a guest drives its seat through
 * the API, the computer answers off the request path with ordinary `move` events, and nothing is
 * ever rated. The strongest level thinks with a small budget here (COMPUTER_MOVE_MS) so that a
 * whole game stays short on a loaded machine; its strength is the same search.
 */
/** Small, so that the hourly cap is reached in a few requests; every other test starts fewer games per player. */
const PER_HOUR = 3;

describe('play the computer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ COMPUTER_GAMES_PER_HOUR: String(PER_HOUR), COMPUTER_MOVE_MS: '40', FIRST_MOVE_SECONDS: '120', CPU_TAKEOVER_SECONDS: '120' });
  });
  afterAll(async () => {
    await t.close();
  });

  const game = async (id: string) => (await request(t.http).get(`/api/games/${id}`).expect(200)).body;

  /** Waits until it is `color`'s turn or the game is over (the computer thinks in the background). */
  async function untilMyTurn(id: string, color: 'black' | 'white') {
    const started = Date.now();
    for (;;) {
      const g = await game(id);
      if (g.status !== 'active' || g.toMove === color) return g;
      if (Date.now() - started > 60_000) throw new Error(`the computer never answered at ply ${g.ply}`);
      await new Promise((r) => setTimeout(r, 15));
    }
  }

  /** Plays the whole game for `player` with `choose`; returns the finished game. */
  async function playOut(id: string, player: TestPlayer, color: 'black' | 'white', choose: (board: string) => string) {
    for (let i = 0; i < 80; i++) {
      const g = await untilMyTurn(id, color);
      if (g.status !== 'active') return g;
      await request(t.http).post(`/api/games/${id}/moves`).set(player.auth).send({ square: choose(g.board), ply: g.ply }).expect(201);
    }
    throw new Error('the game did not end');
  }

  it('a guest with the engine at full strength beats level 1; the computer answers with move events; nothing is rated', async () => {
    const guest = await guestPlayer(t.http);
    const created = await request(t.http).post('/api/computer/games').set(guest.auth).send({ level: 1, color: 'black' }).expect(201);
    const id = created.body.id;
    expect(created.body).toMatchObject({ rated: false, status: 'active', computer: { level: 1, color: 'white' }, clocks: null });
    expect(created.body.black.player.id).toBe(guest.id);
    expect(created.body.white.player.id).toBe(COMPUTER_PLAYER_ID);
    const stream = openSse(`${t.baseUrl}/api/games/${id}/events`);
    await stream.ready;
    const over = await playOut(id, guest, 'black', (board) => squareName(chooseCpuMove(fromBoardString(board, 'black'))));
    expect(over.status).toBe('finished');
    expect(over.result).toMatchObject({ winner: 'black', reason: 'board', ratingChanges: null, ratings: null });
    // The computer's moves came as the game's ordinary events, by the seat's own player, each with the game after it.
    await stream.waitFor((events) => events.some((e) => e.event === 'end'), 20_000);
    const computerMoves = stream.events.filter((e) => e.event === 'move' && e.data.color === 'white' && !e.data.pass);
    expect(computerMoves.length).toBeGreaterThan(5);
    for (const e of computerMoves) expect(e.data).toMatchObject({ by: 'player', game: { computer: { level: 1, color: 'white' } } });
    stream.close();
  });

  it('a player who plays at random loses to the strongest level, and their rating and the leaderboard do not move', async () => {
    const player = await registerPlayer(t.http);
    const created = await request(t.http).post('/api/computer/games').set(player.auth).send({ level: 8, color: 'white' }).expect(201);
    const id = created.body.id;
    expect(created.body.computer).toEqual({ level: 8, color: 'black' });
    const rng = seededRng(8);
    const over = await playOut(id, player, 'white', (board) => {
      const moves = legalMoves(fromBoardString(board, 'white'));
      return squareName(moves[Math.floor(rng() * moves.length)]);
    });
    expect(over.result).toMatchObject({ winner: 'black', ratingChanges: null });
    const me = (await request(t.http).get(`/api/players/${player.username}`).expect(200)).body;
    expect(me).toMatchObject({ rating: 1500, games: 0 });
    const board = (await request(t.http).get('/api/leaderboard?bots=true').expect(200)).body;
    expect(board.entries.map((e: { username: string }) => e.username)).not.toContain(created.body.black.player.username);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM rating_history WHERE game_id = $1', [id]);
    expect(rows[0].n).toBe(0);
  });

  it('with a clock, the computer plays Black at once and its clock runs like a player\'s', async () => {
    const guest = await guestPlayer(t.http);
    const created = await request(t.http).post('/api/computer/games').set(guest.auth).send({ level: 5, color: 'white', clock: '3+2' }).expect(201);
    expect(created.body.settings.clock).toMatchObject({ label: '3+2' });
    const g = await untilMyTurn(created.body.id, 'white');
    expect(g.ply).toBe(1);
    expect(g.clocks).toMatchObject({ black: 180_000, white: 180_000 });
  });

  it('bad input is a 400 that changes nothing; one game at a time', async () => {
    const guest = await guestPlayer(t.http);
    for (const bad of [{ level: 0 }, { level: 9 }, { level: 2.5 }, { level: '3' }, { color: 'red' }, { clock: '0+1' }, { clock: '5+3', turnSeconds: 30 }, { rated: true }]) {
      const res = await request(t.http).post('/api/computer/games').set(guest.auth).send(bad).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    await request(t.http).post('/api/computer/games').send({ level: 1 }).expect(401);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM games WHERE black_id = $1 OR white_id = $1', [guest.id]);
    expect(rows[0].n).toBe(0);
    const first = await request(t.http).post('/api/computer/games').set(guest.auth).send({ level: 3 }).expect(201);
    const again = await request(t.http).post('/api/computer/games').set(guest.auth).send({ level: 3 }).expect(409);
    expect(again.body).toMatchObject({ code: 'ALREADY_IN_GAME', details: { gameId: first.body.id } });
  });

  it('a player starts at most COMPUTER_GAMES_PER_HOUR games within an hour: one more is a 429 with Retry-After that writes nothing; others are not concerned', async () => {
    const guest = await guestPlayer(t.http);
    for (let i = 0; i < PER_HOUR; i++) {
      const g = await request(t.http).post('/api/computer/games').set(guest.auth).send({ level: 1, color: 'black' }).expect(201);
      await request(t.http).post(`/api/games/${g.body.id}/resign`).set(guest.auth).send({}).expect(200);
    }
    const count = async () =>
      (await t.db.query('SELECT count(*)::int AS n FROM games WHERE black_id = $1 OR white_id = $1', [guest.id])).rows[0].n as number;
    const refused = await request(t.http).post('/api/computer/games').set(guest.auth).set('Accept-Language', 'sw').send({ level: 1 }).expect(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', details: { limit: PER_HOUR, retryAfterSeconds: expect.any(Number) } });
    expect(refused.body.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.body.details.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(Number(refused.headers['retry-after'])).toBe(refused.body.details.retryAfterSeconds);
    expect(refused.body.message).toContain('kompyuta');
    expect(await count()).toBe(PER_HOUR);
    // Another player is not concerned.
    const other = await guestPlayer(t.http);
    await request(t.http).post('/api/computer/games').set(other.auth).send({ level: 1 }).expect(201);
    // Once the oldest game is more than an hour old, one more may start.
    await t.db.query(
      `UPDATE games SET created_at = created_at - interval '61 minutes'
        WHERE id = (SELECT id FROM games WHERE black_id = $1 OR white_id = $1 ORDER BY created_at LIMIT 1)`,
      [guest.id],
    );
    await request(t.http).post('/api/computer/games').set(guest.auth).send({ level: 1 }).expect(201);
    expect(await count()).toBe(PER_HOUR + 1);
  });
});
