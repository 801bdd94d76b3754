/**
 * ETags only where a conditional request can use them. Express hashes every answer res.send
 * writes (a SHA-1 of the body) into an ETag, yet only a GET or HEAD (or QUERY) comes back fresh as
 * a 304 (req.fresh): for a POST, a move's answer, the hash was ~1 % of its CPU spent for nothing.
 */
import type { Application, Request, RequestHandler, Response } from 'express';

/** The methods Express answers with a 304 when the client's If-None-Match matches (req.fresh). */
const CONDITIONAL = new Set(['GET', 'HEAD', 'QUERY']);

/**
 * A middleware that points the answer of any other method at a view of `app` whose settings lack
 * the ETag function (res.send reads `res.app.get('etag fn')`), the rest inherited: the same
 * prototype chain of settings Express gives a mounted app.
 */
export function etagsOnConditionalMethods(app: Application): RequestHandler {
  const settings: Record<string, unknown> = Object.create(app.settings as object, { 'etag fn': { value: undefined, enumerable: true } });
  const withoutEtags = Object.create(app, { settings: { value: settings } }) as Application;
  return (req: Request, res: Response, next) => {
    if (!CONDITIONAL.has(req.method)) res.app = withoutEtags;
    next();
  };
}
