import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { benchAppEnv, request } from '../../../bench/common.js';
import { loadConfig } from '../../../src/config/config.js';

describe("the benches' shared request and app settings", () => {
  let server: http.Server;
  let base: string;
  const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const agent = new http.Agent({ keepAlive: true });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.writeHead(201, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    agent.destroy();
    await new Promise((r) => server.close(r));
  });

  it('sends JSON with the token and answers the status and the body', async () => {
    const answer = await request(agent, base, 'POST', '/api/games/1/moves', 'tok', { square: 'f5', ply: 0 });
    expect(answer).toEqual({ status: 201, body: '{"ok":true}' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/games/1/moves', body: '{"square":"f5","ply":0}' });
    expect(seen[0].headers).toMatchObject({ authorization: 'Bearer tok', 'content-type': 'application/json', accept: 'application/json' });
    await request(agent, base, 'GET', '/api/games', null, undefined);
    expect(seen[1].headers.authorization).toBeUndefined();
    expect(seen[1].body).toBe('');
  });

  it('sends load nowhere but 127.0.0.1', () => {
    expect(() => request(agent, 'http://example.com', 'GET', '/', null, undefined)).toThrow(/127\.0\.0\.1/);
  });

  it("gives a valid app configuration, with a bench's own settings on top", () => {
    const env = benchAppEnv('bench-secret-0123456789abcdef0123', { TRUST_PROXY: 'loopback', ANALYSIS_WORKERS: '1' });
    expect(env).toMatchObject({ NODE_ENV: 'production', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback', ANALYSIS_WORKERS: '1' });
    expect(() => loadConfig({ ...env, DATABASE_URL: 'postgres://u@127.0.0.1/db' })).not.toThrow();
  });
});
