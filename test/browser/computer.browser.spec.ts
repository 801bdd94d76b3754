import { describe, expect, it } from '@jest/globals';
import { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { guestPlayer } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { screenshot, FITS_WIDTH, openWatchedPage, withAppAndBrowser } from './chromium.js';

const WAIT = 20_000;
const GAME_URL = /\/play\/([0-9a-f-]{36})(\?.*)?$/;

/**
 * Stands in for the browser's Notification API and the tab's visibility, in every page of a
 * context: notifications shown are recorded in `window.__notes`, the permission is granted when
 * asked (and remembered across pages), and `window.__hidden = true` makes the tab hidden.
 */
const FAKE_NOTIFICATIONS = `
  window.__notes = [];
  window.__hidden = false;
  function FakeNotification(title, options) { window.__notes.push({ title: title, body: options && options.body, tag: options && options.tag }); }
  FakeNotification.prototype.close = function () {};
  Object.defineProperty(FakeNotification, 'permission', { get: function () { return localStorage.getItem('fake.permission') || 'default'; } });
  FakeNotification.requestPermission = function () { localStorage.setItem('fake.permission', 'granted'); return Promise.resolve('granted'); };
  window.Notification = FakeNotification;
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: function () { return window.__hidden ? 'hidden' : 'visible'; } });
`;

/**
 * Playing the computer in chromium: started from the lobby (and from the home page), a move
 * played on the board, the computer's answer arriving as the game's event; the opt-in
 * notifications and the match sound's toggle. At 1280×800 and 390×844.
 */
describe('play the computer in the browser (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[] = [];
  withAppAndBrowser({ COMPUTER_MOVE_MS: '40' }, (app, b) => {
    t = app;
    browser = b;
  });

  const plyIs = (page: Page, ply: number) => page.locator(`#play-game[data-ply="${ply}"]`).waitFor({ state: 'attached', timeout: WAIT });
  const firstLegal = async (page: Page) => (await page.locator('[data-testid=square][data-playable=true]').first().getAttribute('data-square'))!;

  it('from the lobby at 1280×800: level 2 with a custom clock, Black; a move, and the computer answers', async () => {
    const guest = await guestPlayer(t.http);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await openWatchedPage(context, `${t.baseUrl}/play`, problems, { token: guest.token, timeoutMs: WAIT });
      await page.getByTestId('computer-button').waitFor({ state: 'visible' });
      expect(await page.getByTestId('computer-custom-clock').isVisible()).toBe(false);
      await page.getByTestId('computer-level').selectOption('2');
      await page.getByTestId('computer-clock').selectOption('custom');
      await page.getByTestId('computer-custom-clock').waitFor({ state: 'visible' });
      await page.getByTestId('computer-clock-minutes').fill('2.5');
      await page.getByTestId('computer-clock-increment').fill('1');
      await page.locator('#computer-form [name=color][value=black]').check({ force: true }); // a styled radio: its label covers it
      expect(await page.evaluate(FITS_WIDTH)).toBe(true);
      await screenshot(page, 'computer-lobby-desktop.png');
      await page.getByTestId('computer-button').click();
      await page.waitForURL(GAME_URL, { timeout: WAIT });
      const gameId = GAME_URL.exec(page.url())![1];
      const created = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
      expect(created).toMatchObject({ rated: false, computer: { level: 2, color: 'white' }, settings: { clock: { label: '2.5+1' } } });
      await page.locator('#play-game[data-state=playing]').waitFor({ state: 'attached', timeout: WAIT });
      // The computer's seat says what it is.
      expect(await page.getByTestId('seat-white').getByTestId('player-name').innerText()).toBe('Computer · level 2');
      const square = await firstLegal(page);
      await page.locator(`[data-square=${square}][data-playable=true]`).click();
      await plyIs(page, 2);
      const after = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
      expect(after.ply).toBe(2);
      expect(await page.locator(`[data-square=${square}]`).getAttribute('data-disc')).toBe('black');
      expect(await page.evaluate(FITS_WIDTH)).toBe(true);
      await screenshot(page, 'computer-game-desktop.png');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('from the home page at 390×844: "Play the computer" leads to the card; as White, the computer opens', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const home = await openWatchedPage(context, `${t.baseUrl}/`, problems, { timeoutMs: WAIT });
      await home.getByTestId('home-computer').click();
      await home.waitForURL(/\/play#computer$/, { timeout: WAIT });
      await home.getByTestId('guest-button').click();
      await home.getByTestId('computer-button').waitFor({ state: 'visible' });
      expect(await home.getByTestId('computer-button').isDisabled()).toBe(false);
      await home.locator('#computer-form [name=color][value=white]').check({ force: true });
      await home.getByTestId('computer-button').click();
      await home.waitForURL(GAME_URL, { timeout: WAIT });
      await plyIs(home, 1);
      expect(await home.evaluate(FITS_WIDTH)).toBe(true);
      await screenshot(home, 'computer-game-phone.png');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('notifications are opt-in: the toggle asks the browser; "your turn" is shown only while the tab is hidden; the match sound is on by default', async () => {
    const guest = await guestPlayer(t.http);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(FAKE_NOTIFICATIONS);
    try {
      const page = await openWatchedPage(context, `${t.baseUrl}/play`, problems, { token: guest.token, timeoutMs: WAIT });
      const toggle = page.getByTestId('notify-toggle');
      await page.getByTestId('computer-button').waitFor({ state: 'visible' });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      expect(await toggle.innerText()).toBe('Notifications off');
      expect(await page.getByTestId('match-sound-toggle').getAttribute('aria-pressed')).toBe('true');
      await page.getByTestId('match-sound-toggle').click();
      expect(await page.getByTestId('match-sound-toggle').getAttribute('aria-pressed')).toBe('false');
      expect(await page.evaluate("localStorage.getItem('outflank.matchSound')")).toBe('off');
      await page.getByTestId('match-sound-toggle').click();
      await toggle.click();
      await page.locator('[data-testid=notify-toggle][aria-pressed=true]').waitFor({ state: 'attached' });
      expect(await toggle.innerText()).toBe('Notifications on');

      await page.locator('#computer-form [name=color][value=black]').check({ force: true });
      await page.getByTestId('computer-button').click();
      await page.waitForURL(GAME_URL, { timeout: WAIT });
      await page.locator('#play-game[data-state=playing]').waitFor({ state: 'attached', timeout: WAIT });
      // Visible tab: my turn is on the page, no notification.
      expect(await page.evaluate('window.__notes.length')).toBe(0);
      const square = await firstLegal(page);
      await page.evaluate('window.__hidden = true');
      await page.locator(`[data-square=${square}][data-playable=true]`).click();
      await plyIs(page, 2);
      await page.locator('#play-game[data-ply="2"]').waitFor({ state: 'attached' });
      const notes = (await page.evaluate('window.__notes')) as { title: string; body: string; tag: string }[];
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ title: 'Outflank: your turn', body: 'Computer · level 1 has moved.' });
      expect(notes[0].tag).toMatch(/^turn:/);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
