/**
 * The per-request logger's own cost, no server: pino-http as the app had it (eager child loggers)
 * against the app's request middleware (src/common/request-logging.ts), both on fake requests at
 * the bench's level (warn: no completion line) and at info (a line per request, to a sink).
 * Alternating rounds; prints µs per request. `npm run build && node dist/bench/request-logging.js`.
 */
import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';
import { loggerOptions, LOG_SERIALIZERS, requestLogging } from '../src/common/request-logging.js';
import { requestId } from '../src/common/request-id.js';

type Middleware = (req: any, res: any, next: () => void) => void;

function fake() {
  const req = Object.assign(new EventEmitter(), { method: 'POST', url: '/api/games/0b0e/moves', headers: { authorization: 'Bearer x', host: 'h' }, socket: {} });
  const res = Object.assign(new EventEmitter(), { statusCode: 201, setHeader: () => undefined, getHeaders: () => ({}) });
  return [req, res] as const;
}

function time(mw: Middleware, n: number): number {
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const [req, res] = fake();
    mw(req, res, () => undefined);
    res.emit('finish');
  }
  return Number(process.hrtime.bigint() - t) / n / 1000;
}

const sink = () => new Writable({ write: (_c, _e, cb) => cb() });
for (const level of ['warn', 'info']) {
  const before = pinoHttp(
    { ...loggerOptions(level), genReqId: requestId, autoLogging: { ignore: (req) => req.url === '/health' }, serializers: LOG_SERIALIZERS },
    sink(),
  ) as unknown as Middleware;
  const after = requestLogging(pino(loggerOptions(level), sink())) as unknown as Middleware;
  time(before, 20_000);
  time(after, 20_000);
  const rows: string[] = [];
  for (let round = 1; round <= 5; round++) rows.push(`round ${round}: pino-http ${time(before, 50_000).toFixed(2)} µs, request-logging ${time(after, 50_000).toFixed(2)} µs`);
  console.log(`level ${level}\n  ${rows.join('\n  ')}`);
}
