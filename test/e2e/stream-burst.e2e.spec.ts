import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import { guestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';
import { openSse } from '../support/sse.js';
import { GamesRepository } from '../../src/games/games.repository.js';

const WATCHERS = 30;

describe('a burst of watchers of one game (one app copy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function roomGame() {
    const host = await guestPlayer(t.http);
    const guest = await guestPlayer(t.http);
    const room = (await request(t.http).post('/api/rooms').set(host.auth).send({}).expect(201)).body;
    const gameId: string = (await request(t.http).post(`/api/rooms/${room.code}/join`).set(guest.auth).send({}).expect(200)).body.gameId;
    return { gameId, host, guest };
  }

  it('all open together, and every one gets each move, once, with the game it carries', async () => {
    const { gameId, host } = await roomGame();
    const streams = Array.from({ length: WATCHERS }, () => openSse(`${t.baseUrl}/api/games/${gameId}/events`));
    expect(await Promise.all(streams.map((s) => s.ready))).toEqual(Array(WATCHERS).fill(200));
    // The host is black in a room game; the first read of each stream is out before the move.
    await new Promise((r) => setTimeout(r, 200));
    const moved = (await request(t.http).post(`/api/games/${gameId}/moves`).set(host.auth).send({ square: 'd3', ply: 0 }).expect(201)).body;
    for (const s of streams) await s.waitFor((e) => e.some((x) => x.event === 'move'), 30_000);
    for (const s of streams) {
      const moves = s.events.filter((e) => e.event === 'move');
      expect(moves.map((e) => e.id)).toEqual(['1']);
      expect(moves[0].data).toMatchObject({ ply: 0, square: 'd3', color: 'black', game: { id: gameId, ply: 1, board: moved.game.board } });
    }
    for (const s of streams) s.close();
  });

  it('a burst for a game that does not exist is 404 for each, in the error shape', async () => {
    const missing = '00000000-0000-4000-8000-000000000027';
    const answers = await Promise.all(Array.from({ length: 10 }, () => request(t.http).get(`/api/games/${missing}/events`)));
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(a.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
    // And the next one still reads the database (a failed check is not remembered).
    const { gameId } = await roomGame();
    const s = openSse(`${t.baseUrl}/api/games/${gameId}/events`);
    expect(await s.ready).toBe(200);
    s.close();
  });

  it('watchers who come one after another at the live ply open without a read of the game; one behind still gets what it missed', async () => {
    const { gameId, host, guest } = await roomGame();
    const first = openSse(`${t.baseUrl}/api/games/${gameId}/events`);
    expect(await first.ready).toBe(200);
    await request(t.http).post(`/api/games/${gameId}/moves`).set(host.auth).send({ square: 'd3', ply: 0 }).expect(201);
    await first.waitFor((e) => e.some((x) => x.event === 'move' && x.id === '1'), 30_000);

    const reads = jest.spyOn(t.app.get(GamesRepository, { strict: false }), 'loadWithRatings');
    try {
      const late = [];
      for (let i = 0; i < 10; i++) {
        const s = openSse(`${t.baseUrl}/api/games/${gameId}/events`, i % 2 === 0 ? {} : { 'Last-Event-ID': '1' });
        expect(await s.ready).toBe(200);
        late.push(s);
      }
      expect(reads).not.toHaveBeenCalled();
      const behind = openSse(`${t.baseUrl}/api/games/${gameId}/events`, { 'Last-Event-ID': '0' });
      expect(await behind.ready).toBe(200);
      expect(reads).toHaveBeenCalled();
      await behind.waitFor((e) => e.some((x) => x.event === 'move' && x.id === '1'), 30_000);

      const moved = (await request(t.http).post(`/api/games/${gameId}/moves`).set(guest.auth).send({ square: 'c3', ply: 1 }).expect(201)).body;
      for (const s of [first, behind, ...late]) await s.waitFor((e) => e.some((x) => x.event === 'move' && x.id === '2'), 30_000);
      for (const s of late) {
        const moves = s.events.filter((e) => e.event === 'move');
        expect(moves.map((e) => e.id)).toEqual(['2']);
        expect(moves[0].data).toMatchObject({ ply: 1, square: 'c3', game: { id: gameId, ply: 2, board: moved.game.board } });
      }
      expect(behind.events.filter((e) => e.event === 'move').map((e) => e.id)).toEqual(['1', '2']);
      expect(first.events.filter((e) => e.event === 'move').map((e) => e.id)).toEqual(['1', '2']);

      // A finished game: a stream that opens after the end reads it, and gets the end.
      await request(t.http).post(`/api/games/${gameId}/resign`).set(host.auth).send({}).expect(200);
      await first.ended;
      const after = openSse(`${t.baseUrl}/api/games/${gameId}/events`);
      expect(await after.ready).toBe(200);
      await after.ended;
      expect(after.events.map((e) => e.event)).toContain('end');
      for (const s of [first, behind, after, ...late]) s.close();
    } finally {
      reads.mockRestore();
    }
  });
});
