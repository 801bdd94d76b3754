import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startTestApp, TestApp } from '../support/app.js';

describe('the browser client bundle (/assets) and the CSP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('pages link content-hashed files that are cached for a year, with an ETag that revalidates to 304', async () => {
    const html = (await request(t.http).get('/play').expect(200)).text;
    const js = /<script type="module" src="(\/assets\/client-[A-Z0-9]+\.js)"><\/script>/.exec(html)![1];
    const css = /<link rel="stylesheet" href="(\/assets\/site-[A-Z0-9]+\.css)">/.exec(html)![1];
    const script = await request(t.http).get(js).expect(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.text.length).toBeGreaterThan(1000);
    const style = await request(t.http).get(css).expect(200);
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(style.text).toContain('.pl-board');
    await request(t.http).get(js).set('If-None-Match', script.headers.etag).expect(304);
    // Source maps, for people debugging in the browser.
    await request(t.http).get(`${js}.map`).expect(200);
  });

  it('an unknown asset is a 404 with the error shape', async () => {
    const res = await request(t.http).get('/assets/client-NOPE.js').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    await request(t.http).get('/assets/..%2Fmanifest.json').expect(404);
  });

  it("no 'unsafe-inline' for scripts or styles; Swagger UI's page alone adds the hashes of its own inline styles", async () => {
    const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
    for (const path of ['/', '/play', '/leaderboard', '/api/leaderboard']) {
      const csp = directives((await request(t.http).get(path).expect(200)).headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'"]);
    }
    const docs = await request(t.http).get('/docs').expect(200);
    const csp = directives(docs.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src'][0]).toBe("'self'");
    expect(csp['style-src']).not.toContain("'unsafe-inline'");
    expect(csp['style-src'].slice(1).every((s: string) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(s) || s === "'unsafe-hashes'")).toBe(true);
  });
});
