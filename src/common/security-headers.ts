/**
 * helmet's security headers, worked out once. Our helmet settings hold no per-request part (no
 * nonce: the CSP is a fixed string), so its dozen middlewares set the same values on every answer;
 * walking them and re-checking each value per request was ~0.6 % of a move's CPU. The headers are
 * recorded from helmet itself at start-up, so they stay exactly helmet's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with these options, in its order. X-Powered-By, which helmet removes,
 * is for the app to switch off (`app.disable('x-powered-by')`); anything else helmet would do is
 * refused here, so an option that needs the request fails at start-up rather than going unheard.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  // A directive given as a function (a nonce) is worked out per request: it cannot be recorded once.
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (directives.some((d) => typeof d === 'function' || (Array.isArray(d) && d.some((v) => typeof v === 'function')))) {
    throw new Error('a Content-Security-Policy directive is a function: helmet must run per request');
  }
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers.set(name, String(value));
      return recorder;
    },
    removeHeader(name: string) {
      if (name.toLowerCase() !== 'x-powered-by') throw new Error(`helmet removes ${name}: not precomputable`);
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish at once: its headers depend on the request');
  return [...headers];
}

/** The middleware that sets helmet's headers, as recorded by helmetHeaders. */
export function securityHeaders(options: Readonly<HelmetOptions>): RequestHandler {
  const headers = helmetHeaders(options);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
