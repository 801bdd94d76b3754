import { describe, expect, it } from '@jest/globals';
import { Browser, Page } from 'playwright-core';
import { PLAIN_HTTP_HOST, withAppAndBrowser } from './chromium.js';
import { TestApp } from '../support/app.js';

/**
 * A plain-HTTP server reached by a host name other than localhost (as docker-compose publishes it,
 * or a room's invite link opened on another machine): the browser must not be told to upgrade its
 * requests to https (CSP `upgrade-insecure-requests`) or to remember https (HSTS).
 */
const HOST = PLAIN_HTTP_HOST; // every test chromium resolves it to 127.0.0.1 (--host-resolver-rules)
const WAIT = 10_000;

/** Runs in the page: the client's own kind of calls, a read and a write, over the page's origin. */
const API_CALLS_JS = `(async () => {
  const guest = await fetch('/api/auth/guest', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  const token = (await guest.json()).token;
  const me = await fetch('/api/players/me', { headers: { Authorization: 'Bearer ' + token } });
  const board = await fetch('/api/leaderboard');
  return { guest: guest.status, me: me.status, meUrl: me.url, board: board.status, origin: location.origin };
})()`;

describe('plain HTTP on a host name other than localhost (chromium)', () => {
  let t: TestApp;
  let browser: Browser;

  withAppAndBrowser({}, (app, b) => {
    t = app;
    browser = b;
  });

  it(`opens http://${HOST}:<port>/play and its API calls work over plain HTTP`, async () => {
    const port = new URL(t.baseUrl).port;
    const origin = `http://${HOST}:${port}`;
    const context = await browser.newContext();
    const failed: string[] = [];
    const page: Page = await context.newPage();
    page.setDefaultTimeout(WAIT);
    page.on('requestfailed', (req) => failed.push(`${req.url()} ${req.failure()?.errorText ?? ''}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') failed.push(`console: ${msg.text()}`);
    });

    const response = await page.goto(`${origin}/play`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    const calls = await page.evaluate(API_CALLS_JS);
    expect(calls).toEqual({ guest: 201, me: 200, meUrl: `${origin}/api/players/me`, board: 200, origin });
    expect(failed).toEqual([]);
    const headers = response?.headers() ?? {};
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    await context.close();
  });
});
