import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

// Issue #11: what a plain-HTTP deployment, a hostile client or a proxy in front may send.

describe('TLS-only headers follow TLS_BEHIND_PROXY', () => {
  let plain: TestApp;
  let tls: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
    tls = await startTestApp({ TLS_BEHIND_PROXY: 'true' }, { db: plain.db });
  });
  afterAll(async () => {
    await tls?.close();
    await plain?.close();
  });

  it('a plain-HTTP server (the default) sends no HSTS and no upgrade-insecure-requests', async () => {
    for (const path of ['/play', '/', '/api/leaderboard', '/health']) {
      const res = await request(plain.http).get(path);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy'] ?? '').not.toMatch(/upgrade-insecure-requests/);
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('behind a TLS proxy, it sends them', async () => {
    const res = await request(tls.http).get('/play').expect(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toMatch(/upgrade-insecure-requests/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('request bodies: JSON objects of sane depth only', () => {
  let t: TestApp;
  let alice: TestPlayer;
  let bob: TestPlayer;
  let gameId: string;
  let code: string;
  /** Every route that takes a body. */
  let bodyRoutes: [string, string][];
  beforeAll(async () => {
    t = await startTestApp();
    alice = await registerPlayer(t.http, 'alice_h', 'password123');
    bob = await registerPlayer(t.http);
    ({ gameId, code } = await startRoomGame(t.http, alice, bob));
    bodyRoutes = [
      ['post', '/api/auth/register'],
      ['post', '/api/auth/login'],
      ['post', '/api/auth/guest'],
      ['post', '/api/queue'],
      ['post', '/api/rooms'],
      ['post', `/api/rooms/${code}/join`],
      ['patch', `/api/rooms/${code}`],
      ['post', `/api/rooms/${code}/rematch`],
      ['delete', `/api/rooms/${code}/rematch`],
      ['post', `/api/games/${gameId}/moves`],
      ['post', `/api/games/${gameId}/resign`],
      ['post', `/api/games/${gameId}/abort`],
      ['post', `/api/games/${gameId}/seat`],
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: string, path: string) => (request(t.http) as any)[method](path) as request.Test;

  it('~1,400 nested arrays (2.8 KB) are a 400 VALIDATION_FAILED on every route with a body, login included', async () => {
    const deep = `{"square":${'['.repeat(1400)}${']'.repeat(1400)}}`;
    for (const [method, path] of bodyRoutes) {
      for (const auth of [alice.auth, {}]) {
        const res = await send(method, path).set(auth).set('Content-Type', 'application/json').send(deep);
        expect({ route: `${method} ${path}`, status: res.status, code: res.body.code }).toEqual({ route: `${method} ${path}`, status: 400, code: 'VALIDATION_FAILED' });
        expect(res.body.message).toMatch(/nests too deeply \(at most 16 levels/);
      }
    }
    // As deep as allowed is read as usual (and refused for what it says, not for its depth).
    const ok = `{"username":"alice_h","password":"password123","x":${'['.repeat(15)}${']'.repeat(15)}}`;
    const res = await send('post', '/api/auth/login').set('Content-Type', 'application/json').send(ok).expect(400);
    expect(res.body.message).toMatch(/unknown field "x"/);
  });

  it('a form, text or multipart body is 415 UNSUPPORTED_MEDIA_TYPE, and an urlencoded login does not log in', async () => {
    const form = await send('post', '/api/auth/login').set('Content-Type', 'application/x-www-form-urlencoded').send('username=alice_h&password=password123');
    expect(form.status).toBe(415);
    expect(form.body).toEqual({
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Request bodies must be JSON (Content-Type: application/json), got "application/x-www-form-urlencoded".',
    });
    expect(form.body.token).toBeUndefined();
    const bodies: [string | undefined, string][] = [
      ['text/plain', '{"username":"alice_h","password":"password123"}'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nalice_h\r\n--x--'],
      ['application/xml', '<a/>'],
      ['application/jsonx', '{}'],
    ];
    for (const [method, path] of bodyRoutes) {
      for (const [type, body] of bodies) {
        const res = await send(method, path).set(alice.auth).set('Content-Type', type!).send(body);
        expect({ route: `${method} ${path}`, type, status: res.status, code: res.body.code }).toEqual({ route: `${method} ${path}`, type, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
      }
    }
    // A body without any Content-Type is not JSON either.
    const bare = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL('/api/auth/login', t.baseUrl);
      const req = httpRequest(url, { method: 'POST', headers: { 'Content-Length': '2' } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(bare.status).toBe(415);
    expect(JSON.parse(bare.body).message).toMatch(/no Content-Type/);
    // JSON, with or without a charset, and bodiless requests, go through.
    await send('post', '/api/auth/login').set('Content-Type', 'application/json; charset=utf-8').send('{"username":"alice_h","password":"password123"}').expect(200);
    await send('post', '/api/auth/login').set('Content-Type', 'Application/JSON').send('{"username":"alice_h","password":"password123"}').expect(200);
    await send('delete', '/api/queue').set(alice.auth).set('Content-Type', 'text/plain').expect(204);
  });

  it('messages never echo parser internals or unbounded input, and say what was expected', async () => {
    const long = 'z'.repeat(5000);
    const cases: [string, request.Test, RegExp][] = [
      ['unknown field', send('post', '/api/auth/guest').send({ [long]: 1 }), /^unknown field "z{40}…" \(expected an empty object \{\}\)$/],
      ['unknown login field', send('post', '/api/auth/login').send({ username: 'a', password: 'b', [long]: 1 }), /unknown field "z{40}…" \(expected only username, password\)/],
      ['unknown move field', send('post', `/api/games/${gameId}/moves`).set(alice.auth).send({ square: 'd3', ply: 0, ['<b>' + long]: 1 }), /unknown field "<b>z{37}…" \(expected only square, ply, lag\)/],
      ['player', send('get', `/api/players/${long}`), /^Player "z{40}…" was not found\.$/],
      ['route', send('get', `/api/${long}`), /^No route GET \/api\/z{35}…\.$/],
      ['page route', send('get', `/nothing/${long}`), /^No route GET \/nothing\/z{31}…\.$/],
      ['bad JSON', send('post', '/api/auth/login').set('Content-Type', 'application/json').send('{"username": "' + long + '", oops}'), /^The request body is not valid JSON\.$/],
      ['charset', send('post', '/api/auth/login').set('Content-Type', `application/json; charset=${long.slice(0, 300)}`).send('{}'), /^Request bodies must be JSON in UTF-8/],
      ['encoding', send('post', '/api/auth/login').set('Content-Type', 'application/json').set('Content-Encoding', long.slice(0, 300)).send('{}'), /^Request bodies may be sent as is or with Content-Encoding gzip, deflate or br\.$/],
      ['media type', send('post', '/api/auth/login').set('Content-Type', `text/${long.slice(0, 300)}`).send('{}'), /^Request bodies must be JSON \(Content-Type: application\/json\), got "text\/z{35}…"\.$/],
    ];
    for (const [label, pending, expected] of cases) {
      const res = await pending;
      expect({ label, status: res.status < 500, shape: typeof res.body.code }).toEqual({ label, status: true, shape: 'string' });
      expect({ label, message: res.body.message }).toEqual({ label, message: expect.stringMatching(expected) });
      expect(JSON.stringify(res.body).length).toBeLessThan(600);
      expect(JSON.stringify(res.body)).not.toMatch(/Unexpected token|position \d|SyntaxError|at .*\.js:\d/);
    }
  });
});
