/** Sending an error body: its headers, on Express or on a Fastify reply, and the HTML page browsers get. */
import type { ServerResponse } from 'node:http';
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

/** Where error headers go: an Express response, or a Fastify reply's headers. */
export interface HeaderTarget {
  getHeader(name: string): unknown;
  setHeader(name: string, value: string): unknown;
}

/** A Fastify reply (the experimental Fastify adapter, src/app.fastify.ts): node's response is `raw`. */
export interface FastifyReplyLike {
  raw: ServerResponse;
  sent: boolean;
  hijack(): unknown;
  getHeader(name: string): unknown;
  header(name: string, value: string): unknown;
  status(code: number): { send(body: unknown): unknown };
}

export function isFastifyReply(res: unknown): res is FastifyReplyLike {
  return typeof res === 'object' && res !== null && 'raw' in res && typeof (res as { hijack?: unknown }).hijack === 'function';
}

/** Writes an error answer on a Fastify reply as on an Express response (the same headers and body). */
export function sendOnFastify(res: FastifyReplyLike, body: ErrorBody): void {
  if (res.sent || res.raw.headersSent) {
    res.raw.end();
    return;
  }
  setErrorHeaders({ getHeader: (name) => res.getHeader(name), setHeader: (name, value) => res.header(name, value) }, body);
  res.status(body.statusCode).send(body);
}
