import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from '@jest/globals';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { startTestApp, TestApp } from '../support/app.js';
import { artifactsFolder, CHROMIUM, CHROMIUM_ARGS, missingChromium } from '../setup/resources.cjs';

export { CHROMIUM, PLAIN_HTTP_HOST } from '../setup/resources.cjs';

/** Screenshots for people to look at (ignored by git; `npm run screenshots` copies the README's). */
export const ARTIFACTS = artifactsFolder();

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
