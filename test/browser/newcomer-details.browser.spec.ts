/**
 * A newcomer's first hour (issue #22), the pages' side, in chromium, beside the axe-core runs of
 * newcomer.browser.spec.ts: the same pages in dark mode, and the points a stranger tripped over:
 * the header, 44 px targets on phones, the home page, register mode, one way in on an invite,
 * broken links, the 404 page, replay links, times in words, the way to the leaderboard.
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { longDate } from '../../src/i18n/dates.js';
import { guestPlayer, uniqueName } from '../factories/players.js';
import { screenshot, axeViolations, FITS_WIDTH } from './chromium.js';
import { gameReady, PAGES, SIZES, useNewcomer } from './newcomer-pages.js';

describe('a newcomer\'s pages in chromium, dark mode and details (issue #22)', () => {
  const n = useNewcomer();

  // The site follows the system's dark mode (prefers-color-scheme): the same check on the dark pages.
  it.each(PAGES)('axe-core, dark mode: %s has no serious or critical violation at 1280×800 (screenshot)', async (name, path, player, ready) => {
    const ctx = await n.contextFor(SIZES[0].viewport, player(n), true, 'dark');
    try {
      const page = await n.open(ctx, path(n));
      await ready(page);
      expect(await page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")).toBe(true);
      if (name === 'finished') await page.locator('.pl-by-cpu').first().waitFor();
      const found = await axeViolations(page);
      await screenshot(page, `a11y-${name}-dark.png`, { fullPage: true });
      expect(found).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('"Play as guest" by keyboard: the focus goes on to the quick match, not back to the top of the page', async () => {
    const ctx = await n.contextFor({ width: 1280, height: 800 });
    try {
      const page = await n.open(ctx, '/play');
      await page.getByTestId('guest-button').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('signed-in').waitFor();
      await page.locator('#queue-form [name=mode]:checked:focus').waitFor({ state: 'attached' });
      // The next Tab stays in the quick match.
      await page.keyboard.press('Tab');
      expect(await page.evaluate("!!document.activeElement.closest('[data-testid=quick-match]')")).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it('header: Home · Play · Leaderboard · Rules · Learn · Strategy (Leaderboard goes to the leaderboard), the API in the footer; on a phone the brand is the way home, the others one row of 44 px targets in every language', async () => {
    const desktop = await n.contextFor({ width: 1280, height: 800 });
    try {
      const page = await n.open(desktop, '/');
      expect(await page.getByTestId('site-nav').getByRole('link').allInnerTexts()).toEqual(['Home', 'Play', 'Leaderboard', 'Rules', 'Learn', 'Strategy']);
    } finally {
      await desktop.close();
    }
    const ctx = await n.contextFor({ width: 390, height: 844 });
    try {
      const rows =
        "(function () { var out = []; document.querySelectorAll('[data-testid=site-nav] a, .brand').forEach(function (a) { var r = a.getBoundingClientRect(); if (r.width > 0) out.push([a.getAttribute('href'), a.textContent.trim(), Math.round(r.height), Math.round(r.width), Math.round(r.top)]); }); return out; })()";
      let other: Page | undefined;
      for (const lang of ['bn', 'hi', 'ne', 'sw', 'tg']) {
        other = other ? await n.go(other, `/?lang=${lang}`) : await n.open(ctx, `/?lang=${lang}`);
        const seen = (await other.evaluate(rows)) as [string, string, number, number, number][];
        const nav = seen.slice(1);
        expect({ lang, hrefs: nav.map(([href]) => href) }).toEqual({ lang, hrefs: ['/play', '/leaderboard', '/rules', '/learn', '/strategy'] });
        expect({ lang, rows: new Set(nav.map((l) => l[4])).size }).toEqual({ lang, rows: 1 });
        expect({ lang, fits: await other.evaluate(FITS_WIDTH) }).toEqual({ lang, fits: true });
      }
      const page = await n.go(other!, '/?lang=en');
      const links = (await page.evaluate(rows)) as [string, string, number, number, number][];
      expect(links.map(([href, label]) => [href, label])).toEqual([
        ['/', 'Outflank'],
        ['/play', 'Play'],
        ['/leaderboard', 'Leaderboard'],
        ['/rules', 'Rules'],
        ['/learn', 'Learn'],
        ['/strategy', 'Strategy'],
      ]);
      expect(new Set(links.slice(1).map((l) => l[4])).size).toBe(1);
      for (const [href, , height, width] of links) expect({ href, big: height >= 44 && width >= 44 }).toEqual({ href, big: true });
      expect(await page.getByTestId('footer-api').getAttribute('href')).toBe('/docs');
      expect(await page.evaluate(FITS_WIDTH)).toBe(true);
      // The game's way back to the lobby too.
      const game = await n.open(ctx, `/play/${n.liveId}`);
      await gameReady(game);
      const back = (await game.evaluate("(function () { var r = document.querySelector('.pl-topbar > a').getBoundingClientRect(); return [r.height, r.width]; })()")) as number[];
      expect(back[0]).toBeGreaterThanOrEqual(44);
      expect(back[1]).toBeGreaterThanOrEqual(44);
      await page.getByRole('link', { name: 'Leaderboard', exact: true }).first().click();
      await page.waitForURL(`${n.t.baseUrl}/leaderboard`);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('home: one line saying what Reversi is, the start position, and the four ways in, all on the first screen', async () => {
    for (const { viewport } of SIZES) {
      const ctx = await n.contextFor(viewport);
      try {
        const page = await n.open(ctx, '/');
        expect(await page.locator('h1').innerText()).toBe('Play Reversi online');
        expect(await page.getByTestId('home-tagline').innerText()).toMatch(/^Reversi is a board game for two/);
        expect(await page.locator('[data-testid=home-board] svg circle[data-disc]').count()).toBe(4);
        const bottoms = (await page.evaluate(
          "['home-tagline', 'play-now-button', 'home-learn', 'home-leaderboard', 'home-watch'].map(function (id) { return document.querySelector('[data-testid=' + id + ']').getBoundingClientRect().bottom; })",
        )) as number[];
        for (const b of bottoms) expect(b).toBeLessThanOrEqual(viewport.height);
        await page.getByTestId('home-watch').click();
        await page.waitForURL(/#watch-title$/);
      } finally {
        await ctx.close();
      }
    }
  }, 60_000);

  it('register is a mode of its own: the rules up front, new-password, and "José" gets our sentence, not the browser\'s', async () => {
    const ctx = await n.contextFor({ width: 390, height: 844 });
    try {
      const page = await n.open(ctx, '/play');
      await page.getByTestId('auth-form').waitFor();
      expect(await page.getByTestId('username-rule').isVisible()).toBe(false);
      expect(await page.getByTestId('auth-password').getAttribute('autocomplete')).toBe('current-password');
      await page.getByTestId('auth-mode-register').click();
      expect(await page.getByTestId('username-rule').innerText()).toContain('3–20 characters');
      expect(await page.getByTestId('password-rule').innerText()).toContain('At least 8 characters');
      expect(await page.getByTestId('auth-password').getAttribute('autocomplete')).toBe('new-password');
      expect(await page.getByTestId('auth-username').getAttribute('aria-describedby')).toBe('username-rule');
      expect(await page.getByTestId('login-button').isVisible()).toBe(false);
      await page.getByTestId('auth-username').fill('José');
      await page.getByTestId('auth-password').fill('password123');
      await page.getByTestId('register-button').click();
      const error = page.locator('[data-part=signed-out] [data-testid=form-error]');
      await error.waitFor();
      // Said before anything is sent, in the page's words (the name's rule), not the API's.
      expect(await error.innerText()).toBe('This username does not fit the rule: 3–20 characters, letters A–Z and a–z, digits, _ and -, not starting with “guest-”.');
      expect(await page.getByTestId('auth-username').getAttribute('minlength')).toBe('3');
      expect(await page.getByTestId('auth-password').getAttribute('minlength')).toBe('8');
      // The browser's own validation never spoke.
      expect(await page.getByTestId('auth-username').evaluate((e: { validationMessage: string }) => e.validationMessage)).toBe('');
      // A good name registers and signs in.
      await page.getByTestId('auth-username').fill(uniqueName('newbie'));
      await page.getByTestId('register-button').click();
      await page.getByTestId('signed-in').waitFor();
      expect(await page.getByTestId('ladder-note').innerText()).toMatch(/^About \d+ more rated games to the leaderboard$/);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('an invite: one guest button, and it joins the room', async () => {
    const owner = await guestPlayer(n.t.http);
    const room = (await request(n.t.http).post('/api/rooms').set(owner.auth).send({}).expect(201)).body;
    const ctx = await n.contextFor({ width: 390, height: 844 });
    try {
      const page = await n.open(ctx, `/play?join=${room.code}`);
      await page.getByTestId('invite-guest-join').waitFor();
      await page.getByTestId('auth-form').waitFor();
      expect(await page.getByTestId('guest-button').isVisible()).toBe(false);
      const guestButtons = (await page.evaluate(
        "Array.from(document.querySelectorAll('button')).filter(function (b) { return b.offsetParent !== null && /guest/i.test(b.textContent); }).length",
      )) as number;
      expect(guestButtons).toBe(1);
      await page.getByTestId('invite-guest-join').click();
      await page.waitForURL(/\/play\/[0-9a-f-]{36}/);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('broken links say so: a garbled invite, a malformed game id, an unknown page (404 HTML)', async () => {
    const ctx = await n.contextFor({ width: 1280, height: 800 });
    try {
      const lobby = await n.open(ctx, '/play?join=%25%25garbled%3Cb%3E');
      await lobby.locator('[data-testid=invite][data-state=broken]').waitFor();
      expect(await lobby.getByTestId('invite-title').innerText()).toBe('This invite link does not work');
      expect(await lobby.locator('[data-testid=invite] [data-testid=form-error]').innerText()).toBe('The room code in this link is not valid: ask for a new link.');

      const game = await ctx.newPage();
      const res = await game.goto(`${n.t.baseUrl}/play/%25%25garbled%3Cb%3E`);
      expect(res!.status()).toBe(404);
      expect(await game.getByTestId('broken-link').locator('h1').innerText()).toBe('This link is broken');

      const page = await ctx.newPage();
      const missing = await page.goto(`${n.t.baseUrl}/no/such/page`);
      expect(missing!.status()).toBe(404);
      expect(missing!.headers()['content-type']).toContain('text/html');
      expect(await page.getByTestId('missing-path').innerText()).toBe('/no/such/page');
      await page.getByTestId('not-found-home').click();
      await page.waitForURL(`${n.t.baseUrl}/`);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('a player page: each game links to its replay; times in words of the page\'s language, the local date as the title; how far to the leaderboard', async () => {
    const ctx = await n.contextFor({ width: 1280, height: 800 });
    try {
      const page = await n.open(ctx, `/players/${n.ada.username}?lang=sw`);
      const row = page.locator(`[data-testid=game-row][data-game-id="${n.finishedId}"]`);
      const when = row.locator('[data-testid=finished-at] time');
      // The client rewrote it in the reader's clock: words ("sekunde … zilizopita", "sasa hivi"…), never an ISO date.
      await page.locator('[data-testid=finished-at] time:not([title*="UTC"])').waitFor({ state: 'attached' });
      const words = await when.innerText();
      expect(words).not.toMatch(/\d{4}-\d\d-\d\d/);
      // The title: the date with the month in full and the time, in the browser's time zone.
      const timeZone = (await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone')) as string;
      const expected = longDate((await when.getAttribute('datetime'))!, 'sw-u-nu-latn', { time: true, timeZone });
      expect(await when.getAttribute('title')).toBe(expected);
      expect(expected).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d$/);
      expect(await page.getByTestId('ladder-progress').getAttribute('data-games-to-go')).toMatch(/^\d+$/);
      await row.getByTestId('replay-link').click();
      await page.waitForURL(`${n.t.baseUrl}/play/${n.finishedId}`);
      await page.getByTestId('result-banner').waitFor();
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
