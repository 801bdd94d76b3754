/**
 * The site in six languages, in Chromium (issue #19): each language's pages render with the right
 * `<html lang>`, text in the language's script and (Bengali, Devanagari) the self-hosted font; the
 * picker switches and the choice survives a reload and a sign-in; a whole casual game through the
 * UI in Bengali; the pseudo-locale at phone size, with nothing overflowing or clipped.
 */
import { describe, expect, it } from '@jest/globals';
import { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { fromBoardString, legalMoves, squareName } from '../../src/engine/index.js';
import { translator } from '../../src/i18n/catalogues/index.js';
import { LANGUAGES, type Language } from '../../src/i18n/languages.js';
import { guestPlayer, registerPlayer, uniqueName } from '../factories/players.js';
import { playOpening, startRoomGame } from '../factories/games.js';
import { startTestApp, TestApp } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { screenshot, FITS_WIDTH, reportCspViolations, withAppAndBrowser } from './chromium.js';

/**
 * How long a page may take to show what a step waits for. On a loaded machine (CI, or several
 * suites at once) a game page took more than 10 s to reach "playing" and a queue more than 10 s to
 * pair: these tests look at words, scripts and layouts, not at speed, so the limits are generous
 * (a passing run never waits them out).
 */
const WAIT = 30_000;
/** A page load's own limit: under the same load, serving a page and its assets took more than 10 s. */
const NAV_WAIT = 60_000;
/**
 * The least share of a game page's letters in its language's script: the rest are the players'
 * names and the squares (a–h) of the move list (measured 0.73–0.77 in bn, hi, ne and tg).
 */
const GAME_SHARE = 0.65;
const GAME_URL = /\/play\/([0-9a-f-]{36})/;

/** Letters of each language's script. */
const SCRIPT: Record<Language, string> = { en: '[A-Za-z]', sw: '[A-Za-z]', bn: '[\\u0980-\\u09FF]', hi: '[\\u0900-\\u097F]', ne: '[\\u0900-\\u097F]', tg: '[\\u0400-\\u04FF]' };
/** The self-hosted font a language needs, if any. */
const FONT: Partial<Record<Language, string>> = { bn: 'Noto Sans Bengali', hi: 'Noto Sans Devanagari', ne: 'Noto Sans Devanagari' };

/** Runs in the page: the families of the self-hosted faces that the page has loaded. */
const LOADED_FONTS_JS =
  "document.fonts.ready.then(function () { var out = []; document.fonts.forEach(function (f) { if (f.status === 'loaded' && /^\"?Noto Sans/.test(f.family)) out.push(f.family.replace(/\"/g, '')); }); return out.filter(function (v, i, a) { return a.indexOf(v) === i; }).sort(); })";
/** Runs in the page: how many of the main text's letters are in a script (a regex source). */
const scriptShare = (script: string) =>
  `(function () { var t = document.querySelector('main').innerText.replace(/[\\s\\d\\p{P}\\p{S}]/gu, ''); var m = t.match(new RegExp(${JSON.stringify(script)}, 'g')) || []; return t.length ? m.length / t.length : 0; })()`;
/**
 * Runs in the page: every visible button or button-like link whose text does not fit its box
 * (clipped), and the page's horizontal overflow.
 */
// (A heading kept for screen readers only, .sr-only, is clipped to 1 px on purpose.)
const CLIPPED_JS =
  "Array.from(document.querySelectorAll('button, .pl-btn, summary, .pager a, .stats dd, .badge, .pl-badge, h1, h2')).filter(function (e) { var r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.classList.contains('sr-only'); }).filter(function (e) { return e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1; }).map(function (e) { return (e.getAttribute('data-testid') || e.tagName) + ': ' + e.innerText; })";


/** Polls `read` until `done` holds of its value (at most WAIT ms); answers the last value. */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const end = Date.now() + WAIT;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

describe('languages in the browser (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[] = [];
  /** Console errors the current test provokes on purpose (an API error it checks the text of). */
  let expected: RegExp[] = [];

  /** The path each watched page was last sent to, which its console errors are filed under. */
  const at = new WeakMap<Page, string>();
  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT);
    page.setDefaultNavigationTimeout(NAV_WAIT);
    page.on('console', (msg) => {
      const path = at.get(page) ?? '';
      // A page that answers 404 (a missing player or game) is reported by chromium as a failed load.
      if (msg.type() !== 'error' || expected.some((e) => e.test(msg.text()))) return;
      if (!(/status of 404/.test(msg.text()) && /nobody_here|not-a-game/.test(path))) problems.push(`${path}: console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`${at.get(page) ?? ''}: page error: ${err.message}`));
    await reportCspViolations(page);
    return go(page, path);
  }
  /**
   * `page` (opened by `open`) sent on to `path`, as a click on a link would: a page's next load in
   * the same renderer costs Chromium about a third less CPU than a new page's.
   */
  async function go(page: Page, path: string): Promise<Page> {
    at.set(page, path);
    await page.goto(t.baseUrl + path, { waitUntil: 'load' });
    return page;
  }
  /**
   * The fonts Chromium drew a node's text with (DevTools protocol): the script's text must come
   * from the self-hosted face, not from a system font that claims it and draws boxes; a system
   * font may draw the rest (spaces, punctuation, Latin).
   */
  async function drawnWith(page: Page, selector: string): Promise<{ custom: number; system: number; other: number }> {
    const cdp = await page.context().newCDPSession(page);
    try {
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const doc = (await cdp.send('DOM.getDocument', { depth: 0 })) as { root: { nodeId: number } };
      const { nodeId } = (await cdp.send('DOM.querySelector', { nodeId: doc.root.nodeId, selector })) as { nodeId: number };
      const { fonts } = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })) as { fonts: { isCustomFont: boolean; glyphCount: number }[] };
      const text = (await page.locator(selector).innerText()).replace(/\n/g, '');
      const other = [...text].filter((c) => !/[\u0900-\u09FF]/.test(c)).length;
      const sum = (custom: boolean) => fonts.filter((f) => f.isCustomFont === custom).reduce((n, f) => n + f.glyphCount, 0);
      return { custom: sum(true), system: sum(false), other };
    } finally {
      await cdp.detach();
    }
  }
  const htmlLang = (page: Page) => page.evaluate('document.documentElement.lang') as Promise<string>;
  const token = (page: Page) => page.evaluate("localStorage.getItem('outflank.token')") as Promise<string>;

  withAppAndBrowser({}, (app, b) => {
    t = app;
    browser = b;
  });

  it('each language: home, lobby and a game in the right <html lang>, script and font', async () => {
    const host = await registerPlayer(t.http);
    const guest = await guestPlayer(t.http);
    const { gameId } = await startRoomGame(t.http, host, guest);
    await playOpening(t.http, gameId, host, guest);
    for (const lang of LANGUAGES) {
      const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
      try {
        const t9n = translator(lang);
        const pages: [string, string, number][] = [
          [`/?lang=${lang}`, t9n.t('home.title'), 0.5],
          ['/play', t9n.t('play.lobby.heading'), 0.5],
          // A game shows player names and squares in Latin letters besides its texts (the client's, from the catalogue too).
          [`/play/${gameId}`, t9n.t('play.game.moves'), GAME_SHARE],
        ];
        let page: Page | undefined;
        for (const [path, phrase, least] of pages) {
          page = page ? await go(page, path) : await open(context, path);
          if (path.startsWith('/play/')) await page.locator('#play-game:not([data-state=loading])').waitFor({ state: 'attached' });
          expect({ lang, path, html: await htmlLang(page) }).toEqual({ lang, path, html: lang });
          // Most of what the page says is in the language's script (names and codes aside).
          const share = (await page.evaluate(scriptShare(SCRIPT[lang]))) as number;
          expect({ lang, path, share, enough: share > least }).toEqual({ lang, path, share, enough: true });
          expect(await page.locator('main').innerText()).toContain(phrase);
          const fonts = (await page.evaluate(LOADED_FONTS_JS)) as string[];
          expect({ lang, path, fonts }).toEqual({ lang, path, fonts: FONT[lang] ? [FONT[lang]] : [] });
          if (FONT[lang] && !path.startsWith('/play/')) {
            const drawn = await drawnWith(page, path === '/play' ? '.pl-hero h1' : '.home-hero h1');
            expect({ lang, path, drawn, custom: drawn.custom > 0, systemOnlyForTheRest: drawn.system <= drawn.other }).toEqual({ lang, path, drawn, custom: true, systemOnlyForTheRest: true });
          }
        }
      } finally {
        await context.close();
      }
    }
  }, 600_000);

  it('the picker switches; the choice survives a reload and a sign-in and is saved on the player, whose saved language beats the cookie', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, locale: 'en-US' });
    const other = await browser.newContext({ viewport: { width: 1000, height: 800 }, locale: 'hi-IN' });
    try {
      const page = await open(context, '/play');
      expect(await htmlLang(page)).toBe('en');
      await page.getByTestId('language-picker').locator('summary').click();
      await page.getByRole('link', { name: 'বাংলা' }).click();
      await page.waitForURL(/lang=bn/);
      expect(await htmlLang(page)).toBe('bn');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('রিভার্সি খেলুন');
      // Without ?lang: the cookie keeps it.
      await page.goto(`${t.baseUrl}/play`);
      await page.reload();
      expect(await htmlLang(page)).toBe('bn');
      // An API error shows the client's own Bengali sentence for its code (USERNAME_TAKEN).
      expected = [/status of 409/];
      const taken = await registerPlayer(t.http);
      // Registering is a mode of the form (issue #22): "নিবন্ধন" switches to it, "আমার অ্যাকাউন্ট তৈরি করুন" submits.
      await page.getByRole('button', { name: 'নিবন্ধন' }).click();
      await page.getByLabel('ব্যবহারকারী নাম', { exact: true }).fill(taken.username);
      await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill('password123');
      await page.getByRole('button', { name: translator('bn').t('play.lobby.createAccount') }).click();
      const formError = page.getByTestId('auth-form').locator('xpath=..').getByTestId('form-error');
      await formError.filter({ hasText: translator('bn').t('errors.USERNAME_TAKEN') }).waitFor({ state: 'visible' });
      expected = [];
      // Register through the form (in Bengali); still Bengali, and the choice is now the player's.
      const username = uniqueName('lang');
      await page.getByLabel('ব্যবহারকারী নাম', { exact: true }).fill(username);
      await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill('password123');
      await page.getByRole('button', { name: translator('bn').t('play.lobby.createAccount') }).click();
      await page.getByTestId('signed-in').waitFor({ state: 'visible' });
      expect(await htmlLang(page)).toBe('bn');
      const auth = { Authorization: `Bearer ${await token(page)}` };
      const savedLanguage = async () => (await request(t.http).get('/api/players/me').set(auth)).body.language as string | null;
      expect(await until(savedLanguage, (l) => l === 'bn')).toBe('bn');
      // Signed in, the picker's choice is saved on the player.
      await page.getByTestId('language-picker').locator('summary').click();
      await page.getByRole('link', { name: 'Kiswahili' }).click();
      await page.waitForURL(/lang=sw/);
      expect(await htmlLang(page)).toBe('sw');
      expect(await until(savedLanguage, (l) => l === 'sw')).toBe('sw');
      // Another device (Hindi browser, a Nepali cookie) signed in as that player: the saved language wins.
      await other.addCookies([{ name: 'outflank_lang', value: 'ne', url: t.baseUrl }]);
      await other.addInitScript(`localStorage.setItem('outflank.token', ${JSON.stringify(auth.Authorization.slice(7))})`);
      const second = await open(other, '/play');
      // A locator, not a string predicate: polling a string evaluates it in the page, which the CSP refuses.
      await second.locator("html[lang='sw']").waitFor({ state: 'attached', timeout: WAIT });
      await second.getByTestId('signed-in').waitFor({ state: 'visible' });
      expect(await second.getByRole('heading', { level: 1 }).innerText()).toBe('Cheza Reversi');
      // …and its other pages follow it at once (remembered on the device).
      const home = await open(other, '/');
      expect(await htmlLang(home)).toBe('sw');
    } finally {
      expected = [];
      await context.close();
      await other.close();
    }
  }, 300_000);

  it('a whole casual game played through the UI in Bengali', async () => {
    // Reduced motion: the test reads words, and 60-odd animated moves on two pages cost Chromium
    // CPU for nothing it checks (board-feedback.browser.spec.ts tests the animation).
    const one = await browser.newContext({ viewport: { width: 1000, height: 800 }, locale: 'bn-BD', reducedMotion: 'reduce' });
    const two = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'bn-BD', isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    try {
      const pages: Page[] = [];
      for (const context of [one, two]) {
        const page = await open(context, '/play');
        expect(await htmlLang(page)).toBe('bn');
        await page.getByRole('button', { name: 'অতিথি হিসেবে খেলুন' }).click();
        await page.getByTestId('signed-in').waitFor({ state: 'visible' });
        await page.getByRole('button', { name: 'প্রতিপক্ষ খুঁজুন' }).click();
        pages.push(page);
      }
      await Promise.all(pages.map((p) => p.waitForURL(GAME_URL, { timeout: WAIT })));
      const gameId = GAME_URL.exec(pages[0].url())![1];
      await Promise.all(pages.map((p) => p.locator('#play-game[data-state=playing]').waitFor({ state: 'attached' })));
      const roles = await Promise.all(pages.map((p) => p.locator('#play-game').getAttribute('data-role')));
      const byColour = { black: pages[roles.indexOf('black')], white: pages[roles.indexOf('white')] };
      // Before both have moved, the way out is Abort (in Bengali).
      expect(await byColour.black.getByRole('button', { name: 'বাতিল করুন' }).count()).toBe(1);
      let game = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
      let moves = 0;
      while (game.status === 'active') {
        const mover = byColour[game.toMove as 'black' | 'white'];
        const square = squareName(legalMoves(fromBoardString(game.board, game.toMove))[0]);
        // The page at this ply and its board taking clicks: a page that caught up from a record
        // without the game shows the ply before it has read the turn's state, and ignores a click
        // until then (data-busy), as it would a person's.
        await mover.locator(`#play-game[data-ply="${game.ply}"] [data-testid=board][data-busy=false]`).waitFor({ state: 'attached' });
        await mover.locator(`[data-testid=square][data-square=${square}]`).click();
        const before = game.ply;
        game = await until(async () => (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body, (g) => g.ply > before);
        expect(game.ply).toBeGreaterThan(before);
        moves += 1;
      }
      expect(game.status).toBe('finished');
      expect(moves).toBeGreaterThan(20);
      // The result in Bengali sentences of the catalogue's client section, for each side.
      const bn = translator('bn');
      const { winner, discs } = game.result as { winner: 'black' | 'white' | null; discs: { black: number; white: number } };
      for (const [colour, page] of Object.entries(byColour)) {
        await page.locator('#play-game[data-state=over]').waitFor({ state: 'attached' });
        await page.getByTestId('result-banner').waitFor({ state: 'visible' });
        expect(await htmlLang(page)).toBe('bn');
        expect(await page.getByRole('link', { name: 'লবিতে ফিরে যান' }).count()).toBe(1);
        const outcome = winner === null ? 'draw' : winner === colour ? 'won' : 'lost';
        const result = {
          title: await page.getByTestId('result-title').innerText(),
          detail: await page.getByTestId('result-detail').innerText(),
          score: await page.getByTestId('result-score').innerText(),
          changes: await page.getByTestId('rating-changes').innerText(),
          status: await page.getByTestId('turn-status').innerText(),
        };
        expect(result).toEqual({
          title: bn.t(`client.game.result.${outcome}`),
          detail: bn.t(winner === null ? 'client.game.result.boardDraw' : 'client.game.result.board'),
          score: bn.t('client.game.result.score', { black: discs.black, white: discs.white }),
          changes: bn.t('client.game.result.casual'),
          status: bn.t(`client.game.status.${outcome}`),
        });
        expect(result.title).toMatch(new RegExp(SCRIPT.bn));
      }
      await screenshot(pages[1], 'i18n-bn-game-over-phone.png', { fullPage: true });
    } finally {
      await one.close();
      await two.close();
    }
  }, 600_000);

  it('the pseudo-locale (accented, ~40% longer): every page at 390×844 without horizontal overflow or clipped button text', async () => {
    const alice = await registerPlayer(t.http);
    const { gameId } = await startRoomGame(t.http, alice, await guestPlayer(t.http));
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    try {
      await phone.addCookies([{ name: 'outflank_lang', value: 'en-XA', url: t.baseUrl }]);
      // One page led from stop to stop: pages left open keep their event streams and polls going
      // (the tour's later loads queued behind them on a loaded machine), and a page's next load
      // costs Chromium less than a new page's.
      let previous: Page | undefined;
      const visit = async (name: string, path: string, ready?: (p: Page) => Promise<unknown>) => {
        const page = previous ? await go(previous, path) : await open(phone, path);
        previous = page;
        if (ready) await ready(page);
        expect({ name, lang: await htmlLang(page) }).toEqual({ name, lang: 'en-XA' });
        expect({ name, fits: await page.evaluate(FITS_WIDTH) }).toEqual({ name, fits: true });
        expect({ name, clipped: await page.evaluate(CLIPPED_JS) }).toEqual({ name, clipped: [] });
        await screenshot(page, `i18n-pseudo-${name}.png`, { fullPage: true });
        return page;
      };
      await visit('home', '/', (p) => p.locator('[data-testid=watch-list]:not([data-state=loading])').waitFor({ state: 'attached' }));
      await visit('leaderboard', '/leaderboard');
      const lobby = await visit('lobby-signed-out', '/play', (p) => p.getByTestId('auth-form').waitFor({ state: 'visible' }));
      await lobby.getByTestId('guest-button').click();
      await lobby.getByTestId('signed-in').waitFor({ state: 'visible' });
      await visit('lobby-signed-in', '/play', (p) => p.getByTestId('signed-in').waitFor({ state: 'visible' }));
      await visit('game', `/play/${gameId}`, (p) => p.locator('#play-game[data-state=playing]').waitFor({ state: 'attached' }));
      await visit('player', `/players/${alice.username}`);
      await visit('player-not-found', '/players/nobody_here');
      await visit('game-not-found', '/play/not-a-game');
      await visit('rules', '/rules');
      const learn = await visit('learn', '/learn', (p) => p.locator('#learn[data-state=step]').waitFor({ state: 'attached' }));
      await learn.locator('[data-square=d3]').click();
      await visit('learn-step-2', '/learn', (p) => p.locator('#learn[data-state=step]').waitFor({ state: 'attached' }));
      const picker = await visit('picker-open', '/leaderboard', (p) => p.getByTestId('language-picker').locator('summary').click());
      expect(await picker.getByRole('link', { name: 'Тоҷикӣ' }).isVisible()).toBe(true);
    } finally {
      await phone.close();
    }
  }, 600_000);

  it('the 503 page (the database cannot be reached) in the pseudo-locale at 390×844: no horizontal overflow, no clipped button text', async () => {
    // An app of its own that reaches its database through a TCP proxy the test cuts (as test/e2e/outage.e2e.spec.ts).
    const db = await createTestDatabase();
    const target = new URL(db.url);
    const proxy = await startTcpProxy(target.hostname, Number(target.port));
    const down = await startTestApp({ DB_CONNECT_TIMEOUT_SECONDS: '2' }, { db: { ...db, url: proxy.urlThrough(db.url) } });
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    try {
      await proxy.cut();
      await phone.addCookies([{ name: 'outflank_lang', value: 'en-XA', url: down.baseUrl }]);
      const page = await phone.newPage();
      page.setDefaultTimeout(WAIT);
      page.setDefaultNavigationTimeout(NAV_WAIT);
      const res = await page.goto(down.baseUrl + '/', { waitUntil: 'load' });
      expect(res?.status()).toBe(503);
      expect(await page.getByTestId('error-page').getAttribute('data-status')).toBe('503');
      expect(await htmlLang(page)).toBe('en-XA');
      expect(await page.getByTestId('error-retry').innerText()).toMatch(/^⟦.+⟧$/);
      expect({ fits: await page.evaluate(FITS_WIDTH), clipped: await page.evaluate(CLIPPED_JS) }).toEqual({ fits: true, clipped: [] });
      await screenshot(page, 'i18n-pseudo-503.png', { fullPage: true });
    } finally {
      await phone.close();
      await proxy.restore();
      await down.close();
      await proxy.close();
      await db.drop();
    }
  }, 180_000);

  it('no page logged an error or broke a CSP rule', () => {
    expect(problems).toEqual([]);
  });
});
