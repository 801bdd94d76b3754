import { escapeHtml } from './format.js';
import { layout, type PageContext } from './layout.js';

export interface PageError {
  statusCode: number;
  code: string;
  message: string;
}

/**
 * A page that failed: what happened in plain words, and a way to try again. `message` is the
 * API's message for the error, already in the page's language (the error filter builds it).
 */
export function renderErrorPage(page: PageContext, err: PageError): string {
  const { t } = page;
  const unavailable = err.statusCode === 503;
  const title = t.t(unavailable ? 'errorPage.unavailableTitle' : err.statusCode >= 500 ? 'errorPage.serverErrorTitle' : 'errorPage.clientErrorTitle');
  const advice = unavailable
    ? t.html('errorPage.unavailableAdvice')
    : err.statusCode >= 500
      ? t.html('errorPage.serverErrorAdvice')
      : escapeHtml(err.message);
  const body =
    `<section class="card error-page" data-testid="error-page" data-status="${err.statusCode}" data-code="${escapeHtml(err.code)}">` +
    `<h1>${escapeHtml(title)}</h1>` +
    `<p>${advice}</p>` +
    `<p class="subtle">${t.html('errorPage.errorLine', { status: String(err.statusCode), code: err.code })}</p>` +
    `<p><a class="pl-btn pl-btn-primary" href="" data-part="error-retry" data-testid="error-retry">${t.html('errorPage.retry')}</a> <a class="pl-btn" href="/">${t.html('errorPage.home')}</a></p>` +
    '</section>';
  return layout(page, title, `<div class="pl-page">${body}</div>`);
}

/** The ways on from a page that is not there. */
export function wayOnHtml(page: PageContext): string {
  const { t } = page;
  return (
    '<p class="pl-row">' +
    `<a class="pl-btn pl-btn-primary" href="/" data-testid="not-found-home">${t.html('notFound.home')}</a>` +
    `<a class="pl-btn" href="/play">${t.html('notFound.play')}</a>` +
    `<a class="pl-btn" href="/leaderboard">${t.html('notFound.leaderboard')}</a>` +
    '</p>'
  );
}

/** The 404 page a browser gets for an address that is no page (the API answers JSON). */
export function renderNotFoundPage(page: PageContext, path: string): string {
  const { t } = page;
  const shown = path.length > 80 ? `${path.slice(0, 80)}…` : path;
  const body =
    '<section class="card error-page" data-testid="not-found-page" data-status="404">' +
    `<h1>${t.html('notFound.title')}</h1>` +
    `<p>${t.html('notFound.text', { path: shown }, { code: (c) => `<code data-testid="missing-path">${c}</code>` })}</p>` +
    wayOnHtml(page) +
    '</section>';
  return layout(page, t.t('notFound.title'), `<div class="pl-page">${body}</div>`);
}
