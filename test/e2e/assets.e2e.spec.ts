import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { get, request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { startRoomGame } from '../factories/games.js';
import { guestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

/** A GET as a browser sends it, the bytes as they travel (no decoding): status, headers, body. */
function raw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** A POST of a JSON body, the answer's bytes as they travel: status, headers, body. */
function rawPost(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** The first bytes of an answer that does not end (an event stream): status, headers, and what came within a second. */
function firstBytes(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = get(url, { headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString('latin1');
      });
      setTimeout(() => {
        req.destroy();
        resolve({ headers: res.headers, text });
      }, 1000);
    });
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
  });
}

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

  it('scripts and stylesheets go out as the build compressed them: brotli, else gzip, else as they are', async () => {
    const html = (await request(t.http).get('/play').expect(200)).text;
    for (const path of [/src="(\/assets\/client-[A-Z0-9]+\.js)"/.exec(html)![1], /href="(\/assets\/site-[A-Z0-9]+\.css)"/.exec(html)![1], /src="(\/assets\/i18n-en-[A-Z0-9]+\.js)"/.exec(html)![1]]) {
      const plain = await raw(t.baseUrl + path, {});
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('Accept-Encoding');
      const br = await raw(t.baseUrl + path, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(br.body.length).toBeLessThan(plain.body.length / 2);
      const gz = await raw(t.baseUrl + path, { 'Accept-Encoding': 'gzip;q=1, br;q=0' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
      // Each encoding is its own representation: its own ETag, and its own 304.
      expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
      expect((await raw(t.baseUrl + path, { 'Accept-Encoding': 'br', 'If-None-Match': String(br.headers.etag) })).status).toBe(304);
    }
  });

  it('pages and JSON answers are compressed for a client that accepts it; event streams never are', async () => {
    for (const path of ['/', '/rules', '/docs-json']) {
      const res = await raw(t.baseUrl + path, { 'Accept-Encoding': 'gzip' });
      expect(`${path} ${res.headers['content-encoding']}`).toBe(`${path} gzip`);
      expect(gunzipSync(res.body).length).toBeGreaterThan(res.body.length);
    }
    const page = await raw(`${t.baseUrl}/rules`, { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(page.body).toString('utf8')).toContain('<!doctype html>');
    // A stream's first comment arrives at once, as it was written: no compressor holds it back.
    const guest = await guestPlayer(t.http);
    const stream = await firstBytes(`${t.baseUrl}/api/me/events`, { 'Accept-Encoding': 'gzip, br', Accept: 'text/event-stream', Authorization: `Bearer ${guest.token}` });
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.text).toContain(': connected');
  });

  it("a move's answer is gzipped for a client that accepts it, and goes out as it is, without an ETag, for one that sends no Accept-Encoding", async () => {
    const [black, white] = [await guestPlayer(t.http), await guestPlayer(t.http)];
    const { gameId } = await startRoomGame(t.http, black, white);
    const url = `${t.baseUrl}/api/games/${gameId}/moves`;
    const gz = await rawPost(url, { 'Accept-Encoding': 'gzip', ...black.auth }, { square: 'f5', ply: 0 });
    expect(gz.status).toBe(201);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8')).game.ply).toBe(1);
    const plain = await rawPost(url, white.auth, { square: 'f6', ply: 1 });
    expect(plain.status).toBe(201);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8')).game.ply).toBe(2);
    expect(plain.body.length).toBeGreaterThan(1024); // big enough to be compressed, had the client asked
    // No ETag on a POST, where no conditional request could use it; a GET of the game keeps its own and its 304.
    expect(plain.headers.etag).toBeUndefined();
    const read = await raw(`${t.baseUrl}/api/games/${gameId}`, {});
    expect(read.headers.etag).toMatch(/^W\/"/);
    expect((await raw(`${t.baseUrl}/api/games/${gameId}`, { 'If-None-Match': String(read.headers.etag) })).status).toBe(304);
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
