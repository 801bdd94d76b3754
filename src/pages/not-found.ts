import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { ErrorBody } from '../common/errors.js';
import type { HtmlErrorPages } from '../common/error-writers.js';
import { pageContext } from '../i18n/http/request-language.js';
import { renderNotFoundPage } from './views/error.js';

/** Paths that are never pages: the API, its documentation, the static files, the probes. */
const NOT_PAGES = /^\/(api|docs|docs-json|assets|health|metrics)(\/|$)/;

/**
 * Content negotiation for an unknown address: a browser asking for a page (GET or HEAD outside
 * the API, text/html preferred to JSON in Accept) gets the HTML 404 page; everyone else the
 * API's JSON 404.
 */
export function wantsHtmlPage(req: Pick<Request, 'method' | 'path' | 'accepts'>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (NOT_PAGES.test(req.path)) return false;
  return req.accepts(['application/json', 'text/html']) === 'text/html';
}

@Injectable()
export class NotFoundPages implements HtmlErrorPages {
  render(req: Request, body: ErrorBody): string | null {
    if (body.statusCode !== 404 || !wantsHtmlPage(req)) return null;
    return renderNotFoundPage(pageContext(req), readablePath(req.path));
  }
}

/** The path as a person typed it (%-escapes decoded; left as it is when they do not decode). The view escapes it. */
function readablePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
