import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { bareClient } from '../../../bench/moves/bare-http.js';

describe("bench:moves's bare HTTP client for the bots", () => {
  let server: http.Server;
  let base: string;
  const seen: { url?: string; headers: http.IncomingHttpHeaders; body: string; socket: net.Socket }[] = [];
  /** How the server answers the next request (the default: a JSON 201 in one write). */
  let answer: (res: http.ServerResponse) => void;
  const send = (res: http.ServerResponse, status: number, body: string) =>
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
  const json201 = (res: http.ServerResponse) => send(res, 201, '{"ok":"été"}');
  const clients: { close: () => void }[] = [];
  const client = (connections: number) => {
    const c = bareClient(base, connections);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        seen.push({ url: req.url, headers: req.headers, body, socket: req.socket });
        answer(res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
    seen.length = 0;
    answer = json201;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('POSTs the JSON body with the token, answers the status and the body, and keeps the connection', async () => {
    answer = json201;
    const { post } = client(1);
    expect(await post('/api/games/1/moves', 'Bearer tok', '{"square":"f5","ply":0}')).toEqual({ status: 201, body: '{"ok":"été"}' });
    expect(seen[0]).toMatchObject({ url: '/api/games/1/moves', body: '{"square":"f5","ply":0}' });
    expect(seen[0].headers).toMatchObject({ authorization: 'Bearer tok', 'content-type': 'application/json', accept: 'application/json', 'content-length': '23' });
    answer = (res) => send(res, 409, '{"code":"stale"}');
    expect(await post('/api/games/1/moves', 'Bearer tok', '{"square":"e6","ply":1}')).toEqual({ status: 409, body: '{"code":"stale"}' });
    expect(seen[1].socket).toBe(seen[0].socket);
  });

  it('reads an answer that arrives in pieces, to its Content-Length', async () => {
    answer = (res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 12 });
      res.flushHeaders();
      res.write('{"game":');
      setTimeout(() => res.end('"g"}'), 20);
    };
    const { post } = client(1);
    expect(await post('/x', 'Bearer t', '{}')).toEqual({ status: 200, body: '{"game":"g"}' });
  });

  it('refuses an answer without Content-Length (here chunked) rather than guess where it ends', async () => {
    answer = (res) => {
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.write('{"a":');
      res.end('1}');
    };
    await expect(client(1).post('/x', 'Bearer t', '{}')).rejects.toThrow(/Content-Length/);
  });

  it('rejects a request whose socket the server closed, and sends the next one on a new socket', async () => {
    answer = (res) => res.socket!.destroy();
    const { post } = client(1);
    await expect(post('/x', 'Bearer t', '{}')).rejects.toThrow();
    answer = json201;
    expect((await post('/x', 'Bearer t', '{}')).status).toBe(201);
    expect(seen[1].socket).not.toBe(seen[0].socket);
  });

  it('holds a request while every socket is busy, one request in flight on each', async () => {
    const held: http.ServerResponse[] = [];
    answer = (res) => held.push(res);
    const { post } = client(2);
    const answers = [post('/1', 'Bearer t', '{}'), post('/2', 'Bearer t', '{}'), post('/3', 'Bearer t', '{}')];
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.map((s) => s.url)).toEqual(['/1', '/2']);
    held.splice(0).forEach(json201);
    answer = json201;
    expect((await Promise.all(answers)).map((a) => a.status)).toEqual([201, 201, 201]);
    expect(seen[2].url).toBe('/3');
  });

  it('sends load nowhere but 127.0.0.1 over plain HTTP', () => {
    expect(() => bareClient('http://example.com', 1)).toThrow(/127\.0\.0\.1/);
    expect(() => bareClient('https://127.0.0.1:8443', 1)).toThrow(/127\.0\.0\.1/);
  });
});
