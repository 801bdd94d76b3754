import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startRoomGame } from '../factories/games.js';
import { guestPlayer, registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';
import { startServerProcess } from '../support/server-process.js';
import { openSse } from '../support/sse.js';

// Unbounded resources: open event streams are capped per player and per client address, and the
// rooms a player opens are capped per hour (counted in the database: the cap holds across copies).

const PER_PLAYER = 3;
const PER_ADDRESS = 5;
const ROOMS_PER_HOUR = 3;

function expectRateLimited(res: request.Response, message: RegExp): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 429,
    body: { statusCode: 429, code: 'RATE_LIMITED', message: expect.stringMatching(message), details: expect.any(Object) },
  });
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
}

/** Waits until the server has counted a closed stream out: the next one opens. */
async function openEventually(t: TestApp, path: string, auth: Record<string, string> = {}) {
  for (let i = 0; i < 100; i++) {
    const stream = openSse(`${t.baseUrl}${path}`, auth);
    if ((await stream.ready) === 200) return stream;
    stream.close();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${path} never opened again`);
}

describe('caps on open event streams and on rooms', () => {
  let t: TestApp;
  let alice: TestPlayer;
  let bob: TestPlayer;
  let gameId: string;
  beforeAll(async () => {
    t = await startTestApp({
      SSE_STREAMS_PER_PLAYER: String(PER_PLAYER),
      SSE_STREAMS_PER_ADDRESS: String(PER_ADDRESS),
      ROOMS_PER_HOUR: String(ROOMS_PER_HOUR),
    });
    alice = await registerPlayer(t.http);
    bob = await registerPlayer(t.http);
    ({ gameId } = await startRoomGame(t.http, alice, bob));
  });
  afterAll(async () => {
    await t.close();
  });

  it('a player gets at most SSE_STREAMS_PER_PLAYER open streams, game and own streams together', async () => {
    const open = [
      openSse(`${t.baseUrl}/api/me/events`, alice.auth),
      openSse(`${t.baseUrl}/api/me/events`, alice.auth),
      openSse(`${t.baseUrl}/api/games/${gameId}/events`, alice.auth),
    ];
    try {
      for (const s of open) expect(await s.ready).toBe(200);
      expectRateLimited(await request(t.http).get('/api/me/events').set(alice.auth), /event streams open.*close one/);
      expectRateLimited(await request(t.http).get(`/api/games/${gameId}/events`).set(alice.auth), /event streams open/);
      // Another player is not concerned …
      const other = openSse(`${t.baseUrl}/api/me/events`, bob.auth);
      expect(await other.ready).toBe(200);
      other.close();
      // … and closing one of Alice's streams makes room for a new one.
      open.shift()!.close();
      open.push(await openEventually(t, '/api/me/events', alice.auth));
    } finally {
      for (const s of open) s.close();
    }
  });

  it('an address gets at most SSE_STREAMS_PER_ADDRESS open streams, anonymous or not', async () => {
    // The previous test's streams must be counted out first.
    const probe = await openEventually(t, `/api/games/${gameId}/events`);
    const open = [probe];
    try {
      for (let i = 1; i < PER_ADDRESS; i++) {
        const s = openSse(`${t.baseUrl}/api/games/${gameId}/events`);
        open.push(s);
        expect(await s.ready).toBe(200);
      }
      expectRateLimited(await request(t.http).get(`/api/games/${gameId}/events`), /from your address/);
      expectRateLimited(await request(t.http).get('/api/me/events').set(bob.auth), /from your address/);
      open.shift()!.close();
      open.push(await openEventually(t, `/api/games/${gameId}/events`));
    } finally {
      for (const s of open) s.close();
    }
  });

  it('a player opens at most ROOMS_PER_HOUR rooms within an hour; others are not concerned', async () => {
    const host = await guestPlayer(t.http);
    for (let i = 0; i < ROOMS_PER_HOUR; i++) await request(t.http).post('/api/rooms').set(host.auth).send({}).expect(201);
    const refused = await request(t.http).post('/api/rooms').set(host.auth).send({});
    expectRateLimited(refused, /opened 3 rooms within the last hour.*try again in \d+ minutes?/);
    expect(refused.body.details).toEqual({ limit: ROOMS_PER_HOUR, retryAfterSeconds: expect.any(Number) });
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Nothing was created by the refused request.
    expect((await t.db.query('SELECT count(*)::int AS n FROM rooms WHERE host_id = $1', [host.id])).rows[0].n).toBe(ROOMS_PER_HOUR);
    const someoneElse = await guestPlayer(t.http);
    await request(t.http).post('/api/rooms').set(someoneElse.auth).send({}).expect(201);
    // Rooms older than an hour no longer count.
    await t.db.query(`UPDATE rooms SET created_at = created_at - interval '61 minutes' WHERE host_id = $1`, [host.id]);
    await request(t.http).post('/api/rooms').set(host.auth).send({}).expect(201);
  });

  it('concurrent room requests cannot overshoot the cap', async () => {
    const host = await guestPlayer(t.http);
    const answers = await Promise.all(Array.from({ length: 8 }, () => request(t.http).post('/api/rooms').set(host.auth).send({})));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
  });

  it('the room cap holds across app copies (two processes on one database)', async () => {
    const other = await startServerProcess({ DATABASE_URL: t.db.url, JWT_SECRET: t.config.jwtSecret, ROOMS_PER_HOUR: String(ROOMS_PER_HOUR) });
    try {
      const host: TestPlayer = await guestPlayer(t.http);
      await request(t.http).post('/api/rooms').set(host.auth).send({}).expect(201);
      await request(other.baseUrl).post('/api/rooms').set(host.auth).send({}).expect(201);
      await request(t.http).post('/api/rooms').set(host.auth).send({}).expect(201);
      expectRateLimited(await request(other.baseUrl).post('/api/rooms').set(host.auth).send({}), /rooms within the last hour/);
    } finally {
      await other.stop();
    }
  }, 180_000);
});
