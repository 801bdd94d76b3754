import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { chooseOpponent, colorsFor } from '../../src/matchmaking/domain/pairing.js';
import { MatchmakingService } from '../../src/matchmaking/matchmaking.service.js';
import { guestPlayer, registerPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';
import { openSse } from '../support/sse.js';

describe('pairing rule (pure)', () => {
  const at = (s: number) => new Date(1_000_000 + s * 1000);
  const me = { id: 'm', playerId: 'pm', rating: 1600, joinedAt: at(9) };
  const waiting = [
    { id: 'a', playerId: 'pa', rating: 1200, joinedAt: at(1) },
    { id: 'b', playerId: 'pb', rating: 1650, joinedAt: at(2) },
    { id: 'c', playerId: 'pc', rating: 1550, joinedAt: at(3) },
  ];
  it('unranked pairs with the longest waiting', () => {
    expect(chooseOpponent(me, waiting, false)?.id).toBe('a');
  });
  it('ranked pairs with the closest rating, ties by waiting time', () => {
    expect(chooseOpponent(me, waiting, true)?.id).toBe('b');
  });
  it('never pairs a player with themselves, and may find nobody', () => {
    expect(chooseOpponent(me, [{ ...me, id: 'x' }], false)).toBeNull();
  });
  it('the longer waiting player plays Black', () => {
    expect(colorsFor(me, waiting[0])).toEqual({ blackId: 'pa', whiteId: 'pm' });
  });
});

describe('match queues over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Ranked waves run when the test calls them (QUEUE_WAVE_MS=0).
    t = await startTestApp({ QUEUE_WAVE_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('pairs two players of the same mode and clock (a pool each), and tells both', async () => {
    const a = await registerPlayer(t.http);
    const b = await registerPlayer(t.http);
    const stream = openSse(`${t.baseUrl}/api/me/events`, a.auth);
    expect(await stream.ready).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    const first = await request(t.http).post('/api/queue').set(a.auth).send({ mode: 'ranked', clock: '1+2' }).expect(201);
    expect(first.body).toMatchObject({ mode: 'ranked', turnSeconds: null, clock: '1+2', state: 'waiting', gameId: null });
    expect((await request(t.http).get('/api/queue').set(a.auth).expect(200)).body.id).toBe(first.body.id);
    expect((await request(t.http).post('/api/queue').set(a.auth).send({ mode: 'ranked', clock: '1+2' }).expect(409)).body.code).toBe('ALREADY_QUEUED');
    // Another clock is another pool: no match.
    const c = await registerPlayer(t.http);
    const other = await request(t.http).post('/api/queue').set(c.auth).send({ mode: 'ranked', clock: '3+2' }).expect(201);
    expect(other.body.state).toBe('waiting');
    const second = await request(t.http).post('/api/queue').set(b.auth).send({ mode: 'ranked', clock: '1+2' }).expect(201);
    expect(second.body.state).toBe('waiting'); // ranked pairs in waves
    const wave = await t.app.get(MatchmakingService).runWave();
    expect(wave.games).toHaveLength(1);
    const gameId = wave.games[0].gameId;
    expect((await request(t.http).get('/api/queue').set(b.auth).expect(200)).body).toMatchObject({ id: second.body.id, state: 'matched', gameId });
    const game = await request(t.http).get(`/api/games/${gameId}`).expect(200);
    expect(game.body).toMatchObject({ roomCode: null, rated: true, settings: { turnSeconds: null, clock: { baseSeconds: 60, incrementSeconds: 2, label: '1+2' } } });
    expect(game.body.clocks).toMatchObject({ black: 60_000, white: 60_000 });
    expect([game.body.black.player.id, game.body.white.player.id].sort()).toEqual([a.id, b.id].sort());
    const events = await stream.waitFor((e) => e.some((x) => x.event === 'matched'));
    expect(events.find((e) => e.event === 'matched')!.data).toMatchObject({ id: first.body.id, state: 'matched', gameId });
    stream.close();
    expect((await request(t.http).get('/api/queue').set(a.auth).expect(200)).body).toMatchObject({ state: 'matched', gameId });
    expect((await request(t.http).post('/api/queue').set(a.auth).send({ mode: 'unranked' }).expect(409)).body.code).toBe('ALREADY_IN_GAME');
    await request(t.http).delete('/api/queue').set(c.auth).expect(204);
    await request(t.http).delete('/api/queue').set(c.auth).expect(204);
    expect((await request(t.http).get('/api/queue').set(c.auth).expect(404)).body.code).toBe('NOT_FOUND');
  });

  it('guests queue unranked only; bad input is 400; auth is required', async () => {
    const g = await guestPlayer(t.http);
    expect((await request(t.http).post('/api/queue').set(g.auth).send({ mode: 'ranked' }).expect(403)).body.code).toBe('GUEST_NOT_ALLOWED');
    await request(t.http).post('/api/queue').set(g.auth).send({ mode: 'unranked' }).expect(201);
    await request(t.http).delete('/api/queue').set(g.auth).expect(204);
    for (const body of [{}, { mode: 'blitz' }, { mode: 'unranked', turnSeconds: 45 }, { mode: 'unranked', x: 1 }]) {
      expect((await request(t.http).post('/api/queue').set(g.auth).send(body).expect(400)).body.code).toBe('VALIDATION_FAILED');
    }
    await request(t.http).get('/api/queue').expect(401);
  });

  it('many players joining at once are paired exactly once each', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => registerPlayer(t.http)));
    const res = await Promise.all(players.map((p) => request(t.http).post('/api/queue').set(p.auth).send({ mode: 'unranked', turnSeconds: 60 })));
    expect(res.every((r) => r.status === 201)).toBe(true);
    const tickets = await t.db.query(
      `SELECT game_id, count(*)::int AS n FROM queue_tickets WHERE player_id = ANY($1) GROUP BY game_id`,
      [players.map((p) => p.id)],
    );
    expect(tickets.rows.every((r) => r.game_id !== null && r.n === 2)).toBe(true);
    expect(tickets.rows).toHaveLength(5);
  });
});
