import { describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { registerPlayer } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { reportCspViolations, withAppAndBrowser } from './chromium.js';

const WAIT = 10_000;

/** The account card of /play: change the password, sign out on every device, sign out here (chromium). */
describe('the account card (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  /** Console errors and page errors; the refusals this test provokes (401, 403) are taken out where they happen. */
  const problems: string[] = [];

  withAppAndBrowser({ TOKEN_REVOCATION_POLL_MS: '0' }, (app, b) => {
    t = app;
    browser = b;
  });

  /** /play on a device of its own, signed in with `token` (as the client keeps it). */
  async function device(token: string, lang = 'en'): Promise<{ ctx: BrowserContext; page: Page }> {
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await ctx.newPage();
    page.setDefaultTimeout(WAIT);
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    await reportCspViolations(page);
    await page.goto(`${t.baseUrl}/play?lang=${lang}`);
    await page.evaluate(`localStorage.setItem('outflank.token', ${JSON.stringify(token)})`);
    await page.reload();
    await page.getByTestId('signed-in').waitFor({ state: 'visible' });
    return { ctx, page };
  }

  const dropRefusals = (from: number) => problems.splice(from, problems.length - from, ...problems.slice(from).filter((p) => !/status of 40[13]/.test(p)));
  const token = (page: Page) => page.evaluate("localStorage.getItem('outflank.token')") as Promise<string | null>;

  it('changes the password (the other device is signed out), signs out everywhere, and signs a token out', async () => {
    const player = await registerPlayer(t.http, 'account_user', 'first-password');
    const other = (await request(t.http).post('/api/auth/login').send({ username: player.username, password: 'first-password' }).expect(200)).body.token;
    const a = await device(player.token);
    const b = await device(other);
    try {
      // The card is folded away until asked for.
      await a.page.getByTestId('account').locator('summary').click();
      const before = problems.length;
      await a.page.getByTestId('current-password').fill('not-the-password');
      await a.page.getByTestId('new-password').fill('second-password');
      await a.page.getByTestId('change-password').click();
      await a.page.getByTestId('account').getByTestId('form-error').filter({ hasText: 'The current password is wrong.' }).waitFor();
      dropRefusals(before);

      await a.page.getByTestId('current-password').fill('first-password');
      await a.page.getByTestId('new-password').fill('second-password');
      await a.page.getByTestId('change-password').click();
      await a.page.getByTestId('account').getByTestId('form-error').filter({ hasText: 'Password changed. Your other devices are signed out.' }).waitFor();
      const fresh = await token(a.page);
      expect(fresh).not.toBe(player.token);
      expect((await request(t.http).get('/api/players/me').set({ Authorization: `Bearer ${fresh}` })).status).toBe(200);

      // The other device: its token is refused, so it is signed out.
      await b.page.reload();
      await b.page.getByTestId('guest-button').waitFor({ state: 'visible' });
      expect(await token(b.page)).toBeNull();
      // The password change ended the other device's streams at once: a stream that reconnected
      // before the reload was refused too, and that refusal is also this step's own.
      dropRefusals(before);
      // …and signs in with the new password.
      await b.page.getByTestId('auth-username').fill(player.username);
      await b.page.getByTestId('auth-password').fill('second-password');
      await b.page.getByTestId('login-button').click();
      await b.page.getByTestId('signed-in').waitFor({ state: 'visible' });
      const bToken = await token(b.page);

      // Sign out on every device, from the first one: both are signed out. The server ends both
      // devices' event streams at once, and a stream that reconnects before its page has heard
      // is refused (401): those refusals are this step's own.
      const beforeEverywhere = problems.length;
      await a.page.reload();
      await a.page.getByTestId('account').locator('summary').click();
      await a.page.getByTestId('sign-out-everywhere').click();
      await a.page.getByTestId('guest-button').waitFor({ state: 'visible' });
      expect(await a.page.getByTestId('lobby-error').innerText()).toBe('You are signed out on every device.');
      for (const old of [fresh, bToken]) expect((await request(t.http).get('/api/players/me').set({ Authorization: `Bearer ${old}` })).status).toBe(401);

      // The sign-out button: this token is refused by the server from then on.
      await b.page.reload();
      await b.page.getByTestId('guest-button').waitFor({ state: 'visible' });
      dropRefusals(beforeEverywhere);
      await b.page.getByTestId('auth-username').fill(player.username);
      await b.page.getByTestId('auth-password').fill('second-password');
      await b.page.getByTestId('login-button').click();
      await b.page.getByTestId('signed-in').waitFor({ state: 'visible' });
      const signedOut = await token(b.page);
      await b.page.getByTestId('sign-out').click();
      await b.page.getByTestId('guest-button').waitFor({ state: 'visible' });
      dropRefusals(beforeEverywhere);
      expect((await request(t.http).get('/api/players/me').set({ Authorization: `Bearer ${signedOut}` })).status).toBe(401);
    } finally {
      await a.ctx.close();
      await b.ctx.close();
    }
  }, 90_000);

  it('the card speaks the page language, and guests have none', async () => {
    const player = await registerPlayer(t.http);
    const bn = await device(player.token, 'bn');
    try {
      expect(await bn.page.getByTestId('account').locator('summary').innerText()).toBe('অ্যাকাউন্ট');
      await bn.page.getByTestId('account').locator('summary').click();
      expect(await bn.page.getByTestId('sign-out-everywhere').innerText()).toBe('সব ডিভাইস থেকে সাইন আউট');
    } finally {
      await bn.ctx.close();
    }
    const guest = (await request(t.http).post('/api/auth/guest').send({}).expect(201)).body.token;
    const g = await device(guest);
    try {
      expect(await g.page.getByTestId('account').isVisible()).toBe(false);
    } finally {
      await g.ctx.close();
    }
  });

  it('no page logged an error or broke a CSP rule', () => {
    expect(problems).toEqual([]);
  });
});
