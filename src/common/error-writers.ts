/** Sending an error body: its headers, and the HTML page browsers get. */
import type { Request } from 'express';
import { DATABASE_RETRY_AFTER_SECONDS } from './database-unavailable.js';
import type { ErrorBody } from './errors.js';

/**
 * Headers that go with an error body: JSON (also on routes that declare another type, like the
 * transcript's text/plain), Retry-After on 429 (unless set) and 503.
 */
export function setErrorHeaders(res: HeaderTarget, body: ErrorBody): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (body.code === 'RATE_LIMITED' && !res.getHeader('Retry-After')) {
    const wait = (body.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    res.setHeader('Retry-After', typeof wait === 'number' && wait > 0 ? String(Math.ceil(wait)) : '60');
  }
  if (body.code === 'SERVICE_UNAVAILABLE' && !res.getHeader('Retry-After')) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
}

/**
 * The HTML page of an error, for a browser asking for a page (src/pages provides it): null when the
 * request is not one (an API call, a program, a non-GET): it gets the JSON error body.
 */
export interface HtmlErrorPages {
  render(req: Request, body: ErrorBody): string | null;
}
export const HTML_ERROR_PAGES = Symbol('HTML_ERROR_PAGES');

/** Where error headers go: an Express response. */
export interface HeaderTarget {
  getHeader(name: string): unknown;
  setHeader(name: string, value: string): unknown;
}
