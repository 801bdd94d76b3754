import { CHART_TEXT } from './chart.js';
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

/** The chart's text grows as the page narrows (the SVG shrinks with it); sizes from chart.ts. */
const CHART_TEXT_CSS = [
  ...CHART_TEXT.steps.map((s) => `@media (max-width: ${s.maxWidth}px) { .chart text { font-size: ${s.size}px; } }`),
  `@media (max-width: ${CHART_TEXT.hideMinorAt}px) { .chart .minor { display: none; } }`,
].join('\n');

const CSS = `
:root {
  --bg: #f5f7f5; --fg: #1c2421; --muted: #5f6b66; --card: #ffffff; --line: #dfe5e1;
  --accent: #1f7a4d; --accent-dark: #155c39; --stripe: #f8faf9; --hover: #eef5f1;
  --win: #1f7a4d; --loss: #b3261e; --draw: #7a6a1f;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #121614; --fg: #e4ebe7; --muted: #9aa8a1; --card: #1a201d; --line: #2c3531;
    --accent: #4fb585; --accent-dark: #1d5a3c; --stripe: #1e2521; --hover: #23302a;
    --win: #5cc48f; --loss: #ef7b73; --draw: #d6c266;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--fg);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
a { color: var(--accent); text-decoration: none; }
time { white-space: nowrap; }
a:hover, a:focus-visible { text-decoration: underline; }
.site-header { background: var(--accent-dark); color: #fff; }
.site-header nav {
  max-width: 960px; margin: 0 auto; padding: 0.6rem 1rem;
  display: flex; align-items: center; gap: 1.25rem; flex-wrap: wrap;
}
.site-header a { color: #fff; opacity: 0.9; }
.site-header a:hover { opacity: 1; }
.site-header a[aria-current="page"] { opacity: 1; text-decoration: underline; text-underline-offset: 0.3em; text-decoration-thickness: 2px; }
.brand { display: inline-flex; align-items: center; gap: 0.5rem; font-weight: 700; font-size: 1.2rem; letter-spacing: 0.02em; margin-right: auto; }
.brand .logo { display: block; }
main.container { max-width: 960px; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.7rem; margin: 0 0 0.25rem; line-height: 1.2; word-break: break-word; }
h2 { font-size: 1.2rem; margin: 2rem 0 0.75rem; }
.subtle, .muted { color: var(--muted); }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 1rem 1.25rem; }
.table-wrap { overflow-x: auto; background: var(--card); border: 1px solid var(--line); border-radius: 10px; }
table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 0.55rem 0.75rem; text-align: left; white-space: nowrap; }
thead th {
  font-size: 0.78rem; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted);
  border-bottom: 2px solid var(--line); background: var(--card); position: sticky; top: 0;
}
tbody tr + tr td { border-top: 1px solid var(--line); }
tbody tr:nth-child(even) { background: var(--stripe); }
tbody tr:hover { background: var(--hover); }
td.num, th.num { text-align: right; }
td.name { font-weight: 600; }
td.rank { color: var(--muted); width: 3rem; }
.provisional { color: var(--muted); font-weight: 400; }
.record .w, .win { color: var(--win); }
.record .l, .loss { color: var(--loss); }
.record .d, .draw { color: var(--draw); }
.delta-up { color: var(--win); }
.delta-down { color: var(--loss); }
.pager { display: flex; justify-content: space-between; align-items: center; gap: 1rem; margin-top: 1rem; flex-wrap: wrap; }
.pager a, .pager .disabled {
  display: inline-block; padding: 0.35rem 0.9rem; border: 1px solid var(--line); border-radius: 999px; background: var(--card);
}
.pager .disabled { color: var(--muted); opacity: 0.6; }
.empty { padding: 2rem 1rem; text-align: center; color: var(--muted); }
.empty h1, .empty strong { color: var(--fg); }
.badge {
  display: inline-block; font-size: 0.72rem; font-weight: 600; text-transform: uppercase; letter-spacing: 0.05em;
  padding: 0.1rem 0.5rem; border-radius: 999px; border: 1px solid var(--line); color: var(--muted); vertical-align: middle;
}
.stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(130px, 1fr)); gap: 0.75rem; margin: 1rem 0 0; }
.stats div { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 0.6rem 0.9rem; }
.stats dt { font-size: 0.75rem; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); }
.stats dd { margin: 0; font-size: 1.35rem; font-weight: 650; font-variant-numeric: tabular-nums; }
.chart-card { padding: 0.5rem; }
.chart { display: block; width: 100%; height: auto; }
.chart text { fill: var(--muted); font: ${CHART_TEXT.normal}px system-ui, sans-serif; }
.disc {
  display: inline-block; width: 0.8em; height: 0.8em; border-radius: 50%; vertical-align: -0.05em; margin-right: 0.35em;
  border: 1px solid #111;
}
.disc-black { background: #111; }
.disc-white { background: #fafafa; }
@media (prefers-color-scheme: dark) {
  .disc-black { border-color: #9aa8a1; }
}
.site-footer { max-width: 960px; margin: 0 auto; padding: 0 1rem 2rem; font-size: 0.85rem; color: var(--muted); }
@media (max-width: 640px) {
  body { font-size: 15px; }
  th, td { padding: 0.45rem 0.5rem; }
  .hide-sm { display: none; }
  h1 { font-size: 1.4rem; }
  .site-header nav { gap: 0.9rem; }
  .brand { font-size: 1.1rem; }
}
/* Recent games: long names are cut short; Type and Finished go before the table gets too wide. */
.games .g-opp a { display: inline-block; max-width: 10rem; overflow: hidden; text-overflow: ellipsis; vertical-align: bottom; }
@media (max-width: 960px) {
  .hide-md { display: none; }
}
/* …then each game restacks into a two-line entry, the player's disc on the left. */
@media (max-width: 760px) {
  .games thead {
    position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
  }
  .games, .games tbody { display: block; }
  .games tr {
    display: grid; grid-template-columns: auto auto auto 1fr auto; grid-template-areas: "col opp opp opp res" "col dis del . mov";
    column-gap: 0.8rem; row-gap: 0.1rem; align-items: baseline; padding: 0.55rem 0.75rem;
  }
  .games tbody tr + tr { border-top: 1px solid var(--line); }
  .games td { padding: 0; border: 0 !important; }
  .games .g-col { grid-area: col; align-self: center; }
  .games .g-col .disc { width: 1.05em; height: 1.05em; margin: 0; }
  .games .g-col .color-name {
    position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
  }
  .games .g-opp { grid-area: opp; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
  .games .g-res { grid-area: res; text-align: right; font-weight: 600; }
  .games .g-discs { grid-area: dis; text-align: left; }
  .games .g-delta { grid-area: del; text-align: left; }
  .games .g-moves { grid-area: mov; text-align: right; }
  .games .g-discs::before { content: "Discs "; color: var(--muted); }
  .games .g-delta::before { content: "Rating "; color: var(--muted); }
  .games .g-opp a { max-width: 100%; }
}
@media (max-width: 400px) {
  .games tr { column-gap: 0.55rem; padding: 0.5rem 0.6rem; }
  .games .g-discs, .games .g-delta, .games .g-moves { font-size: 0.9em; }
}
/* The narrowest phones: the logo alone stands for the brand (its name stays for screen readers). */
@media (max-width: 359px) {
  .brand span {
    position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
  }
}
${CHART_TEXT_CSS}
`;

function navHtml(current: NavKey | undefined): string {
  return NAV_LINKS.map((l) => `<a href="${l.href}"${l.key === current ? ' aria-current="page"' : ''}>${l.label}</a>`).join('\n');
}

/**
 * The shared page shell. `title` is plain text (escaped here); `body` is trusted HTML;
 * `current` marks that header link as the current page.
 */
export function layout(title: string, body: string, current?: NavKey): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Outflank</title>
<link rel="icon" href="${escapeHtml(FAVICON)}">
<style>${CSS}</style>
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
</body>
</html>
`;
}
