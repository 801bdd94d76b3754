import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { PgThrottlerStorage } from '../../src/rate-limit/pg-throttler-storage.js';
import { sleep, startServerProcess } from '../support/server-process.js';
import { startTestApp, TEST_ENV, TestApp } from '../support/app.js';

// The auth rate limit holds against a client that names its own address, and across app copies.

const login = (target: any, forwardedFor?: string) => {
  const req = request(target).post('/api/auth/login');
  if (forwardedFor) req.set('X-Forwarded-For', forwardedFor);
  return req.send({ username: 'someone', password: 'password123' });
};

describe('auth rate limit: X-Forwarded-For is believed only from a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('by default (no TRUST_PROXY), rotating X-Forwarded-For does not reset the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(t.http, `203.0.113.${i + 1}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('counts in PostgreSQL, and deletes the windows that have ended', async () => {
    const rows = (await t.db.query('SELECT hits, expires_at > now() AS live FROM rate_limit_counters')).rows;
    expect(rows).toEqual([{ hits: 6, live: true }]);
    await t.db.query(`UPDATE rate_limit_counters SET expires_at = now() - interval '1 second'`);
    await expect(t.app.get(PgThrottlerStorage).sweepExpired()).resolves.toBe(1);
    expect((await t.db.query('SELECT count(*)::int AS n FROM rate_limit_counters')).rows[0].n).toBe(0);
    // A new window starts from zero.
    expect((await login(t.http)).status).toBe(401);
  });
});

// A classroom or an internet café shares one address: guests have a count and a limit of their
// own, and the one refused is told how long to wait, in their language.
describe('guest accounts: their own, larger limit per address, and the wait said', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT: '2', GUEST_RATE_LIMIT: '4' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts guests apart from sign-ins, and says the wait when either is refused', async () => {
    const guests: number[] = [];
    for (let i = 0; i < 4; i++) guests.push((await request(t.http).post('/api/auth/guest').send({})).status);
    expect(guests).toEqual([201, 201, 201, 201]);
    const refused = await request(t.http).post('/api/auth/guest').set('Accept-Language', 'sw').send({});
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    const wait = refused.body.details.retryAfterSeconds;
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.headers['retry-after']).toBe(String(wait));
    expect(refused.body.message).toBe(`Wageni wengi wamejiunga kutoka mtandao huu sasa hivi (darasa au mgahawa wa intaneti hutumia anwani moja). Jaribu tena baada ya sekunde ${wait}, au jisajili.`);

    // The guests used none of the sign-in count: two attempts, then the third is refused, saying so.
    expect([(await login(t.http)).status, (await login(t.http)).status]).toEqual([401, 401]);
    const third = await login(t.http);
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/^Too many sign-in attempts from this address; try again in \d+ seconds?\.$/);
    expect(third.body.details.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });
});

describe('auth rate limit behind a trusted proxy (TRUST_PROXY=loopback)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT: '2', TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts each client address the proxy names on its own', async () => {
    const a = [await login(t.http, '198.51.100.7'), await login(t.http, '198.51.100.7'), await login(t.http, '198.51.100.7')];
    const b = await login(t.http, '198.51.100.8');
    expect([...a, b].map((r) => r.status)).toEqual([401, 401, 429, 401]);
  });
});

describe('auth rate limit across two app copies on one database', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT: '4', AUTH_RATE_WINDOW_SECONDS: '600' });
    other = await startServerProcess({
      DATABASE_URL: t.db.url,
      JWT_SECRET: TEST_ENV.JWT_SECRET,
      AUTH_RATE_LIMIT: '4',
      AUTH_RATE_WINDOW_SECONDS: '600',
    });
  }, 120_000);
  afterAll(async () => {
    await other?.stop();
    await t?.close();
  });

  it('shares one count: four logins in all, alternating copies, then 429 from both', async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 6; i++) {
      const [name, target] = i % 2 === 0 ? ['in-process', t.http] : ['process', other!.baseUrl];
      statuses.push(`${name} ${(await login(target)).status}`);
      await sleep(0);
    }
    expect(statuses).toEqual(['in-process 401', 'process 401', 'in-process 401', 'process 401', 'in-process 429', 'process 429']);
    const refused = await login(other!.baseUrl);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
  });
});
