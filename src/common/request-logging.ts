/**
 * The app's logger and its per-request part. pino-http made two child loggers for every request
 * (each serialising and redacting the request's bindings at once) and put listeners on every
 * answer, though at the usual levels most requests log nothing: ~2 % of a move's CPU. Here a
 * request gets its id, a logger that becomes a child only when something logs through it, and,
 * only when the level lets the line out, the same "request completed" line with the same fields
 * (req: id, method, url; res: statusCode; responseTime).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger, type LoggerOptions } from 'pino';
import { requestId } from './request-id.js';

/** Paths whose answers are not logged (polled by load balancers). */
const QUIET_PATHS = new Set(['/health']);

export const LOG_SERIALIZERS = {
  req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password'],
    serializers: LOG_SERIALIZERS,
  };
}

/** The app's root logger (stdout). */
export function createRootLogger(level: string): Logger {
  return pino(loggerOptions(level));
}

/** What a lazy logger's Proxy holds: the maker and, once something logged, its child. */
interface LazyTarget {
  make: () => Logger;
  made?: Logger;
}

const logger = (t: LazyTarget): Logger => (t.made ??= t.make());

/** One handler for every request's lazy logger: a Proxy a request costs one small object, not a handler and its closures. */
const LAZY_HANDLER: ProxyHandler<LazyTarget> = {
  get(t, key) {
    const made = logger(t);
    const value = Reflect.get(made, key, made) as unknown;
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(made) : value;
  },
  set(t, key, value) {
    return Reflect.set(logger(t), key, value);
  },
  has(t, key) {
    return Reflect.has(logger(t), key);
  },
};

/**
 * A logger that is `make()`'s child, built on first use: a request that logs nothing never
 * serialises its bindings.
 */
export function lazyLogger(make: () => Logger): Logger {
  return new Proxy<LazyTarget>({ make }, LAZY_HANDLER) as unknown as Logger;
}

type LoggedRequest = IncomingMessage & { id?: string; log?: Logger; originalUrl?: string };

/** Express middleware: the request's id (echoed as X-Request-Id), its lazy logger, and its completion line. */
export function requestLogging(root: Logger) {
  return (req: LoggedRequest, res: ServerResponse, next: () => void): void => {
    const id = requestId(req, res);
    req.id = id;
    const log = lazyLogger(() => root.child({ req: { id, method: req.method ?? '', url: req.originalUrl ?? req.url ?? '' } }));
    req.log = log;
    if (root.isLevelEnabled('info') && !QUIET_PATHS.has(req.url ?? '')) {
      const started = Date.now();
      let done = false;
      const complete = (err?: unknown) => {
        if (done) return;
        done = true;
        res.removeListener('finish', complete);
        res.removeListener('close', complete);
        res.removeListener('error', complete);
        const fields = { res: { statusCode: res.statusCode }, responseTime: Date.now() - started };
        const error = err instanceof Error ? err : res.statusCode >= 500 ? new Error(`failed with status code ${res.statusCode}`) : null;
        if (error) log.info({ ...fields, err: error }, 'request errored');
        else log.info(fields, 'request completed');
      };
      res.on('finish', complete);
      res.on('close', complete);
      res.on('error', complete);
    }
    next();
  };
}
