import { beforeAll, describe, expect, it } from '@jest/globals';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { screenshot, FITS_WIDTH, reportCspViolations, withAppAndBrowser } from './chromium.js';
import request from 'supertest';
import { longDate } from '../../src/i18n/dates.js';
import { TestApp } from '../support/app.js';
import { RATED_GAMES, seedLadder } from './ladder.js';


interface ApiEntry {
  rank: number;
  username: string;
  rating: number;
  provisional: boolean;
}

describe('pages in a real browser (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  let api: ApiEntry[];
  /** Console errors, page errors and failed requests of every page opened (CSP violations show up here). */
  const problems: string[] = [];

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`${path}: console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`${path}: page error: ${err.message}`));
    page.on('requestfailed', (req) => problems.push(`${path}: request failed: ${req.url()} ${req.failure()?.errorText}`));
    await reportCspViolations(page);
    await page.goto(t.baseUrl + path, { waitUntil: 'load' });
    return page;
  }

  withAppAndBrowser({}, (app, b) => {
    t = app;
    browser = b;
  });

  beforeAll(async () => {
    await seedLadder(t);
    api = (await request(t.http).get('/api/leaderboard').expect(200)).body.entries;
  }, 120_000);

  it('the leaderboard lists the ranked players in the API order, with ? on provisional ratings', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    try {
      const page = await open(context, '/leaderboard');
      expect(await page.title()).toBe('Leaderboard · Outflank');
      const rows = page.getByTestId('leaderboard-row');
      expect(await rows.count()).toBe(api.length);
      expect(await rows.getByTestId('username').allInnerTexts()).toEqual(api.map((e) => e.username));
      expect(await rows.getByTestId('rating').allInnerTexts()).toEqual(api.map((e) => `${Math.round(e.rating)}${e.provisional ? '?' : ''}`));
      expect(await rows.getByTestId('rank').allInnerTexts()).toEqual(api.map((e) => String(e.rank)));
      // The table fits the page: no horizontal scrolling at desktop width.
      expect(await page.evaluate(FITS_WIDTH)).toBe(true);
      await screenshot(page, 'leaderboard.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('a name links to the player page, whose chart has one point per rated game', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    try {
      const page = await open(context, '/leaderboard');
      await page.getByTestId('leaderboard-row').filter({ has: page.getByRole('link', { name: 'ada', exact: true }) }).getByRole('link').click();
      await page.waitForURL(`${t.baseUrl}/players/ada`);
      expect(await page.getByTestId('player-name').innerText()).toMatch(/^ada/);

      const history = (await request(t.http).get('/api/players/ada/rating-history').expect(200)).body.points as { rating: number }[];
      expect(history).toHaveLength(RATED_GAMES);
      const chart = page.getByTestId('rating-chart');
      await chart.waitFor({ state: 'visible' });
      const box = (await chart.boundingBox())!;
      expect(box.width).toBeGreaterThan(300);
      expect(box.height).toBeGreaterThan(100);
      const points = chart.getByTestId('chart-point');
      expect(await points.count()).toBe(history.length);
      expect(await points.evaluateAll((els) => els.map((e) => e.getAttribute('data-rating')))).toEqual(history.map((p) => String(Math.round(p.rating))));
      // Oldest on the left; a higher rating is drawn higher up; every point inside the chart.
      const centres = await points.evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        }),
      );
      for (let i = 1; i < centres.length; i++) {
        expect(centres[i].x).toBeGreaterThan(centres[i - 1].x);
        const up = history[i].rating - history[i - 1].rating;
        if (Math.abs(up) >= 1) expect(Math.sign(centres[i - 1].y - centres[i].y)).toBe(Math.sign(up));
      }
      for (const c of centres) {
        expect(c.x).toBeGreaterThanOrEqual(box.x);
        expect(c.x).toBeLessThanOrEqual(box.x + box.width);
        expect(c.y).toBeGreaterThanOrEqual(box.y);
        expect(c.y).toBeLessThanOrEqual(box.y + box.height);
      }
      await expect(page.getByTestId('game-row').count()).resolves.toBe(RATED_GAMES + 1);
      await screenshot(page, 'player.png', { fullPage: true });

      // And back: an opponent's name on the player page leads to their page.
      await page.getByTestId('opponent').getByRole('link', { name: 'bruno', exact: true }).first().click();
      await page.waitForURL(`${t.baseUrl}/players/bruno`);
      expect(await page.getByTestId('chart-point').count()).toBe(RATED_GAMES);
    } finally {
      await context.close();
    }
  });

  it('in Tajik, in the reader\'s time zone: chart point titles and game times in Tajik words and the local clock', async () => {
    const timeZone = 'Asia/Dushanbe';
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, timezoneId: timeZone });
    try {
      const page = await open(context, '/players/ada?lang=tg');
      // The client rewrote every point's title from the server's UTC one.
      await page.locator('[data-testid=chart-point] title').filter({ hasText: 'UTC' }).first().waitFor({ state: 'detached' });
      const points = await page.getByTestId('chart-point').evaluateAll((els) => els.map((e) => ({ at: e.getAttribute('data-at')!, title: e.querySelector('title')!.textContent! })));
      expect(points).toHaveLength(RATED_GAMES);
      for (const p of points) {
        expect(p.title).toContain(longDate(p.at, 'tg-u-nu-latn', { time: true, timeZone }));
        expect(p.title).not.toMatch(/\d{4}-\d\d-\d\d/);
      }
      // Each point links its game's replay, named as its title says.
      const links = await page.getByTestId('chart-point-link').evaluateAll((els) => els.map((e) => [e.getAttribute('href'), e.getAttribute('aria-label'), e.querySelector('title')!.textContent]));
      expect(links).toHaveLength(RATED_GAMES);
      for (const [href, name, title] of links) {
        expect(href).toMatch(/^\/play\/[0-9a-f-]{36}$/);
        expect(name).toBe(title);
      }
      // Relative times ("… пеш", "ҳозир"…), pinned: Chromium ships no Tajik data and would say them in English.
      const words = await page.locator('[data-testid=finished-at] time').allInnerTexts();
      expect(words.length).toBeGreaterThan(0);
      for (const w of words) expect(w).not.toMatch(/[a-z]/i);
    } finally {
      await context.close();
    }
  });

  // A phone in the pseudo-locale (every text longer, as translations often are): each table fits
  // the box it is in (reflowed, or its columns trimmed), and the page does not scroll sideways.
  it.each(['/?lang=en-XA', '/leaderboard?lang=en-XA', '/players/ada?lang=en-XA', '/rules?lang=en-XA', '/players/ada?lang=sw'])(
    'at 390×844, no table overflows its container: %s',
    async (path) => {
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      try {
        const page = await open(phone, path);
        await page.locator('table').first().waitFor();
        const overflowing = (await page.evaluate(
          "Array.from(document.querySelectorAll('table')).filter(function (t) { return t.offsetParent !== null; }).map(function (t) { var box = t.parentElement; return [t.getAttribute('data-testid') || t.className, Math.round(t.getBoundingClientRect().width), box.clientWidth]; }).filter(function (r) { return r[1] > r[2] + 1; })",
        )) as [string, number, number][];
        expect(overflowing).toEqual([]);
        expect(await page.evaluate(FITS_WIDTH)).toBe(true);
      } finally {
        await phone.close();
      }
    },
  );

  it('an unknown player gets the not-found page', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 600 } });
    try {
      const page = await context.newPage();
      const response = await page.goto(`${t.baseUrl}/players/nobody_here`);
      expect(response?.status()).toBe(404);
      expect(await page.getByTestId('missing-username').innerText()).toBe('nobody_here');
      await screenshot(page, 'not-found.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('reads on a phone and in dark mode (screenshots)', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    try {
      const board = await open(phone, '/');
      expect(await board.getByTestId('leaderboard-row').count()).toBe(api.length);
      expect(await board.evaluate(FITS_WIDTH)).toBe(true);
      await screenshot(board, 'leaderboard-phone.png', { fullPage: true });
      const player = await open(phone, '/players/ada');
      expect(await player.getByTestId('chart-point').count()).toBe(RATED_GAMES);
      await screenshot(player, 'player-phone.png', { fullPage: true });
    } finally {
      await phone.close();
    }
    const dark = await browser.newContext({ viewport: { width: 1100, height: 800 }, colorScheme: 'dark' });
    try {
      const page = await open(dark, '/players/ada');
      await screenshot(page, 'player-dark.png', { fullPage: true });
    } finally {
      await dark.close();
    }
  });

  it('no page logged an error, broke a CSP rule or failed a request', () => {
    expect(problems).toEqual([]);
  });
});
