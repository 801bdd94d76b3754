/**
 * A newcomer's first hour (issue #22), the pages' side, in chromium: accessibility (axe-core) of
 * every page at 1280×800 and 390×844 with no serious or critical violation, a screenshot of each
 * (test/artifacts/a11y-<page>-<desktop|phone>.png), and the points a stranger tripped over: the
 * header, 44 px targets on phones, the home page, register mode, one way in on an invite, broken
 * links, the 404 page, replay links, times in words, the way to the leaderboard.
 */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { longDate } from '../../src/i18n/dates.js';
import { playOpening, startRoomGame } from '../factories/games.js';
import { guestPlayer, registerPlayer, TestPlayer, uniqueName } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { ARTIFACTS, axeViolations, FITS_WIDTH, reportCspViolations, withAppAndBrowser, type Violation } from './chromium.js';

const WAIT = 15_000;
const SIZES = [
  { size: 'desktop', viewport: { width: 1280, height: 800 } },
  { size: 'phone', viewport: { width: 390, height: 844 } },
] as const;

describe('a newcomer\'s pages in chromium (issue #22)', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[] = [];
  let host: TestPlayer;
  let guest: TestPlayer;
  let ada: TestPlayer;
  let liveId: string;
  let finishedId: string;

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT);
    page.on('console', (msg) => {
      // The 404 pages answer 404 on purpose, and "José" is refused (400): the browser logs those statuses.
      if (msg.type() === 'error' && !/status of (400|404)\b/.test(msg.text())) problems.push(`${path}: console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`${path}: page error: ${err.message}`));
    await reportCspViolations(page);
    await page.goto(t.baseUrl + path, { waitUntil: 'load' });
    return page;
  }

  async function contextFor(viewport: { width: number; height: number }, player?: TestPlayer, bypassCSP = false, colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
    const ctx = await browser.newContext({ viewport, bypassCSP, colorScheme });
    if (player) await ctx.addInitScript(`localStorage.setItem('outflank.token', ${JSON.stringify(player.token)})`);
    return ctx;
  }

  withAppAndBrowser({ SSE_HEARTBEAT_SECONDS: '1' }, (app, b) => {
    t = app;
    browser = b;
  });

  beforeAll(async () => {
    host = await guestPlayer(t.http);
    guest = await guestPlayer(t.http);
    const live = await startRoomGame(t.http, host, guest);
    await playOpening(t.http, live.gameId, host, guest);
    liveId = live.gameId;
    // A registered player with a finished game (resigned by the opponent after both moved).
    ada = await registerPlayer(t.http, uniqueName('ada'));
    const bob = await guestPlayer(t.http);
    const done = await startRoomGame(t.http, ada, bob);
    await playOpening(t.http, done.gameId, ada, bob);
    await request(t.http).post(`/api/games/${done.gameId}/resign`).set(bob.auth).send({}).expect(200);
    finishedId = done.gameId;
    // One of its moves played by the CPU stand-in, on purpose: the move list marks it (.pl-by-cpu),
    // and the axe runs below must see that marker every time, not only when a slow run lets the
    // stand-in take a seat of the live game.
    await t.db.query("UPDATE moves SET by = 'cpu' WHERE game_id = $1 AND ply = (SELECT max(ply) FROM moves WHERE game_id = $1 AND color = 'white' AND NOT pass)", [finishedId]);
  }, 120_000);

  afterEach(() => {
    const seen = problems.splice(0);
    expect(seen).toEqual([]);
  });

  const gameReady = (page: Page) => page.locator('#play-game:not([data-state=loading])').waitFor({ state: 'attached' });

  /** Each page a newcomer meets, how to open it, and when it is ready to be checked. */
  const PAGES: [name: string, path: () => string, player: () => TestPlayer | undefined, ready: (page: Page) => Promise<unknown>][] = [
    ['home', () => '/', () => undefined, (p) => p.locator('[data-testid=watch-list]:not([data-state=loading])').waitFor({ state: 'attached' })],
    ['lobby', () => '/play', () => ada, (p) => p.getByTestId('signed-in').waitFor()],
    ['login', () => '/play', () => undefined, (p) => p.getByTestId('auth-form').waitFor()],
    [
      'register',
      () => '/play',
      () => undefined,
      async (p) => {
        await p.getByTestId('auth-mode-register').click();
        await p.getByTestId('username-rule').waitFor();
      },
    ],
    ['game-black', () => `/play/${liveId}`, () => host, gameReady],
    ['game-white', () => `/play/${liveId}`, () => guest, gameReady],
    ['finished', () => `/play/${finishedId}`, () => ada, (p) => p.getByTestId('result-banner').waitFor()],
    [
      'replay',
      () => `/play/${finishedId}`,
      () => undefined,
      async (p) => {
        await p.getByTestId('replay').waitFor();
        await p.getByTestId('replay-first').click();
      },
    ],
    ['leaderboard', () => '/leaderboard', () => undefined, (p) => p.getByTestId('leaderboard-rule').waitFor()],
    ['player', () => `/players/${ada.username}`, () => undefined, (p) => p.getByTestId('recent-games').waitFor()],
    ['rules', () => '/rules', () => undefined, (p) => p.locator('h1').waitFor()],
    ['learn', () => '/learn', () => undefined, (p) => p.locator('#learn:not([data-state=loading])').waitFor({ state: 'attached' })],
    ['not-found', () => '/no/such/page', () => undefined, (p) => p.getByTestId('not-found-page').waitFor()],
    ['broken-link', () => '/play/not-a-game', () => undefined, (p) => p.getByTestId('broken-link').waitFor()],
  ];

  it.each(PAGES)('axe-core: %s has no serious or critical violation at 1280×800 and 390×844 (screenshots)', async (name, path, player, ready) => {
    const found: Record<string, Violation[]> = {};
    for (const { size, viewport } of SIZES) {
      const ctx = await contextFor(viewport, player(), true);
      try {
        const page = await open(ctx, path());
        await ready(page);
        found[size] = await axeViolations(page);
        await page.screenshot({ path: join(ARTIFACTS, `a11y-${name}-${size}.png`), fullPage: true });
      } finally {
        await ctx.close();
      }
    }
    expect(found).toEqual({ desktop: [], phone: [] });
  }, 120_000);

  // The site follows the system's dark mode (prefers-color-scheme): the same check on the dark pages.
  it.each(PAGES)('axe-core, dark mode: %s has no serious or critical violation at 1280×800 (screenshot)', async (name, path, player, ready) => {
    const ctx = await contextFor(SIZES[0].viewport, player(), true, 'dark');
    try {
      const page = await open(ctx, path());
      await ready(page);
      expect(await page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")).toBe(true);
      if (name === 'finished') await page.locator('.pl-by-cpu').first().waitFor();
      const found = await axeViolations(page);
      await page.screenshot({ path: join(ARTIFACTS, `a11y-${name}-dark.png`), fullPage: true });
      expect(found).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('"Play as guest" by keyboard: the focus goes on to the quick match, not back to the top of the page', async () => {
    const ctx = await contextFor({ width: 1280, height: 800 });
    try {
      const page = await open(ctx, '/play');
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
    const desktop = await contextFor({ width: 1280, height: 800 });
    try {
      const page = await open(desktop, '/');
      expect(await page.getByTestId('site-nav').getByRole('link').allInnerTexts()).toEqual(['Home', 'Play', 'Leaderboard', 'Rules', 'Learn', 'Strategy']);
    } finally {
      await desktop.close();
    }
    const ctx = await contextFor({ width: 390, height: 844 });
    try {
      const rows =
        "(function () { var out = []; document.querySelectorAll('[data-testid=site-nav] a, .brand').forEach(function (a) { var r = a.getBoundingClientRect(); if (r.width > 0) out.push([a.getAttribute('href'), a.textContent.trim(), Math.round(r.height), Math.round(r.width), Math.round(r.top)]); }); return out; })()";
      for (const lang of ['bn', 'hi', 'ne', 'sw', 'tg']) {
        const other = await open(ctx, `/?lang=${lang}`);
        const seen = (await other.evaluate(rows)) as [string, string, number, number, number][];
        const nav = seen.slice(1);
        expect({ lang, hrefs: nav.map(([href]) => href) }).toEqual({ lang, hrefs: ['/play', '/leaderboard', '/rules', '/learn', '/strategy'] });
        expect({ lang, rows: new Set(nav.map((l) => l[4])).size }).toEqual({ lang, rows: 1 });
        expect({ lang, fits: await other.evaluate(FITS_WIDTH) }).toEqual({ lang, fits: true });
        await other.close();
      }
      const page = await open(ctx, '/?lang=en');
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
      const game = await open(ctx, `/play/${liveId}`);
      await gameReady(game);
      const back = (await game.evaluate("(function () { var r = document.querySelector('.pl-topbar > a').getBoundingClientRect(); return [r.height, r.width]; })()")) as number[];
      expect(back[0]).toBeGreaterThanOrEqual(44);
      expect(back[1]).toBeGreaterThanOrEqual(44);
      await page.getByRole('link', { name: 'Leaderboard', exact: true }).first().click();
      await page.waitForURL(`${t.baseUrl}/leaderboard`);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('home: one line saying what Reversi is, the start position, and the four ways in, all on the first screen', async () => {
    for (const { viewport } of SIZES) {
      const ctx = await contextFor(viewport);
      try {
        const page = await open(ctx, '/');
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
    const ctx = await contextFor({ width: 390, height: 844 });
    try {
      const page = await open(ctx, '/play');
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
    const owner = await guestPlayer(t.http);
    const room = (await request(t.http).post('/api/rooms').set(owner.auth).send({}).expect(201)).body;
    const ctx = await contextFor({ width: 390, height: 844 });
    try {
      const page = await open(ctx, `/play?join=${room.code}`);
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
    const ctx = await contextFor({ width: 1280, height: 800 });
    try {
      const lobby = await open(ctx, '/play?join=%25%25garbled%3Cb%3E');
      await lobby.locator('[data-testid=invite][data-state=broken]').waitFor();
      expect(await lobby.getByTestId('invite-title').innerText()).toBe('This invite link does not work');
      expect(await lobby.locator('[data-testid=invite] [data-testid=form-error]').innerText()).toBe('The room code in this link is not valid: ask for a new link.');

      const game = await ctx.newPage();
      const res = await game.goto(`${t.baseUrl}/play/%25%25garbled%3Cb%3E`);
      expect(res!.status()).toBe(404);
      expect(await game.getByTestId('broken-link').locator('h1').innerText()).toBe('This link is broken');

      const page = await ctx.newPage();
      const missing = await page.goto(`${t.baseUrl}/no/such/page`);
      expect(missing!.status()).toBe(404);
      expect(missing!.headers()['content-type']).toContain('text/html');
      expect(await page.getByTestId('missing-path').innerText()).toBe('/no/such/page');
      await page.getByTestId('not-found-home').click();
      await page.waitForURL(`${t.baseUrl}/`);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('a player page: each game links to its replay; times in words of the page\'s language, the local date as the title; how far to the leaderboard', async () => {
    const ctx = await contextFor({ width: 1280, height: 800 });
    try {
      const page = await open(ctx, `/players/${ada.username}?lang=sw`);
      const row = page.locator(`[data-testid=game-row][data-game-id="${finishedId}"]`);
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
      await page.waitForURL(`${t.baseUrl}/play/${finishedId}`);
      await page.getByTestId('result-banner').waitFor();
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
