import { LANGUAGE_INFO, LANGUAGES, type PageLanguage } from '../../i18n/languages.js';
import type { PageContext } from '../../i18n/page-context.js';
import { assetUrl } from '../assets.js';
import { escapeHtml } from './format.js';

export type { PageContext };

/**
 * The two discs of the logo: the black one has a light rim and the white one a dark rim, so each
 * stands out on the green square and on dark backgrounds (a browser tab bar in dark mode).
 */
const LOGO_DISCS =
  '<circle cx="12" cy="16" r="8" fill="#111" stroke="#e4ebe7" stroke-width="1.2"/>' +
  '<circle cx="20" cy="16" r="8" fill="#fafafa" stroke="#111" stroke-width="1.2"/>';

/** Small Reversi logo: a black and a white disc on a green square. */
export const LOGO_SVG =
  '<svg class="logo" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">' +
  '<rect width="32" height="32" rx="7" fill="#1f7a4d"/>' +
  LOGO_DISCS +
  '</svg>';

const FAVICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f7a4d"/>' + LOGO_DISCS + '</svg>',
  );

/** A globe: the picker's icon (a drawing, not a character some fonts lack). */
const GLOBE_SVG =
  '<svg class="lang-icon" viewBox="0 0 16 16" width="15" height="15" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.3">' +
  '<path d="M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13zM8 1.5c-3.7 3.5-3.7 9.5 0 13M8 1.5c3.7 3.5 3.7 9.5 0 13"/><path d="M1.5 8h13M2.6 4.6h10.8M2.6 11.4h10.8"/></svg>';

/** The header's links, in order (their labels are catalogue keys). */
export const NAV_LINKS = Object.freeze([
  Object.freeze({ key: 'home', href: '/', label: 'layout.nav.home' }),
  Object.freeze({ key: 'play', href: '/play', label: 'layout.nav.play' }),
  Object.freeze({ key: 'leaderboard', href: '/leaderboard', label: 'layout.nav.leaderboard' }),
  Object.freeze({ key: 'rules', href: '/rules', label: 'layout.nav.rules' }),
  Object.freeze({ key: 'learn', href: '/learn', label: 'layout.nav.learn' }),
  Object.freeze({ key: 'strategy', href: '/strategy', label: 'layout.nav.strategy' }),
] as const);

/** The footer's links: for programmers (the API and its documentation), not the players' header. */
export const FOOTER_LINKS = Object.freeze([
  Object.freeze({ key: 'api', href: '/docs', label: 'layout.footerNav.api' }),
  Object.freeze({ key: 'openapi', href: '/docs-json', label: 'layout.footerNav.openapi' }),
] as const);

/** Which header link is the current page, if any. */
export type NavKey = (typeof NAV_LINKS)[number]['key'];

function navHtml(page: PageContext, current: NavKey | undefined): string {
  return NAV_LINKS.map((l) => `<a href="${l.href}"${l.key === 'home' ? ' class="nav-home"' : ''}${l.key === current ? ' aria-current="page"' : ''}>${escapeHtml(page.t.t(l.label))}</a>`).join('\n');
}

function footerNavHtml(page: PageContext): string {
  const links = FOOTER_LINKS.map((l) => `<a href="${l.href}" data-testid="footer-${l.key}">${escapeHtml(page.t.t(l.label))}</a>`).join(' · ');
  return `<nav class="footer-nav" aria-label="${escapeHtml(page.t.t('layout.footerNav.label'))}">${links}</nav>`;
}

/** A URL of this page in another language: the page's path and query with `lang=`. */
export function languageHref(path: string, lang: PageLanguage): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`;
}

/**
 * The language picker: a disclosure (`<details>`, no script needed) of links to this page in each
 * language (`?lang=xx`, which the server remembers in a cookie; the browser client also saves a
 * signed-in player's choice). Each name is in its own language and script, with `lang` set.
 */
function languagePicker(page: PageContext): string {
  const current = LANGUAGE_INFO[page.lang];
  const items = LANGUAGES.map((lang) => {
    const info = LANGUAGE_INFO[lang];
    const here = lang === page.lang ? ' aria-current="true"' : '';
    return `<li><a href="${escapeHtml(languageHref(page.path, lang))}" hreflang="${lang}" lang="${lang}" title="${escapeHtml(info.english)}" data-lang="${lang}"${here}>${escapeHtml(info.name)}</a></li>`;
  }).join('');
  return (
    `<details class="lang-picker" data-testid="language-picker">` +
    `<summary aria-label="${escapeHtml(page.t.t('layout.language.current', { name: current.name }))}">${GLOBE_SVG} <span lang="${page.lang}">${escapeHtml(current.name)}</span></summary>` +
    `<ul aria-label="${escapeHtml(page.t.t('layout.language.label'))}">${items}</ul>` +
    '</details>'
  );
}

/** `<link rel="alternate" hreflang>` for each language of this page, and x-default (no choice: negotiated). */
function alternates(page: PageContext): string {
  const links = LANGUAGES.map((lang) => `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(languageHref(page.path, lang))}">`);
  links.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(page.path)}">`);
  return links.join('\n');
}

/**
 * The shared page shell, in the page's language (`page`: see src/i18n/http/request-language.ts).
 * `title` is plain text (escaped here); `body` is trusted HTML; `current` marks that header link
 * as the current page. Styles and scripts are the bundled client's static files (src/client/,
 * see src/pages/assets.ts), the page's language's messages for the client first: no inline CSS
 * or JS, so the CSP needs no 'unsafe-inline'. `skipLink` (trusted HTML) comes before the header:
 * the page's first focusable element (the game page's "Skip to board").
 */
export function layout(page: PageContext, title: string, body: string, current?: NavKey, skipLink = ''): string {
  const { t } = page;
  return `<!doctype html>
<html lang="${page.lang}" data-lang-source="${page.source}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.t('layout.titleSuffix', { title }))}</title>
<link rel="icon" href="${escapeHtml(FAVICON)}">
${alternates(page)}
<link rel="stylesheet" href="${assetUrl('site.css')}">
<script type="module" src="${assetUrl(`i18n.${page.lang}.js`)}"></script>
<script type="module" src="${assetUrl('client.js')}"></script>
</head>
<body>
${skipLink}<header class="site-header">
<div class="site-bar">
<nav aria-label="${escapeHtml(t.t('layout.nav.label'))}">
<a class="brand" href="/">${LOGO_SVG}<span>${escapeHtml(t.t('common.siteName'))}</span></a>
<div class="site-nav" data-part="site-nav" data-testid="site-nav">
${navHtml(page, current)}
</div>
</nav>
${languagePicker(page)}
</div>
</header>
<main class="container">
${body}
</main>
<footer class="site-footer"><p>${t.html('layout.footer')}</p>${footerNavHtml(page)}</footer>
<p class="server-status" data-part="server-status" data-testid="server-status" role="status" hidden>${escapeHtml(t.t('layout.serverStatus'))}</p>
</body>
</html>
`;
}
