import { describe, expect, it } from '@jest/globals';
import { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { FLAG_GRACE_MAX_MS } from '../../src/games/domain/clock.js';
import { playOpening } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { openSse } from '../support/sse.js';
import { screenshot, FITS_WIDTH, openWatchedPage, withAppAndBrowser } from './chromium.js';

/**
 * Every wait is for an event (a page's state, a server event), bounded by this (ms) past the
 * moment it is due: generous, for a loaded machine. The flag's wait starts from the deadline the
 * server announced, not from a guess of how long the set-up took.
 */
const WAIT = 30_000;
const GAME_URL = /\/play\/([0-9a-f-]{36})$/;

/** Only inside functions that run in the page. */
declare const document: any;

/**
 * A ranked 1+2 game in chromium, on the real clock (no time is skipped): two players pick the
 * clock in the lobby and are paired, Black lets their minute run out, and the server ends the game
 * on time by itself; neither page (nor a watcher's) sends a request meanwhile, and the watcher sees
 * both clocks and the result. At 1280×800 and 390×844.
 */
describe('game clocks in the browser (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[] = [];
  withAppAndBrowser({}, (app, b) => {
    t = app;
    browser = b;
  });

  const clockText = (page: Page, color: 'black' | 'white') => page.getByTestId(`seat-${color}`).getByTestId('clock').textContent();

  async function queueRanked(context: BrowserContext, player: TestPlayer): Promise<Page> {
    const page = await openWatchedPage(context, `${t.baseUrl}/play`, problems, { token: player.token, timeoutMs: WAIT });
    await page.getByTestId('queue-button').waitFor({ state: 'visible' });
    await page.locator('#queue-form [name=mode][value=ranked]').check({ force: true }); // a styled radio: its label covers it
    // Ranked: the clock is picked (5+3 unless another), and there is no "No clock".
    expect(await page.getByTestId('queue-clock').inputValue()).toBe('5+3');
    expect(await page.locator('[data-testid=queue-clock] option[value=""]').isDisabled()).toBe(true);
    expect(await page.getByTestId('queue-turn').isVisible()).toBe(false);
    await page.getByTestId('queue-clock').selectOption('1+2');
    await page.getByTestId('queue-button').click();
    return page;
  }

  it('a ranked 1+2 game: the flag falls on the server by itself, with no request from any page; a watcher sees both clocks and the result', async () => {
    const [alice, bob] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const one = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const two = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const three = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    let events: ReturnType<typeof openSse> | null = null;
    try {
      const pa = await queueRanked(one, alice);
      const pb = await queueRanked(two, bob);
      await Promise.all([pa.waitForURL(GAME_URL, { timeout: WAIT }), pb.waitForURL(GAME_URL, { timeout: WAIT })]);
      const gameId = GAME_URL.exec(pa.url())![1];
      expect(GAME_URL.exec(pb.url())![1]).toBe(gameId);
      const started = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
      expect(started).toMatchObject({ rated: true, settings: { clock: { label: '1+2' }, turnSeconds: null } });
      const black = started.black.player.id === alice.id ? alice : bob;
      const white = black === alice ? bob : alice;
      const blackPage = black === alice ? pa : pb;

      // The test's own view of the game: the server's events, as any client gets them.
      events = openSse(`${t.baseUrl}/api/games/${gameId}/events`);
      expect(await events.ready).toBe(200);
      const watcher = await openWatchedPage(three, `${t.baseUrl}/play/${gameId}`, problems, { timeoutMs: WAIT });
      await watcher.locator('#play-game[data-state=playing]').waitFor({ state: 'attached' });
      // Both first moves (their own timer each), then Black's clock runs.
      const afterOpening = await playOpening(t.http, gameId, black, white);
      expect(afterOpening.clocks).toMatchObject({ black: 60_000, white: 60_000, running: 'black' });
      for (const page of [pa, pb, watcher]) {
        await page.waitForFunction(() => document.getElementById('play-game').getAttribute('data-ply') === '2', undefined, { timeout: WAIT, polling: 50 });
        await page.getByTestId('seat-white').getByTestId('clock').waitFor({ state: 'visible' });
        expect(await clockText(page, 'white')).toBe('1:00');
        expect(await page.evaluate(FITS_WIDTH)).toBe(true);
      }
      await screenshot(pa, 'clocks-desktop.png');
      await screenshot(pb, 'clocks-phone.png');

      // From here nobody acts: count every API request the three pages make (their event streams aside).
      const requests: { at: number; what: string }[] = [];
      for (const page of [pa, pb, watcher]) {
        page.on('request', (req) => {
          const path = new URL(req.url()).pathname;
          if (path.startsWith('/api/') && !path.endsWith('/events')) requests.push({ at: Date.now(), what: `${req.method()} ${path}` });
        });
      }
      // The watcher sees Black's clock count down while White's stands still.
      await watcher.waitForFunction(
        () => {
          const text = document.querySelector('[data-testid=seat-black] [data-testid=clock]').textContent;
          return text !== '1:00' && /^0:/.test(text);
        },
        undefined,
        // Polled, not at every animation frame: a frame-by-frame poll keeps Chromium rendering while it waits.
        { timeout: WAIT, polling: 50 },
      );
      expect(await clockText(watcher, 'white')).toBe('1:00');

      // The flag: Black's minute and the grace, found by the server's sweep. The game's `end` event
      // is awaited from the deadline the server set (plus the grace and WAIT), then each page shows
      // the end from that event.
      const flag = new Date(afterOpening.turnDeadline).getTime();
      const ended = await events.waitFor((list) => list.some((e) => e.event === 'end'), Math.max(0, flag - Date.now()) + FLAG_GRACE_MAX_MS + WAIT);
      expect(ended.find((e) => e.event === 'end')!.data).toMatchObject({ status: 'finished', result: { winner: 'white', reason: 'time' } });
      for (const page of [pa, pb, watcher]) await page.locator('#play-game[data-state=over]').waitFor({ state: 'attached', timeout: WAIT });
      const over = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
      expect(over).toMatchObject({ status: 'finished', result: { winner: 'white', reason: 'time' }, clocks: { black: 0, white: 60_000, running: null } });
      // The server recorded the end at the flag (its zero plus the grace), not a sweep later: its own
      // timestamps (the deadline it set, the end it wrote), whatever the test's waits took.
      expect(new Date(over.finishedAt).getTime() - flag).toBeLessThanOrEqual(FLAG_GRACE_MAX_MS + 1000);
      // None before the end (the finished game's page may then read its analysis).
      expect(requests.filter((r) => r.at < new Date(over.finishedAt).getTime()).map((r) => r.what)).toEqual([]);

      expect(await watcher.getByTestId('result-detail').textContent()).toBe(`${black.username} ran out of time: their clock reached zero`);
      expect(await clockText(watcher, 'black')).toBe('0:00.0');
      expect(await clockText(watcher, 'white')).toBe('1:00');
      expect(await blackPage.getByTestId('result-title').textContent()).toBe('You lost');
      await screenshot(watcher, 'clocks-watcher-over.png');
      for (const page of [pa, pb]) expect(await page.evaluate(FITS_WIDTH)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      events?.close();
      await one.close();
      await two.close();
      await three.close();
    }
  }, 300_000);
});
