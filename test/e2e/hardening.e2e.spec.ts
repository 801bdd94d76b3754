import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
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
