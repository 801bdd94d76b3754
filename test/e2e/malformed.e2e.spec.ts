import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

// No request, however malformed, gets a 5xx; every error has the API's shape.

const BODIES: unknown[] = [
  null,
  [],
  [{}],
  'a string',
  12345,
  true,
  { square: null, ply: null },
  { square: { $gt: '' }, ply: { $ne: 0 } },
  { square: "a1'; DROP TABLE games; --", ply: 0 },
  { square: 'd3', ply: 1e308 },
  { square: 'd3', ply: 'NaN' },
  { username: 'x'.repeat(5000), password: 'y'.repeat(5000) },
  { username: 'ünïcødé', password: '\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000' },
  { mode: ['ranked'], turnSeconds: [30] },
  { rated: 'true', turnSeconds: '30', showLegalMoves: 1, swapColors: 'no' },
  { __proto__: { admin: true }, constructor: { prototype: { x: 1 } } },
  { a: { b: { c: { d: { e: { f: { g: {} } } } } } } },
];

const PARAMS = ['%00', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(2000), '%F0%9F%98%80', "1'%20OR%20'1'='1", '-1', '0', '00000000-0000-0000-0000-000000000000', '%E0%A4%A'];

describe('malformed requests never get a 5xx', () => {
  let t: TestApp;
  let alice: TestPlayer;
  let bob: TestPlayer;
  let gameId: string;
  let code: string;
  beforeAll(async () => {
    // The game stays as it was however long the suite takes (a first move never made would abort it).
    t = await startTestApp({ FIRST_MOVE_SECONDS: '3600' });
    alice = await registerPlayer(t.http);
    bob = await registerPlayer(t.http);
    ({ gameId, code } = await startRoomGame(t.http, alice, bob));
  });
  afterAll(async () => {
    await t.close();
  });

  function routes(id: string, room: string, name: string): [string, string][] {
    return [
      ['post', '/api/auth/register'],
      ['post', '/api/auth/login'],
      ['post', '/api/auth/guest'],
      ['get', `/api/players/${name}`],
      ['get', `/api/players/${name}/games?limit=${name}&before=${name}`],
      ['get', `/api/players/${name}/rating-history`],
      ['post', '/api/queue'],
      ['get', '/api/queue'],
      ['delete', '/api/queue'],
      ['post', '/api/rooms'],
      ['post', '/api/computer/games'],
      ['get', `/api/rooms/${room}`],
      ['post', `/api/rooms/${room}/join`],
      ['patch', `/api/rooms/${room}`],
      ['post', `/api/rooms/${room}/rematch`],
      ['delete', `/api/rooms/${room}/rematch`],
      ['get', `/api/games/${id}`],
      ['post', `/api/games/${id}/moves`],
      ['post', `/api/games/${id}/resign`],
      ['get', `/api/games/${id}/moves`],
      ['get', `/api/games/${id}/transcript`],
      ['get', `/api/leaderboard?limit=${name}&offset=${name}`],
      ['get', `/players/${name}`],
      ['get', `/leaderboard?limit=${name}&offset=${name}`],
    ];
  }

  async function check(res: request.Response, label: string) {
    if (res.status >= 500) throw new Error(`${label} → ${res.status} ${res.text.slice(0, 300)}`);
    if (res.status >= 400 && res.type === 'application/json') {
      expect(res.body).toMatchObject({ statusCode: res.status, code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
    }
  }

  it('bad bodies on every route, with and without a token', async () => {
    for (const [method, path] of routes(gameId, code, alice.username)) {
      if (method === 'get' || method === 'delete') continue;
      for (const auth of [alice.auth, {}]) {
        const responses = await Promise.all(
          BODIES.map((body) => (request(t.http) as any)[method](path).set(auth).set('Content-Type', 'application/json').send(JSON.stringify(body))),
        );
        for (const [i, res] of responses.entries()) await check(res, `${method.toUpperCase()} ${path} ${JSON.stringify(BODIES[i])?.slice(0, 60)}`);
      }
    }
  }, 180_000);

  it('bad path and query parameters on every route', async () => {
    for (const param of PARAMS) {
      const list = routes(param, param, param);
      const responses = await Promise.all(list.map(([method, path]) => (request(t.http) as any)[method](path).set(alice.auth).send({})));
      for (const [i, res] of responses.entries()) await check(res, `${list[i][0].toUpperCase()} ${list[i][1].slice(0, 80)}`);
    }
  }, 120_000);

  it('repeated and nested query parameters', async () => {
    const urls = [
      '/api/leaderboard?limit=1&limit=2',
      '/api/leaderboard?offset[a]=1',
      '/api/leaderboard?offset[]=1',
      `/api/players/${alice.username}/games?limit[a]=1&before[]=x`,
      '/leaderboard?limit=1&limit=2&offset[a]=1',
      `/players/${alice.username}?x[y]=1`,
    ];
    for (const url of urls) await check(await request(t.http).get(url), `GET ${url}`);
  });

  it('odd content types, encodings and headers', async () => {
    const cases: [string, string | Buffer][] = [
      ['application/json; charset=utf-16', '{"username":"abc","password":"12345678"}'],
      ['application/json; charset=koi8-r', '{}'],
      ['text/plain', 'hello'],
      ['application/x-www-form-urlencoded', 'username=abc&password=12345678'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
      ['application/json', Buffer.from([0xff, 0xfe, 0x00, 0x7b])],
      ['application/json', '{"a":1}{"b":2}'],
      ['application/json; charset=utf-8', '\u0000{}'],
    ];
    for (const [type, body] of cases) {
      const res = await request(t.http).post('/api/auth/register').set('Content-Type', type).send(body);
      await check(res, `register with ${type}`);
    }
    for (const auth of ['Bearer ' + 'x'.repeat(10_000), 'Bearer a.b.c', 'Bearer ....', 'Bearer eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.x']) {
      await check(await request(t.http).get('/api/players/me').set('Authorization', auth), `auth ${auth.slice(0, 30)}`);
    }
  });

  it('array bodies are not objects: 400, and nothing happens', async () => {
    for (const body of ['[]', '[{}]', '[{"square":"d3","ply":0}]']) {
      const res = await request(t.http).post(`/api/games/${gameId}/resign`).set(alice.auth).set('Content-Type', 'application/json').send(body).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('nothing above changed the game', async () => {
    const game = await request(t.http).get(`/api/games/${gameId}`).expect(200);
    expect(game.body).toMatchObject({ ply: 0, status: 'active' });
  });
});
