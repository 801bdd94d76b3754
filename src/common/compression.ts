/**
 * Compression of the app's answers (pages, JSON, the docs): gzip or deflate as the client accepts,
 * above 1 KB. Never an event stream: a compressor holds bytes back until it has a block, and a
 * live game's events must leave the moment they are written. Assets come precompressed
 * (src/pages/assets.controller.ts) and are left as they are.
 */
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** True when an answer should be compressed: compressible, and not an event stream (one asked for without `Accept: text/event-stream`). */
export function shouldCompress(req: Request, res: Response): boolean {
  if (/^text\/event-stream/i.test(String(res.getHeader('Content-Type') ?? ''))) return false;
  return compression.filter(req, res);
}

/**
 * The compression middleware, which an event stream's request skips altogether: compression wraps
 * the answer's write, end and head for every request it sees, work a stream (thousands opened in a
 * burst, each event a write) never needs since it is never compressed.
 *
 * So does a request other than GET or HEAD that sends no Accept-Encoding (a bot's move, ~3 % of
 * its CPU): its answer could only go out as it is, and the one thing compression would still add,
 * `Vary: Accept-Encoding`, only matters to a cache, which does not keep such answers. A GET keeps
 * the middleware for that header; a client that accepts gzip gets it on any method.
 */
export function compressAnswers(): RequestHandler {
  const compress = compression({ filter: shouldCompress, threshold: 1024 });
  return (req, res, next) => {
    if (/text\/event-stream/i.test(String(req.headers.accept ?? '')) || (req.headers['accept-encoding'] === undefined && req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    compress(req, res, next);
  };
}
