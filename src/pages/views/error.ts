import { escapeHtml } from './format.js';
import { layout } from './layout.js';

export interface PageError {
  statusCode: number;
  code: string;
  message: string;
}

/** A page that failed: what happened in plain words, and a way to try again. */
export function renderErrorPage(err: PageError): string {
  const unavailable = err.statusCode === 503;
  const title = unavailable ? 'Outflank is unavailable for a moment' : err.statusCode >= 500 ? 'Something went wrong' : 'This page cannot be shown';
  const advice = unavailable
    ? 'The server cannot reach its database right now. Nothing is lost: try again in a few seconds.'
    : err.statusCode >= 500
      ? 'The problem has been logged. Try again, or come back a little later.'
      : escapeHtml(err.message);
  const body =
    `<section class="card error-page" data-testid="error-page" data-status="${err.statusCode}" data-code="${escapeHtml(err.code)}">` +
    `<h1>${escapeHtml(title)}</h1>` +
    `<p>${advice}</p>` +
    `<p class="subtle">Error ${err.statusCode} · ${escapeHtml(err.code)}</p>` +
    '<p><a class="pl-btn pl-btn-primary" href="" data-part="error-retry" data-testid="error-retry">Try again</a> <a class="pl-btn" href="/">Home</a></p>' +
    '</section>';
  return layout(title, `<div class="pl-page">${body}</div>`);
}
