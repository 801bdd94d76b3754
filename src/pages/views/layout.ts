import { assetUrl } from '../assets.js';
import { escapeHtml } from './format.js';

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

/** The header's links, in order. */
export const NAV_LINKS = Object.freeze([
  Object.freeze({ key: 'leaderboard', href: '/', label: 'Leaderboard' }),
  Object.freeze({ key: 'play', href: '/play', label: 'Play' }),
  Object.freeze({ key: 'api', href: '/docs', label: 'API' }),
] as const);

/** Which header link is the current page, if any. */
export type NavKey = (typeof NAV_LINKS)[number]['key'];

function navHtml(current: NavKey | undefined): string {
  return NAV_LINKS.map((l) => `<a href="${l.href}"${l.key === current ? ' aria-current="page"' : ''}>${l.label}</a>`).join('\n');
}

/**
 * The shared page shell. `title` is plain text (escaped here); `body` is trusted HTML;
 * `current` marks that header link as the current page. Styles and script are the bundled
 * client's static files (src/client/, see src/pages/assets.ts): no inline CSS or JS, so the
 * CSP needs no 'unsafe-inline'.
 */
export function layout(title: string, body: string, current?: NavKey): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Outflank</title>
<link rel="icon" href="${escapeHtml(FAVICON)}">
<link rel="stylesheet" href="${assetUrl('site.css')}">
<script type="module" src="${assetUrl('client.js')}"></script>
</head>
<body>
<header class="site-header">
<nav aria-label="Main">
<a class="brand" href="/">${LOGO_SVG}<span>Outflank</span></a>
${navHtml(current)}
</nav>
</header>
<main class="container">
${body}
</main>
<footer class="site-footer">Outflank — a rated Reversi ladder. Ratings use Glicko-2; a <strong>?</strong> marks a provisional rating.</footer>
<p class="server-status" data-part="server-status" data-testid="server-status" role="status" hidden>The server is not answering: retrying…</p>
</body>
</html>
`;
}
