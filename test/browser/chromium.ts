import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from '@jest/globals';
import { join } from 'node:path';
import { Browser, BrowserContext, chromium, Locator, Page } from 'playwright-core';
import { startTestApp, TestApp } from '../support/app.js';
import { artifactsFolder, CHROMIUM, CHROMIUM_ARGS, missingChromium } from '../setup/resources.cjs';

export { CHROMIUM, PLAIN_HTTP_HOST } from '../setup/resources.cjs';

/** Screenshots for people to look at (ignored by git; `npm run screenshots` copies the README's). */
export const ARTIFACTS = artifactsFolder();

/**
 * Saves a screenshot of `target` as ARTIFACTS/`name` when OUTFLANK_TEST_SCREENSHOTS=1 (`npm run
 * screenshots` sets it), else nothing: a screenshot checks nothing, and a full-page one costs
 * Chromium about a CPU-second to paint and encode, a minute or two of the browser group in all.
 */
export async function screenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.OUTFLANK_TEST_SCREENSHOTS !== '1') return;
  const path = join(ARTIFACTS, name);
  if ('goto' in target) await target.screenshot({ path, fullPage: options.fullPage ?? false });
  else await target.screenshot({ path });
}

/** Runs in the page (a string: the project's TypeScript has no DOM types): true when nothing scrolls sideways. */
export const FITS_WIDTH = 'document.documentElement.scrollWidth <= window.innerWidth';

/**
 * Headless Debian chromium: the run's one browser when test/run.cjs started it (OUTFLANK_TEST_BROWSER,
 * its endpoint), else one of this file's own; a clear failure when chromium is missing. Closing
 * the answer closes the contexts this file opened (and the browser, when it is the file's own).
 */
export async function launchChromium(): Promise<Browser> {
  const shared = process.env.OUTFLANK_TEST_BROWSER;
  if (shared) return chromium.connect(shared);
  if (!existsSync(CHROMIUM)) throw missingChromium();
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * Makes every Content-Security-Policy violation a console error (which the browser tests collect
 * and fail on): chromium reports some violations only as events. An init script is injected by the
 * browser itself, so the page's own CSP does not apply to it. Call before the page navigates.
 */
export async function reportCspViolations(page: Page): Promise<void> {
  await page.addInitScript(
    "document.addEventListener('securitypolicyviolation', function (e) { console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline code') + ' in ' + e.sourceFile + ':' + e.lineNumber); });",
  );
}

/**
 * A new page of `context` at `url`, signed in with `token` (kept in localStorage, as the client
 * does) when given; its console errors, page errors and CSP violations are pushed to `problems`.
 */
export async function openWatchedPage(context: BrowserContext, url: string, problems: string[], opts: { token?: string; timeoutMs?: number } = {}): Promise<Page> {
  if (opts.token) await context.addInitScript(`localStorage.setItem('outflank.token', ${JSON.stringify(opts.token)})`);
  const page = await context.newPage();
  page.setDefaultTimeout(opts.timeoutMs ?? 10_000);
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`${url}: console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`${url}: page error: ${err.message}`));
  await reportCspViolations(page);
  await page.goto(url, { waitUntil: 'load' });
  return page;
}

/**
 * The usual set-up of a browser suite: before all its tests, the real app (`startTestApp(env)`)
 * and headless chromium (the run's shared one: each test opens contexts of its own), handed to
 * `use`; after all, both closed. Further set-up goes in a
 * `beforeAll` of the suite's own, declared after this call (jest runs them in order).
 */
export function withAppAndBrowser(env: Record<string, string>, use: (app: TestApp, browser: Browser) => void): void {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await startTestApp(env);
    browser = await launchChromium();
    use(app, browser);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
}

const AXE = require.resolve('axe-core/axe.min.js');

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * axe-core on the page, its serious and critical violations (injected: the page's context must
 * bypass the page's CSP for it, `bypassCSP: true`).
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE });
  const all = (await page.evaluate(
    "axe.run(document, { resultTypes: ['violations'] }).then(function (r) { return r.violations.map(function (v) { return { id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 6).map(function (n) { return n.target.join(' ') + ' :: ' + (n.failureSummary || '').split('\\n').slice(0, 3).join(' / '); }) }; }); })",
  )) as Violation[];
  return all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * The contrast ratio (WCAG 2) of each element matching `selector` on the page: its text colour
 * against the first opaque background among it and its ancestors. axe-core leaves some text
 * "to review" (inside a scrolled list, say) rather than failing it: this measures it outright.
 */
export async function contrastRatios(page: Page, selector: string): Promise<number[]> {
  return (await page.evaluate(`(function () {
    function rgb(s) { var m = s.match(/[\\d.]+/g).map(Number); return { c: m.slice(0, 3), a: m.length > 3 ? m[3] : 1 }; }
    function lum(c) { var v = c.map(function (x) { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); }); return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; }
    return Array.from(document.querySelectorAll(${JSON.stringify(selector)})).map(function (el) {
      var fg = rgb(getComputedStyle(el).color).c;
      var bg = [255, 255, 255];
      for (var n = el; n && n.nodeType === 1; n = n.parentElement) { var b = rgb(getComputedStyle(n).backgroundColor); if (b.a === 1) { bg = b.c; break; } }
      var a = lum(fg), b2 = lum(bg);
      return (Math.max(a, b2) + 0.05) / (Math.min(a, b2) + 0.05);
    });
  })()`)) as number[];
}
