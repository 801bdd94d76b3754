import { pageContextOf } from '../../../src/i18n/page-context.js';
import { describe, it, expect } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHART_TEXT } from '../../../src/pages/views/chart.js';
import { layout, LOGO_SVG, NAV_LINKS } from '../../../src/pages/views/layout.js';

const EN = pageContextOf('en');

/** The stylesheet every page links (src/client/styles/site.css, which imports play.css). */
const STYLES = ['site.css', 'play.css'].map((f) => readFileSync(join(__dirname, '../../../src/client/styles', f), 'utf8')).join('\n');
const css = (_html: string): string => STYLES;
const nav = (html: string): string => html.match(/<nav aria-label="Main">([\s\S]*?)<\/nav>/)![1];
/** The bodies of the `@media (…)` blocks whose condition contains `condition`. */
function media(html: string, condition: string): string[] {
  const out: string[] = [];
  const text = css(html);
  let at = text.indexOf('@media (');
  while (at >= 0) {
    const open = text.indexOf('{', at);
    let depth = 1;
    let i = open + 1;
    while (depth > 0 && i < text.length) {
      if (text[i] === '{') depth += 1;
      if (text[i] === '}') depth -= 1;
      i += 1;
    }
    if (text.slice(at, open).includes(condition)) out.push(text.slice(open + 1, i - 1));
    at = text.indexOf('@media (', i);
  }
  return out;
}

describe('layout', () => {
  const html = layout(EN, 'Title <&>', '<p id="body">hello</p>');

  it('is a complete HTML document with the escaped title and the body', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="en" ');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<title>Title &lt;&amp;&gt; · Outflank</title>');
    expect(html).toContain('<p id="body">hello</p>');
    expect(html).not.toContain('Title <&>');
  });

  it('has the header nav, a disc logo, and links the bundled stylesheet and script: nothing inline', () => {
    expect(html).toMatch(/<a class="brand" href="\/">[\s\S]*<svg class="logo"[\s\S]*Outflank/);
    expect(html).toContain('<a href="/docs" data-testid="footer-api">');
    expect(html.match(/<circle /g)?.length).toBe(2);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/site-[A-Z0-9]+\.css">/);
    expect(html).toMatch(/<script type="module" src="\/assets\/client-[A-Z0-9]+\.js"><\/script>/);
    // The CSP allows no inline code: no <style>, no style="", no inline <script>, no on*= handlers.
    expect(html).not.toMatch(/<style|\sstyle=|<script>|\son[a-z]+=/i);
    expect(css(html)).toMatch(/system-ui[\s\S]*max-width: 960px[\s\S]*@media \(max-width: 640px\)/);
  });

  it('links Home · Play · Leaderboard · Rules · Learn · Strategy in the header; the API and its docs in the footer', () => {
    const links = [...nav(html).matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ['/', 'Home'],
      ['/play', 'Play'],
      ['/leaderboard', 'Leaderboard'],
      ['/rules', 'Rules'],
      ['/learn', 'Learn'],
      ['/strategy', 'Strategy'],
    ]);
    expect(NAV_LINKS.map((l) => l.href)).toEqual(['/', '/play', '/leaderboard', '/rules', '/learn', '/strategy']);
    expect(nav(html)).not.toContain('aria-current');
    expect(nav(html)).not.toContain('/docs');
    const footer = html.match(/<footer[\s\S]*<\/footer>/)![0];
    expect(footer).toContain('<nav class="footer-nav" aria-label="For developers"><a href="/docs" data-testid="footer-api">API documentation</a>');
    expect(footer).toContain('<a href="/docs-json" data-testid="footer-openapi">OpenAPI (JSON)</a>');
  });

  it.each([
    ['home', '/'],
    ['play', '/play'],
    ['leaderboard', '/leaderboard'],
    ['rules', '/rules'],
    ['learn', '/learn'],
    ['strategy', '/strategy'],
  ] as const)('marks the %s link as the current page', (key, href) => {
    const marked = nav(layout(EN, 'x', '', key));
    expect(marked.match(/aria-current="page"/g)).toHaveLength(1);
    expect(marked).toMatch(new RegExp(`<a href="${href}"( class="nav-home")? aria-current="page">`));
  });

  it('gives the black logo disc a light rim (it sits on dark green, and on dark tab bars as the favicon)', () => {
    expect(LOGO_SVG).toMatch(/<circle [^>]*fill="#111" stroke="#e4ebe7"/);
    expect(LOGO_SVG).toMatch(/<circle [^>]*fill="#fafafa" stroke="#111"/);
    const favicon = decodeURIComponent(html.match(/<link rel="icon" href="data:image\/svg\+xml,([^"]*)"/)![1]);
    expect(favicon).toMatch(/fill="#111" stroke="#e4ebe7"/);
  });

  it('gives the black table disc a light border in dark mode', () => {
    const dark = media(html, 'prefers-color-scheme: dark').join('\n');
    expect(dark).toMatch(/\.disc-black \{ border-color: #[0-9a-f]{6}; \}/);
  });

  it('does not mute the heading of an empty state', () => {
    expect(css(html)).toMatch(/\.empty \{[^}]*color: var\(--muted\)/);
    expect(css(html)).toMatch(/\.empty h1, \.empty strong \{ color: var\(--fg\); \}/);
  });

  it('grows the chart text as the page narrows and hides the minor x labels on phones', () => {
    expect(css(html)).toContain(`.chart text { fill: var(--muted); font: ${CHART_TEXT.normal}px var(--font-stack); }`);
    let last: number = CHART_TEXT.normal;
    for (const step of CHART_TEXT.steps) {
      expect(media(html, `max-width: ${step.maxWidth}px`).join('\n')).toContain(`.chart text { font-size: ${step.size}px; }`);
      expect(step.size).toBeGreaterThan(last);
      last = step.size;
    }
    // the narrower rules come later, so they win
    const order = CHART_TEXT.steps.map((s) => css(html).indexOf(`.chart text { font-size: ${s.size}px; }`));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(media(html, `max-width: ${CHART_TEXT.hideMinorAt}px`).join('\n')).toContain('.chart .minor { display: none; }');
  });

  it('restacks the recent games on phones and hides their least useful columns first', () => {
    expect(media(html, 'max-width: 960px').join('\n')).toContain('.hide-md { display: none; }');
    const stacked = media(html, 'max-width: 760px').join('\n');
    expect(stacked).toMatch(/\.games tr \{[^}]*display: grid;/);
    for (const area of ['col', 'opp', 'res', 'dis', 'del', 'mov']) expect(stacked).toContain(`grid-area: ${area};`);
    // The labels come from the page's catalogue (data-label), never from the stylesheet.
    expect(stacked).toContain('.games .g-discs::before, .games .g-delta::before { content: attr(data-label) " "');
  });
});
