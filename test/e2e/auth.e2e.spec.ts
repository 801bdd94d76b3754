import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import request from 'supertest';
import { startTestApp, TestApp, TEST_ENV } from '../support/app.js';
import { guestPlayer, registerPlayer, uniqueName } from '../factories/players.js';
import { gamesToRdBelow } from '../../src/leaderboard/domain/progress.js';
import { PROVISIONAL_RD } from '../../src/ratings/domain/glicko2.js';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
function signHs256(payload: object, secret = TEST_ENV.JWT_SECRET, header: object = { alg: 'HS256', typ: 'JWT' }): string {
  const head = `${b64(header)}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

async function playerCount(t: TestApp): Promise<number> {
  return Number((await t.db.query('SELECT count(*) AS n FROM players')).rows[0].n);
}

describe('players and auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('register → login → me', async () => {
    const name = uniqueName('Alice');
    const reg = await request(t.http).post('/api/auth/register').send({ username: name, password: 'password123' }).expect(201);
    expect(reg.body.player).toEqual({
      id: expect.any(String),
      username: name,
      guest: false,
      bot: false,
      rating: 1500,
      rd: 350,
      volatility: 0.06,
      provisional: true,
      rank: null,
      games: 0,
      wins: 0,
      draws: 0,
      losses: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      engineUser: false,
      closed: false,
      // Your own player carries your settings: no language chosen yet.
      language: null,
      // …and how far you are from the leaderboard: a newcomer's RD needs about this many rated games.
      ladder: { listed: false, gamesToGo: gamesToRdBelow({ rating: 1500, rd: 350, volatility: 0.06 }, PROVISIONAL_RD) },
      // …and whether the moderator page is yours to use.
      moderator: false,
    });
    expect(reg.body.player.ladder.gamesToGo).toBeGreaterThan(5);
    const login = await request(t.http).post('/api/auth/login').send({ username: name.toUpperCase(), password: 'password123' }).expect(200);
    expect(login.body.player.id).toBe(reg.body.player.id);
    const me = await request(t.http).get('/api/players/me').set('Authorization', `Bearer ${login.body.token}`).expect(200);
    expect(me.body).toEqual(reg.body.player);
  });

  it('the same name in another case → 409 USERNAME_TAKEN, nothing written', async () => {
    const p = await registerPlayer(t.http, uniqueName('Bob'));
    const before = await playerCount(t);
    const res = await request(t.http).post('/api/auth/register').send({ username: p.username.toLowerCase() === p.username ? p.username.toUpperCase() : p.username.toLowerCase(), password: 'password123' }).expect(409);
    expect(res.body).toMatchObject({ statusCode: 409, code: 'USERNAME_TAKEN' });
    expect(await playerCount(t)).toBe(before);
  });

  it('guests get a generated name and a token', async () => {
    const res = await request(t.http).post('/api/auth/guest').send({}).expect(201);
    expect(res.body.player.guest).toBe(true);
    expect(res.body.player.username).toMatch(/^guest-[a-z0-9]{8}$/);
    const me = await request(t.http).get('/api/players/me').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    expect(me.body.id).toBe(res.body.player.id);
    const noBody = await request(t.http).post('/api/auth/guest').expect(201);
    expect(noBody.body.player.guest).toBe(true);
  });

  it('a guest cannot log in with a password', async () => {
    const g = await guestPlayer(t.http);
    const res = await request(t.http).post('/api/auth/login').send({ username: g.username, password: 'whatever12' }).expect(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('profile by name, case-insensitively; unknown → 404', async () => {
    const p = await registerPlayer(t.http, uniqueName('Carol'));
    const res = await request(t.http).get(`/api/players/${p.username.toUpperCase()}`).expect(200);
    expect(res.body.username).toBe(p.username);
    const missing = await request(t.http).get('/api/players/nobody_here').expect(404);
    expect(missing.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('wrong password and unknown user answer the same 401', async () => {
    const p = await registerPlayer(t.http);
    const wrong = await request(t.http).post('/api/auth/login').send({ username: p.username, password: 'wrong-password' }).expect(401);
    const unknown = await request(t.http).post('/api/auth/login').send({ username: 'no_such_user', password: 'wrong-password' }).expect(401);
    expect(wrong.body).toEqual({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'Wrong username or password.' });
    expect(unknown.body).toEqual(wrong.body);
  });

  describe('bad input → 400 VALIDATION_FAILED and nothing written', () => {
    const cases: [string, string, unknown][] = [
      ['register', 'missing fields', {}],
      ['register', 'missing password', { username: 'validname' }],
      ['register', 'wrong types', { username: 123, password: true }],
      ['register', 'username too short', { username: 'ab', password: 'password123' }],
      ['register', 'username too long', { username: 'a'.repeat(21), password: 'password123' }],
      ['register', 'bad characters', { username: 'bad name!', password: 'password123' }],
      ['register', 'password too short', { username: 'validname2', password: 'short' }],
      ['register', 'password too long', { username: 'validname3', password: 'x'.repeat(129) }],
      ['register', 'unknown field', { username: 'validname4', password: 'password123', admin: true }],
      ['register', 'an array body', [1, 2]],
      ['login', 'missing fields', {}],
      ['login', 'wrong types', { username: ['a'], password: 1 }],
      ['login', 'unknown field', { username: 'someone', password: 'password123', extra: 1 }],
      ['guest', 'unknown field', { name: 'me' }],
    ];
    it.each(cases)('%s: %s', async (route, _label, body) => {
      const before = await playerCount(t);
      const res = await request(t.http).post(`/api/auth/${route}`).send(body as object).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.any(String) });
      expect(await playerCount(t)).toBe(before);
    });

    it.each(['register', 'login'])('%s: non-JSON body is 415', async (route) => {
      const before = await playerCount(t);
      const res = await request(t.http).post(`/api/auth/${route}`).set('Content-Type', 'text/plain').send('username=x').expect(415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(await playerCount(t)).toBe(before);
    });
  });

  describe('tokens', () => {
    it('no token, garbage, tampered, expired, alg:none and foreign-secret tokens → 401', async () => {
      const p = await registerPlayer(t.http);
      const [head, body, sig] = p.token.split('.');
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
      const tampered = `${head}.${b64({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${sig}`;
      const expired = signHs256({ ...claims, iat: 1000, exp: 2000 });
      const none = `${b64({ alg: 'none', typ: 'JWT' })}.${body}.`;
      const foreign = signHs256(claims, 'some-other-secret-0123456789');
      for (const auth of [undefined, 'Bearer', 'Bearer garbage', `Bearer ${tampered}`, `Bearer ${expired}`, `Bearer ${none}`, `Bearer ${foreign}`, `Basic ${p.token}`]) {
        const req = request(t.http).get('/api/players/me');
        if (auth) req.set('Authorization', auth);
        const res = await req.expect(401);
        expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
      }
    });

    it('a valid token of a player who no longer exists → 401', async () => {
      const p = await registerPlayer(t.http);
      await t.db.query('DELETE FROM players WHERE id = $1', [p.id]);
      const res = await request(t.http).get('/api/players/me').set(p.auth).expect(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    });

    it('a correctly signed token whose subject is not a uuid → 401', async () => {
      const res = await request(t.http).get('/api/players/me').set('Authorization', `Bearer ${signHs256({ sub: "x' OR 1=1", exp: 9999999999 })}`).expect(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    });
  });

  it('the password hash never appears in any response', async () => {
    const name = uniqueName('Dave');
    const responses = [
      await request(t.http).post('/api/auth/register').send({ username: name, password: 'password123' }),
      await request(t.http).post('/api/auth/login').send({ username: name, password: 'password123' }),
      await request(t.http).get(`/api/players/${name}`),
    ];
    const { rows } = await t.db.query('SELECT password_hash FROM players WHERE username_key = $1', [name.toLowerCase()]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    for (const res of responses) {
      expect(JSON.stringify(res.body)).not.toContain('argon2');
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    }
  });

  it('describes the auth routes in the OpenAPI schema', async () => {
    const { body } = await request(t.http).get('/docs-json').expect(200);
    for (const path of ['/api/auth/register', '/api/auth/login', '/api/auth/guest', '/api/players/me', '/api/players/{username}']) {
      expect(body.paths[path]).toBeDefined();
    }
    expect(body.components.schemas.RegisterDto.properties).toHaveProperty('username');
    expect(body.components.schemas.PlayerDto.properties).toHaveProperty('rating');
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('login is limited per address: 429 RATE_LIMITED with Retry-After', async () => {
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await request(t.http).post('/api/auth/login').send({ username: 'someone', password: 'password123' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(last!.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
