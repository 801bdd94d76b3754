import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll } from '@jest/globals';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { startTestApp, TestApp } from '../support/app.js';

/** Debian's chromium (apt-get install chromium; .ci/run installs it). The tests fail, never skip, without it. */
export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Screenshots for people to look at (ignored by git). */
export const ARTIFACTS = resolve(__dirname, '..', 'artifacts');

/** Runs in the page (a string: the project's TypeScript has no DOM types): true when nothing scrolls sideways. */
export const FITS_WIDTH = 'document.documentElement.scrollWidth <= window.innerWidth';

/**
 * Headless Debian chromium, and the screenshot folder; a clear failure when chromium is missing.
 * `extraArgs`: more command-line switches, e.g. `--host-resolver-rules=MAP outflank.test 127.0.0.1`.
 */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser tests need Debian's Chromium at ${CHROMIUM}, which is missing. Install it with ` +
        '`sudo apt-get update && sudo apt-get install -y chromium` (.ci/run does this in CI); these tests fail rather than skip.',
    );
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
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
 * and headless chromium, handed to `use`; after all, both closed. Further set-up goes in a
 * `beforeAll` of the suite's own, declared after this call (jest runs them in order).
 */
export function withAppAndBrowser(
  env: Record<string, string>,
  use: (app: TestApp, browser: Browser) => void,
  options: { chromiumArgs?: string[] } = {},
): void {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await startTestApp(env);
    browser = await launchChromium(options.chromiumArgs);
    use(app, browser);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
}
