/**
 * Content-Security-Policy: scripts and styles only from this origin ('self'), no 'unsafe-inline'.
 * Our pages have no inline script or style (the client is a bundled static file). Swagger UI's
 * page (/docs, not ours) has two inline <style> blocks and one style="" attribute: its page alone
 * gets their sha256 hashes added to style-src, computed from the HTML it actually sends.
 */
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** helmet's directives that differ from its defaults. */
export const CSP_DIRECTIVES = Object.freeze({
  'script-src': ["'self'"],
  'style-src': ["'self'"],
});

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The hashes a page's inline styles need: <style> elements, and style="" attributes ('unsafe-hashes'). */
export function inlineStyleSources(html: string): string[] {
  const blocks = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => sha256(m[1]));
  const attrs = [...html.matchAll(/\sstyle="([^"]*)"/gi)].map((m) => sha256(m[1]));
  const out = [...new Set(blocks)];
  if (attrs.length) out.push("'unsafe-hashes'", ...new Set(attrs));
  return out;
}

/** Adds `sources` to the style-src of a CSP header value. */
export function withStyleSources(policy: string, sources: string[]): string {
  if (!sources.length) return policy;
  return policy
    .split(';')
    .map((d) => (d.trim().startsWith('style-src ') ? `${d.trim()} ${sources.join(' ')}` : d.trim()))
    .join(';');
}

/** Middleware for Swagger UI's HTML page: its inline styles by hash, nothing else relaxed. */
export function swaggerUiCsp(path = '/docs') {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.path !== path && req.path !== `${path}/`) return next();
    const send = res.send.bind(res);
    res.send = ((body?: unknown) => {
      const policy = res.getHeader('Content-Security-Policy');
      if (typeof body === 'string' && typeof policy === 'string') {
        res.setHeader('Content-Security-Policy', withStyleSources(policy, inlineStyleSources(body)));
      }
      return send(body);
    }) as Response['send'];
    next();
  };
}
