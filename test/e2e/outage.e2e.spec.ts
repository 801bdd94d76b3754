import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startRoomGame } from '../factories/games.js';
import { guestPlayer, registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';
import { createTestDatabase, TestDatabase } from '../support/database.js';
import { startTcpProxy, TcpProxy } from '../support/tcp-proxy.js';

// A database that cannot be reached is 503 SERVICE_UNAVAILABLE with Retry-After on every route,
// never 401 (the token is fine) nor 500, and the app serves again by itself once it is back. The
// app reaches PostgreSQL through a TCP proxy that the test cuts (the server itself is shared by
// every test file; test/e2e/db-restart.e2e.spec.ts stops a real one of its own).

function expectUnavailable(res: request.Response, what: string): void {
  expect({ what, status: res.status, body: res.body, retryAfter: res.headers['retry-after'] }).toEqual({
    what,
    status: 503,
    body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/database/i) },
    retryAfter: expect.stringMatching(/^[1-9]\d*$/),
  });
}

describe('the database cannot be reached', () => {
  let db: TestDatabase;
  let proxy: TcpProxy;
  let t: TestApp;
  let alice: TestPlayer;
  let bob: TestPlayer;
  let guest: TestPlayer;
  let gameId: string;
  let code: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const target = new URL(db.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port));
    t = await startTestApp({ DB_CONNECT_TIMEOUT_SECONDS: '2' }, { db: { ...db, url: proxy.urlThrough(db.url) } });
    alice = await registerPlayer(t.http);
    bob = await registerPlayer(t.http);
    guest = await guestPlayer(t.http);
    ({ gameId, code } = await startRoomGame(t.http, alice, bob));
  });
  afterAll(async () => {
    await proxy.restore();
    await t.close();
    await proxy.close();
    await db.drop();
  });

  it('answers 503 with Retry-After on every route, the authenticated ones included, and /health says down', async () => {
    await proxy.cut();
    const routes: [string, () => request.Test][] = [
      ['GET /api/players/me', () => request(t.http).get('/api/players/me').set(alice.auth)],
      ['GET /api/players/me (guest)', () => request(t.http).get('/api/players/me').set(guest.auth)],
      ['GET /api/players/:username', () => request(t.http).get(`/api/players/${alice.username}`)],
      ['GET /api/players/:username/games', () => request(t.http).get(`/api/players/${alice.username}/games`)],
      ['GET /api/players/:username/rating-history', () => request(t.http).get(`/api/players/${alice.username}/rating-history`)],
      ['POST /api/auth/register', () => request(t.http).post('/api/auth/register').send({ username: 'newcomer_1', password: 'password123' })],
      ['POST /api/auth/login', () => request(t.http).post('/api/auth/login').send({ username: alice.username, password: 'password123' })],
      ['POST /api/auth/guest', () => request(t.http).post('/api/auth/guest').send({})],
      ['POST /api/rooms', () => request(t.http).post('/api/rooms').set(guest.auth).send({})],
      ['GET /api/rooms/:code', () => request(t.http).get(`/api/rooms/${code}`)],
      ['POST /api/rooms/:code/join', () => request(t.http).post(`/api/rooms/${code}/join`).set(guest.auth).send({})],
      ['POST /api/queue', () => request(t.http).post('/api/queue').set(guest.auth).send({ mode: 'unranked' })],
      ['GET /api/queue', () => request(t.http).get('/api/queue').set(guest.auth)],
      ['DELETE /api/queue', () => request(t.http).delete('/api/queue').set(guest.auth)],
      ['GET /api/games/:id', () => request(t.http).get(`/api/games/${gameId}`)],
      ['GET /api/games/:id (seated)', () => request(t.http).get(`/api/games/${gameId}`).set(alice.auth)],
      ['POST /api/games/:id/moves', () => request(t.http).post(`/api/games/${gameId}/moves`).set(alice.auth).send({ square: 'd3', ply: 0 })],
      ['POST /api/games/:id/resign', () => request(t.http).post(`/api/games/${gameId}/resign`).set(bob.auth).send({})],
      ['POST /api/games/:id/seat', () => request(t.http).post(`/api/games/${gameId}/seat`).set(alice.auth).send({})],
      ['GET /api/games/:id/moves', () => request(t.http).get(`/api/games/${gameId}/moves`)],
      ['GET /api/games/:id/transcript', () => request(t.http).get(`/api/games/${gameId}/transcript`)],
      ['GET /api/games/:id/events', () => request(t.http).get(`/api/games/${gameId}/events`)],
      ['GET /api/me/events', () => request(t.http).get('/api/me/events').set(guest.auth)],
      ['GET /api/leaderboard', () => request(t.http).get('/api/leaderboard')],
    ];
    for (const [what, send] of routes) expectUnavailable(await send(), what);
    // The HTML pages answer the same 503 and Retry-After, as a styled page with a retry (not JSON).
    for (const path of ['/', `/players/${alice.username}`]) {
      const page = await request(t.http).get(path);
      expect({ path, status: page.status, type: page.headers['content-type'], retryAfter: page.headers['retry-after'] }).toEqual({
        path,
        status: 503,
        type: expect.stringMatching(/^text\/html/),
        retryAfter: expect.stringMatching(/^[1-9]\d*$/),
      });
      expect(page.text).toMatch(/try again|retry/i);
    }

    const health = await request(t.http).get('/health');
    expect([health.status, health.body]).toEqual([503, { status: 'error', db: 'down' }]);
    // The browser client's shell needs no database.
    await request(t.http).get('/play').expect(200);
  });

  it('requests in flight when the database goes away are 503 too, not 500', async () => {
    await proxy.restore();
    await request(t.http).get('/api/players/me').set(alice.auth).expect(200);
    proxy.stall(); // the queries reach the proxy and hang there …
    const inFlight = [
      request(t.http).get('/api/players/me').set(alice.auth),
      request(t.http).post(`/api/games/${gameId}/moves`).set(alice.auth).send({ square: 'd3', ply: 0 }),
      request(t.http).get(`/api/games/${gameId}`).set(bob.auth),
      request(t.http).post('/api/rooms').set(guest.auth).send({}),
    ].map((r) => r.then((res) => res)); // start them now
    await new Promise((r) => setTimeout(r, 300));
    await proxy.cut(); // … until the connections drop
    const answers = await Promise.all(inFlight);
    answers.forEach((res, i) => expectUnavailable(res, `in-flight request ${i}`));
  });

  it('serves again by itself once the database is back, with the same tokens', async () => {
    await proxy.restore();
    // The pool opens new connections on demand: the first request after the outage succeeds.
    await request(t.http).get('/health').expect(200, { status: 'ok', db: 'up' });
    const me = await request(t.http).get('/api/players/me').set(guest.auth).expect(200);
    expect(me.body.id).toBe(guest.id);
    const game = (await request(t.http).get(`/api/games/${gameId}`).set(alice.auth).expect(200)).body;
    const moved = await request(t.http)
      .post(`/api/games/${gameId}/moves`)
      .set(alice.auth)
      .send({ square: game.legalMoves[0], ply: game.ply })
      .expect(201);
    expect(moved.body.move.ply).toBe(game.ply);
  });
});
