/**
 * Several app-wide middlewares as one. Express's router pays for each layer a request passes:
 * the path matched again, a params object, the param callbacks' closures and the prefix check
 * (~40 % of the bytes a move allocated went to the router, with a layer each for the ten
 * middlewares in front of every request). Run in turn inside one layer, they see the request as
 * they did: in this order, an error skipping to the error handlers (four parameters) after it, a
 * handler that throws or whose promise rejects passing its error on, and the rest of the app
 * after the last.
 */
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';

type Handler = RequestHandler | ErrorRequestHandler;

const isErrorHandler = (h: Handler): h is ErrorRequestHandler => h.length === 4;
/** Whether Express would call `h` now: an error handler only with an error, any other (up to three parameters) only without. */
const runsNow = (h: Handler, error: unknown): boolean => (error ? h.length === 4 : h.length <= 3);

/** One middleware that runs `handlers` as Express would run them mounted one after the other at '/'. */
export function middlewareChain(handlers: readonly Handler[]): RequestHandler {
  const list = [...handlers];
  return (req: Request, res: Response, done: NextFunction) => {
    let i = 0;
    const step = (err?: unknown): void => {
      // As Express: 'route' is no error; 'router' leaves the chain with the rest of the router.
      const error = err === 'route' ? undefined : err;
      if (error === 'router') return done(error);
      while (i < list.length) {
        const handler = list[i++];
        if (!runsNow(handler, error)) continue;
        try {
          const ret: unknown = isErrorHandler(handler) ? handler(error, req, res, step) : handler(req, res, step);
          if (ret instanceof Promise) ret.then(undefined, (rejected: unknown) => step(rejected || new Error('Rejected promise')));
        } catch (thrown) {
          step(thrown);
        }
        return;
      }
      done(error);
    };
    step();
  };
}
