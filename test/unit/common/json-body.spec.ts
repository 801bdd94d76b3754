/**
 * The JSON body parser's short way (src/common/json-body.ts) reads every body as body-parser does:
 * two servers, one with express.json and one with jsonBodies, get the same raw requests.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { Server } from 'node:http';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { jsonBodies, shortWayLength } from '../../../src/common/json-body.js';

const LIMIT = 64;

/** An app that answers with what the parser made of the body, or the parser's error (status, type). */
function serve(parser: RequestHandler): Promise<Server> {
  const app = express();
  let shortWay = false;
  app.use((req: Request, _res: Response, next: NextFunction) => {
    shortWay = shortWayLength(req, LIMIT) !== null;
    next();
  });
  app.use(parser);
  app.post('/', (req: Request, res: Response) => {
    res.json({ body: (req.body as unknown) ?? '(none)', shortWay });
  });
  app.use((err: { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    res.status(err.status ?? 500).json({ error: err.type ?? '(no type)', shortWay });
  });
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/** Sends one raw request (head, then the body in the given pieces) and answers the status and JSON. */
function send(server: Server, headers: Record<string, string>, pieces: Buffer[]): Promise<{ status: number; json: { shortWay: boolean } & Record<string, unknown> }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const head = ['POST / HTTP/1.1', 'Host: x', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1]);
      const text = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      resolve({ status, json: JSON.parse(text) as { shortWay: boolean } & Record<string, unknown> });
    });
    socket.write(head);
    let i = 0;
    const next = () => {
      if (i < pieces.length) socket.write(pieces[i++], () => setTimeout(next, 5));
    };
    next();
  });
}

const utf8 = (s: string) => Buffer.from(s, 'utf8');
const json = (body: Buffer, type = 'application/json') => ({ headers: { 'Content-Type': type, 'Content-Length': String(body.length) }, pieces: [body] });

describe('jsonBodies (the JSON body parser with a short way)', () => {
  let bodyParser: Server;
  let ours: Server;
  beforeAll(async () => {
    bodyParser = await serve(express.json({ limit: LIMIT }));
    ours = await serve(jsonBodies(LIMIT));
  });
  afterAll(async () => {
    await new Promise((r) => bodyParser.close(r));
    await new Promise((r) => ours.close(r));
  });

  const split = utf8('{"square":"é€𝄞"}');
  const cases: [string, { headers: Record<string, string>; pieces: Buffer[] }, boolean][] = [
    ['a move', json(utf8('{"square":"d3","ply":12}')), true],
    ['with a charset', json(utf8('{"a":1}'), 'application/json; charset=utf-8'), true],
    ['its type in capitals', json(utf8('{"a":1}'), 'Application/JSON'), true],
    ['an array', json(utf8(' \n[1,2]')), true],
    ['a byte order mark', json(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('{"a":"b"}')])), true],
    ['a byte order mark alone', json(Buffer.from([0xef, 0xbb, 0xbf])), true],
    ['whitespace alone', json(utf8('  \n')), true],
    ['a bare value (strict)', json(utf8('12')), true],
    ['a string (strict)', json(utf8(' "x"')), true],
    ['broken JSON', json(utf8('{"a":')), true],
    ['invalid UTF-8', json(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])), true],
    ['UTF-8 split between packets', { headers: json(split).headers, pieces: [split.subarray(0, 13), split.subarray(13, 18), split.subarray(18)] }, true],
    ['at the limit', json(utf8(`{"a":"${'x'.repeat(LIMIT - 8)}"}`)), true],
    ['over the limit', json(utf8(`{"a":"${'x'.repeat(LIMIT)}"}`)), false],
    ['another charset', json(utf8('{"a":1}'), 'application/json; charset=latin1'), false],
    ['another media type', json(utf8('{"a":1}'), 'application/merge-patch+json'), false],
    ['chunked', { headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, pieces: [utf8('7\r\n{"a":1}\r\n0\r\n\r\n')] }, false],
    ['Content-Length 0', { headers: { 'Content-Type': 'application/json', 'Content-Length': '0' }, pieces: [] }, false],
    ['an encoding', { headers: { ...json(utf8('{"a":1}')).headers, 'Content-Encoding': 'identity' }, pieces: [utf8('{"a":1}')] }, false],
  ];
  for (const [name, request, shortWay] of cases) {
    it(`reads ${name} as body-parser does${shortWay ? ', the short way' : ''}`, async () => {
      const expected = await send(bodyParser, request.headers, request.pieces);
      const got = await send(ours, request.headers, request.pieces);
      expect({ status: got.status, json: { ...got.json, shortWay: undefined } }).toEqual({ status: expected.status, json: { ...expected.json, shortWay: undefined } });
      expect(got.json.shortWay).toBe(shortWay);
    });
  }
});
