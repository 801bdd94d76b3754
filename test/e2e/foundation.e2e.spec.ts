import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startTestApp, TestApp } from '../support/app.js';

describe('foundation (real app, real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /health answers ok with the database up', async () => {
    const res = await request(t.http).get('/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', db: 'up' });
  });

  it('echoes a request id, or makes one', async () => {
    const given = await request(t.http).get('/health').set('X-Request-Id', 'req-42');
    expect(given.headers['x-request-id']).toBe('req-42');
    const made = await request(t.http).get('/health');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each(['/api/nope', '/nope', '/api/games/x/y/z'])('unknown route %s → 404 NOT_FOUND in the error shape', async (path) => {
    const res = await request(t.http).get(path).expect(404);
    expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.stringContaining(path.split('?')[0]) });
  });

  it('malformed JSON → 400 VALIDATION_FAILED', async () => {
    const res = await request(t.http)
      .post('/api/auth/register')
      .set('Content-Type', 'application/json')
      .send('{"username": "ab",')
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(typeof res.body.message).toBe('string');
  });

  it('a body over 16 KiB → 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await request(t.http)
      .post('/api/auth/register')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ username: 'a'.repeat(17 * 1024), password: 'x' }))
      .expect(413);
    expect(res.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('serves the OpenAPI schema and Swagger UI', async () => {
    const schema = await request(t.http).get('/docs-json').expect(200);
    expect(schema.body.openapi).toMatch(/^3\./);
    expect(Object.keys(schema.body.paths)).toContain('/health');
    const ui = await request(t.http).get('/docs').expect(200);
    expect(ui.text).toContain('swagger');
  });

  it('sets security headers (helmet)', async () => {
    const res = await request(t.http).get('/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('GET /health answers 503 when the database is down, and recovers', async () => {
    await t.db.admin(`ALTER DATABASE ${t.db.name} ALLOW_CONNECTIONS false`);
    await t.db.admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [t.db.name]);
    try {
      const res = await request(t.http).get('/health').expect(503);
      expect(res.body).toEqual({ status: 'error', db: 'down' });
    } finally {
      await t.db.admin(`ALTER DATABASE ${t.db.name} ALLOW_CONNECTIONS true`);
    }
    let last = 0;
    for (let i = 0; i < 20 && last !== 200; i++) {
      last = (await request(t.http).get('/health')).status;
    }
    expect(last).toBe(200);
  });
});
