/** Middlewares run as one (src/common/middleware-chain.ts) behave as Express runs them mounted one after the other. */
import { describe, expect, it } from '@jest/globals';
import express, { type ErrorRequestHandler, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import request from 'supertest';
import { middlewareChain } from '../../../src/common/middleware-chain.js';

type Handler = RequestHandler | ErrorRequestHandler;
type Log = string[];

/** An app with `handlers` in front, mounted one by one or as one chain, that answers what ran. */
function appWith(handlers: (log: Log) => Handler[], chained: boolean) {
  const app = express();
  app.use((req: Request, _res: Response, next: NextFunction) => {
    (req as Request & { steps: Log }).steps = [];
    next();
  });
  const logOf = (req: Request) => (req as Request & { steps: Log }).steps;
  // Each handler logs through the request's log: wrap so the handlers get it.
  const made = (req: Request) => handlers(logOf(req));
  const count = handlers([]).length;
  const nth = (i: number): Handler => {
    const h = (req: Request, res: Response, next: NextFunction) => (made(req)[i] as RequestHandler)(req, res, next);
    const e = (err: unknown, req: Request, res: Response, next: NextFunction) => (made(req)[i] as ErrorRequestHandler)(err, req, res, next);
    return handlers([])[i].length === 4 ? e : h;
  };
  const list = Array.from({ length: count }, (_, i) => nth(i));
  if (chained) app.use(middlewareChain(list));
  else for (const h of list) app.use(h);
  app.get('/', (req: Request, res: Response) => res.json({ log: logOf(req), at: 'route' }));
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => res.status(500).json({ log: logOf(req), at: 'error', err: String(err) }));
  return app;
}

const plain = (name: string, then: (next: NextFunction) => void = (next) => next()) => (log: Log) =>
  ((_req: Request, _res: Response, next: NextFunction) => {
    log.push(name);
    then(next);
  }) as RequestHandler;
const onError = (name: string, then: (err: unknown, next: NextFunction) => void) => (log: Log) =>
  ((err: unknown, _req: Request, _res: Response, next: NextFunction) => {
    log.push(`${name}(${String(err)})`);
    then(err, next);
  }) as ErrorRequestHandler;

const scenarios: [string, ((log: Log) => Handler)[]][] = [
  ['all pass', [plain('a'), onError('e', (err, next) => next(err)), plain('b'), plain('c')]],
  ['an error skips to the error handlers', [plain('a', (next) => next(new Error('x'))), plain('b'), onError('e', (err, next) => next(err)), plain('c')]],
  ['an error handler recovers', [plain('a', (next) => next(new Error('x'))), onError('e', (_err, next) => next()), plain('b')]],
  ['an error handler changes the error', [plain('a', (next) => next(new Error('x'))), onError('e', (_err, next) => next(new Error('y'))), onError('f', (err, next) => next(err))]],
  [
    'a thrown error',
    [
      plain('a', () => {
        throw new Error('thrown');
      }),
      plain('b'),
      onError('e', (err, next) => next(err)),
    ],
  ],
  ['later, asynchronously', [plain('a', (next) => setTimeout(() => next(), 1)), plain('b', (next) => setImmediate(() => next(new Error('late')))), plain('c'), onError('e', (err, next) => next(err))]],
  ["'route' is no error", [plain('a', (next) => next('route')), plain('b')]],
  ["'router' leaves the chain", [plain('a', (next) => next('router')), plain('b')]],
];

const rejecting = (log: Log): RequestHandler =>
  (async () => {
    log.push('async');
    await Promise.resolve();
    throw new Error('rejected');
  }) as unknown as RequestHandler;
scenarios.push(['a rejected promise', [plain('a'), rejecting, plain('b'), onError('e', (err, next) => next(err))]]);

describe('middlewareChain', () => {
  for (const [name, handlers] of scenarios) {
    it(`runs the middlewares as Express does: ${name}`, async () => {
      const make = (log: Log) => handlers.map((h) => h(log));
      const mounted = await request(appWith(make, false)).get('/');
      const chained = await request(appWith(make, true)).get('/');
      expect({ status: chained.status, text: chained.text }).toEqual({ status: mounted.status, text: mounted.text });
      if (mounted.status !== 404) expect((mounted.body as { log: Log }).log.length).toBeGreaterThan(1);
    });
  }
});
