import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { makeModerator } from '../factories/moderators.js';
import { startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

/** Control characters, off-site links, rematch spam and caches that mix languages: each refused or fixed. */
describe('hostile text and small abuses', () => {
  let t: TestApp;
  let mod: TestPlayer;

  beforeAll(async () => {
    t = await startTestApp({ REMATCH_ACTIONS_PER_MINUTE: '6' });
    mod = await registerPlayer(t.http);
    await makeModerator(t.app, mod.username, 'test');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function counts(): Promise<string> {
    const { rows } = await t.db.query(`SELECT (SELECT count(*) FROM reports) AS reports, (SELECT count(*) FROM mod_actions) AS actions, (SELECT count(*) FROM players) AS players`);
    return JSON.stringify(rows[0]);
  }

  it('NUL and other control characters are 400 wherever text is accepted, and change nothing', async () => {
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRoomGame(t.http, a, b);
    const before = await counts();
    const refused = [
      request(t.http).post(`/api/games/${gameId}/reports`).set(a.auth).send({ reason: 'abuse', text: 'bad\u0000words' }),
      request(t.http).post(`/api/games/${gameId}/reports`).set(a.auth).send({ reason: 'abuse', text: 'bell\u0007' }),
      request(t.http).post(`/api/games/${gameId}/reports`).set(a.auth).send({ reason: 'abuse', text: 'c1\u0085' }),
      request(t.http).post(`/api/mod/players/${b.username}/actions`).set(mod.auth).send({ action: 'warn', reason: 'stop\u0000' }),
      request(t.http).post('/api/auth/register').send({ username: 'nul\u0000name', password: 'password123' }),
      request(t.http).post('/api/auth/register').send({ username: 'okname_x', password: 'pass\u0000word123' }),
      request(t.http).post('/api/auth/login').send({ username: 'a\u0000', password: 'password123' }),
      request(t.http).post('/api/rooms').set(a.auth).send({ 'x\u0000': 1 }),
      request(t.http).get(`/api/mod/players/${b.username}%00`).set(mod.auth),
      request(t.http).get('/api/games?status=active%00'),
      request(t.http).get('/players/ada%00'),
    ];
    for (const res of await Promise.all(refused)) {
      expect([res.status, res.body.code, res.body.statusCode]).toEqual([400, 'VALIDATION_FAILED', 400]);
      expect(res.body.message).toMatch(/control characters/);
    }
    expect(await counts()).toBe(before);
    // Lines and tabs are text.
    const filed = await request(t.http).post(`/api/games/${gameId}/reports`).set(a.auth).send({ reason: 'abuse', text: 'line one\nline two\tend' });
    expect(filed.status).toBe(201);
    expect(filed.body.text).toBe('line one\nline two\tend');
  });

  it('the 404 page links to itself in other languages, never to another site', async () => {
    for (const path of ['//evil.example', '/\\evil.example', '//evil.example/a?b=c', '/%5Cevil.example']) {
      const res = await request(t.http).get(path).set('Accept', 'text/html');
      expect(res.status).toBe(404);
      // Every link but the inline icon (a data: URL).
      const hrefs = [...res.text.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&')).filter((h) => !h.startsWith('data:image/'));
      expect(hrefs.filter((h) => /[?&]lang=/.test(h)).length).toBeGreaterThanOrEqual(12);
      for (const href of hrefs) {
        expect(href).not.toMatch(/^\/\/|^\/\\|^[a-z]+:/i);
        expect(new URL(href, 'https://outflank.example').host).toBe('outflank.example');
      }
    }
  });

  it('rematch offers and withdrawals are rate-limited per player (429 with Retry-After)', async () => {
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { code, gameId } = await startRoomGame(t.http, a, b);
    await request(t.http).post(`/api/games/${gameId}/resign`).set(a.auth).send({}).expect(200);
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await request(t.http).post(`/api/rooms/${code}/rematch`).set(a.auth).send({});
      statuses.push(last.status);
      last = await request(t.http).delete(`/api/rooms/${code}/rematch`).set(a.auth);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
    expect(last!.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // The other seat is not limited by it: it can still offer.
    expect((await request(t.http).post(`/api/rooms/${code}/rematch`).set(b.auth).send({})).status).toBe(200);
  });

  it('localized API answers say they vary with Accept-Language', async () => {
    const res = await request(t.http).get('/api/games/00000000-0000-4000-8000-000000000000').set('Accept-Language', 'sw');
    expect(res.status).toBe(404);
    expect(res.headers['vary']).toMatch(/Accept-Language/);
    const unauthenticated = await request(t.http).get('/api/players/me').set('Accept-Language', 'bn');
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers['vary']).toMatch(/Accept-Language/);
  });
});
