import { describe, expect, it } from '@jest/globals';
import { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { ratingLabel, ratingStepLabel } from '../../src/ratings/domain/rating-label.js';
import { playSquares, startRankedGame } from '../factories/games.js';
import { guestPlayer, registerPlayer, TestPlayer } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { screenshot, reportCspViolations, withAppAndBrowser } from './chromium.js';
import { gameWithPass } from './passes.js';

/**
 * Issue #22, the game's side of a newcomer's first hour: no "Reconnecting…" once a game is over,
 * the board inside the viewport (game, replay, lesson), board marks that stand out from the felt,
 * a "Skip to board" link, a clear "Leave to lobby", 44 px targets on phones.
 */

/** Every wait in the pages is bounded by this (ms). */
const WAIT = 10_000;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PHONE_OPTIONS = { viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const SIZES = [
  { name: 'desktop', options: { viewport: DESKTOP } },
  { name: 'phone', options: PHONE_OPTIONS },
] as const;

/** Only inside functions that run in the page. */
declare const document: any;
declare const window: any;
declare const getComputedStyle: any;

/** Runs in the page: is the element entirely inside the viewport (as the page is, unscrolled)? */
function inViewport(sel: string): boolean {
  const el = document.querySelector(sel);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
}

/**
 * Runs in the page: the contrast of the board's marks against the felt, from the computed styles
 * (WCAG relative luminance; a translucent colour is blended over the felt first): the legal dot
 * (the square's ::after) and its size, the last move's ring (the first shadow of its disc).
 */
function boardMarks(): { legal: number; legalSize: number; last: number; lastSpread: number } {
  const parse = (c: string): number[] => {
    const m = /rgba?\(([^)]+)\)/.exec(c);
    if (!m) throw new Error('not a colour: ' + c);
    const p = m[1].split(',').map((x: string) => parseFloat(x));
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (fg: number[], bg: number[]): number[] => [0, 1, 2].map((i) => fg[i] * fg[3] + bg[i] * (1 - fg[3]));
  const lum = (c: number[]): number => {
    const ch = c.slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
  };
  const ratio = (a: number[], b: number[]): number => {
    const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  };
  const legalSq = document.querySelector('[data-testid=board] [data-legal=true]');
  const felt = parse(getComputedStyle(legalSq).backgroundColor);
  const dot = getComputedStyle(legalSq, '::after');
  const lastPiece = document.querySelector('[data-testid=board] [data-last=true] .pl-piece');
  const lastFelt = parse(getComputedStyle(lastPiece.parentElement).backgroundColor);
  const shadow: string = getComputedStyle(lastPiece).boxShadow;
  const ring = /^(rgba?\([^)]+\))\s+0px\s+0px\s+0px\s+([\d.]+)px/.exec(shadow);
  if (!ring) throw new Error('no ring on the last move: ' + shadow);
  return {
    legal: ratio(over(parse(dot.backgroundColor), felt), felt),
    legalSize: Math.min(parseFloat(dot.width), parseFloat(dot.height)),
    last: ratio(over(parse(ring[1]), lastFelt), lastFelt),
    lastSpread: parseFloat(ring[2]),
  };
}

describe('a newcomer at the board (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[] = [];

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT);
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`${path}: console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`${path}: page error: ${err.message}`));
    await reportCspViolations(page);
    await page.goto(t.baseUrl + path, { waitUntil: 'load' });
    return page;
  }

  const signedIn = async (player: TestPlayer | null, options: Parameters<Browser['newContext']>[0] = {}) => {
    const ctx = await browser.newContext({ viewport: DESKTOP, ...options });
    if (player) await ctx.addInitScript(`localStorage.setItem('outflank.token', ${JSON.stringify(player.token)})`);
    return ctx;
  };
  const apiGame = async (id: string) => (await request(t.http).get(`/api/games/${id}`).expect(200)).body;
  const waitForState = (page: Page, state: string) => page.locator(`#play-game[data-state=${state}]`).waitFor({ state: 'attached' });

  async function roomGame(settings: Record<string, unknown> = {}): Promise<{ id: string; host: TestPlayer; guest: TestPlayer }> {
    const host = await guestPlayer(t.http);
    const guest = await guestPlayer(t.http);
    const room = (await request(t.http).post('/api/rooms').set(host.auth).send(settings).expect(201)).body;
    const id: string = (await request(t.http).post(`/api/rooms/${room.code}/join`).set(guest.auth).send({}).expect(200)).body.gameId;
    return { id, host, guest };
  }

  /** The requests a page makes to a game's event stream. */
  function streamRequests(page: Page, gameId: string): string[] {
    const seen: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === `/api/games/${gameId}/events`) seen.push(req.url());
    });
    return seen;
  }

  withAppAndBrowser({ SSE_HEARTBEAT_SECONDS: '1' }, (app, b) => {
    t = app;
    browser = b;
  });

  it('a game that ends shows no "Reconnecting…": the badge goes within 2 s, the stream is not reopened, a finished game opened later opens none', async () => {
    const g = await roomGame();
    await playSquares(t.http, g.id, g.host, g.guest, ['d3', 'c5']);
    const ctx = await signedIn(g.host);
    const watcher = await signedIn(null, PHONE_OPTIONS);
    try {
      const page = await open(ctx, `/play/${g.id}`);
      const streams = streamRequests(page, g.id);
      await waitForState(page, 'playing');
      await page.getByTestId('connection').filter({ hasText: 'Live' }).waitFor();
      const before = streams.length;
      await request(t.http).post(`/api/games/${g.id}/resign`).set(g.guest.auth).send({}).expect(200);
      await waitForState(page, 'over');
      await page.getByTestId('connection').waitFor({ state: 'hidden', timeout: 2000 });
      expect(await page.getByTestId('result-title').innerText()).toBe('You won!');
      // Longer than the stream's first reconnection delays (0.4 s, 0.8 s, plus jitter): still no badge, no new stream.
      await page.waitForTimeout(3000);
      expect(await page.getByTestId('connection').isVisible()).toBe(false);
      expect(streams.length).toBe(before);
      await screenshot(page, 'game-over-no-badge.png');

      // The finished game opened later, by a player and by a spectator: a replay, no stream at all.
      for (const [context, role] of [[ctx, 'black'], [watcher, 'spectator']] as const) {
        const later = await context.newPage();
        later.setDefaultTimeout(WAIT);
        const laterStreams = streamRequests(later, g.id);
        await later.goto(`${t.baseUrl}/play/${g.id}`, { waitUntil: 'load' });
        await waitForState(later, 'over');
        expect(await later.locator('#play-game').getAttribute('data-role')).toBe(role);
        await later.getByTestId('replay').waitFor();
        await later.waitForTimeout(1000);
        expect(await later.getByTestId('connection').isVisible()).toBe(false);
        expect(laterStreams).toEqual([]);
      }
    } finally {
      await ctx.close();
      await watcher.close();
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('the board fits the viewport at 1280×800 and 390×844: h8 with a pass banner showing, h8 and the replay buttons once over; the lesson too', async () => {
    const { before, passing } = gameWithPass();
    for (const size of SIZES) {
      const g = await roomGame();
      const game = await playSquares(t.http, g.id, g.host, g.guest, [...before, passing]);
      const mover = game.toMove === 'black' ? g.host : g.guest;
      const passer = mover === g.host ? g.guest : g.host;
      const ctx = await signedIn(passer, size.options);
      try {
        const page = await open(ctx, `/play/${g.id}`);
        await waitForState(page, 'playing');
        await page.getByTestId('pass-notice').waitFor({ state: 'visible' });
        // Once the layout has settled (fonts, banners): the board is refitted, never left cut.
        await page.waitForFunction(inViewport, '[data-square=h8]');
        expect(await page.evaluate(inViewport, '[data-testid=pass-notice]')).toBe(true);
        await screenshot(page, `game-fits-pass-${size.name}.png`);

        // Over (the passer resigns): the replay buttons come under the board, all inside the viewport.
        await request(t.http).post(`/api/games/${g.id}/resign`).set(passer.auth).send({}).expect(200);
        await waitForState(page, 'over');
        await page.getByTestId('replay').waitFor();
        for (const sel of ['[data-square=h8]', '[data-testid=replay-first]', '[data-testid=replay-last]']) await page.waitForFunction(inViewport, sel);
        // The replay opened later, at the position after the pass (and its banner-free board).
        const replay = await open(ctx, `/play/${g.id}`);
        await replay.getByTestId('replay').waitFor();
        await replay.getByTestId('replay-prev').click();
        for (const sel of ['[data-square=h8]', '[data-testid=replay-first]', '[data-testid=replay-last]']) await replay.waitForFunction(inViewport, sel);
        await screenshot(replay, `replay-fits-${size.name}.png`);

        const lesson = await open(ctx, '/learn');
        await lesson.locator('#learn[data-state=step]').waitFor({ state: 'attached' });
        await lesson.waitForFunction(inViewport, '[data-square=h8]');
        await screenshot(lesson, `learn-fits-${size.name}.png`);

        // The pass in the move list, in Swahili (the longest word for it), is not clipped.
        const sw = await open(ctx, `/play/${g.id}?lang=sw`);
        await sw.getByTestId('replay').waitFor();
        const pass = sw.locator('[data-part=move-item] .pl-pass').first();
        expect(await pass.innerText()).toBe('zamu imerukwa');
        const cut = await sw.evaluate(
          "Array.from(document.querySelectorAll('[data-part=move-item]')).filter(function (li) { var b = li.querySelector('button') || li; var s = li.querySelector('.pl-pass'); var r = b.getBoundingClientRect(), q = s ? s.getBoundingClientRect() : r; return b.scrollWidth > b.clientWidth + 1 || q.right > r.right + 1; }).map(function (li) { return li.textContent; })",
        );
        expect({ size: size.name, cut }).toEqual({ size: size.name, cut: [] });
      } finally {
        await ctx.close();
      }
    }
    expect(problems).toEqual([]);
  }, 90_000);

  it('the legal-square dots and the last-move mark stand out from the felt (≥ 3:1), in light and dark, and the dots are ≥ 14 px on a phone', async () => {
    const g = await roomGame();
    await playSquares(t.http, g.id, g.host, g.guest, ['d3']);
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const size of SIZES) {
        const ctx = await signedIn(g.guest, { ...size.options, colorScheme });
        try {
          const page = await open(ctx, `/play/${g.id}`);
          await page.locator('[data-testid=board] [data-legal=true]').first().waitFor({ state: 'attached' });
          await page.locator('[data-testid=board] [data-last=true]').waitFor({ state: 'attached' });
          const marks = await page.evaluate(boardMarks);
          expect({ scheme: colorScheme, size: size.name, legalOk: marks.legal >= 3, lastOk: marks.last >= 3 }).toEqual({
            scheme: colorScheme,
            size: size.name,
            legalOk: true,
            lastOk: true,
          });
          expect(marks.legalSize).toBeGreaterThanOrEqual(14);
          expect(marks.lastSpread).toBeGreaterThanOrEqual(2);
          if (size.name === 'phone') await screenshot(page.locator('[data-testid=board]'), `board-marks-${colorScheme}-phone.png`);
        } finally {
          await ctx.close();
        }
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('"Skip to board" is the first Tab stop and lands on the board; "Leave to lobby" says what it does; the game\'s buttons are 44 px tall on a phone', async () => {
    const g = await roomGame();
    const ctx = await signedIn(g.host, PHONE_OPTIONS);
    try {
      const page = await open(ctx, `/play/${g.id}`);
      await waitForState(page, 'playing');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement.getAttribute('data-testid'))).toBe('skip-to-board');
      expect(await page.getByTestId('skip-to-board').innerText()).toBe('Skip to board');
      expect(await page.evaluate(inViewport, '[data-testid=skip-to-board]')).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement.getAttribute('data-square'))).toBe('d3');
      // The arrow keys then move on the board, as the board's label says.
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => document.activeElement.getAttribute('data-square'))).toBe('e3');

      expect(await page.getByTestId('lobby-link').innerText()).toBe('Leave to lobby');
      expect(await page.getByText('New game').count()).toBe(0);
      const heights = (await page.evaluate(() =>
        Array.from(document.querySelectorAll('#play-game .pl-btn, #play-game .pl-topbar a'))
          .filter((e: any) => e.getClientRects().length > 0)
          .map((e: any) => [e.getAttribute('data-testid') || e.textContent.trim(), Math.round(e.getBoundingClientRect().height)]),
      )) as [string, number][];
      expect(heights.length).toBeGreaterThanOrEqual(3);
      expect(heights.filter(([, h]) => h < 44)).toEqual([]);
      await screenshot(page, 'game-phone-targets.png', { fullPage: true });
    } finally {
      await ctx.close();
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('one rating format: the lobby, the seats, the end card (old → new), the watch list and the player page agree; guests show no number', async () => {
    const alice = await registerPlayer(t.http);
    const bob = await registerPlayer(t.http);
    const { gameId } = await startRankedGame(t.app, alice, bob);
    await playSquares(t.http, gameId, alice, bob, ['d3', 'c5']);
    const me = (await request(t.http).get('/api/players/me').set(alice.auth).expect(200)).body;
    const mine = ratingLabel(me)!;
    expect(mine).toBe('1500?');
    const ctx = await signedIn(alice);
    const guest = await guestPlayer(t.http);
    const guestCtx = await signedIn(guest, PHONE_OPTIONS);
    try {
      // The lobby: "1500?", and what that means one click away.
      const lobby = await open(ctx, '/play');
      await lobby.getByTestId('signed-in').waitFor();
      expect(await lobby.getByTestId('me-rating').innerText()).toBe(mine);
      await lobby.getByTestId('rating-help').locator('summary').click();
      expect(await lobby.getByTestId('rating-help').innerText()).toContain('A ? after a rating means it is still provisional');
      expect(await lobby.getByTestId('rating-help').getByRole('link').getAttribute('href')).toBe('/rules#ladder');
      // The live game in the lobby's watch list: the same format.
      const watchItem = lobby.locator(`a[data-game-id="${gameId}"]`);
      await watchItem.waitFor();
      expect(await watchItem.innerText()).toContain(`${alice.username} (${mine})`);

      // The seats: the same.
      const page = await open(ctx, `/play/${gameId}`);
      await waitForState(page, 'playing');
      expect(await page.getByTestId('seat-black').getByTestId('player-rating').innerText()).toBe(mine);
      expect(await page.getByTestId('seat-white').getByTestId('player-rating').innerText()).toBe('1500?');
      // The end card: old → new for each player, from the game's result, and the help.
      await request(t.http).post(`/api/games/${gameId}/resign`).set(bob.auth).send({}).expect(200);
      await waitForState(page, 'over');
      const over = await apiGame(gameId);
      expect(over.rated).toBe(true);
      const changes = await page.getByTestId('rating-changes').innerText();
      for (const [color, player] of [['black', alice], ['white', bob]] as const) {
        const step = ratingStepLabel(over.result.ratings[color]);
        expect(step).toMatch(/^1500\? → \d+\??$/);
        expect(changes).toContain(`${player.username}: ${step} (`);
      }
      expect(await page.getByTestId('result-rating-help').isVisible()).toBe(true);
      const after = ratingLabel((await request(t.http).get(`/api/players/${alice.username}`).expect(200)).body)!;
      expect(changes).toContain(`→ ${after} (+`);
      expect(await page.getByTestId('seat-black').getByTestId('player-rating').innerText()).toBe(after);
      await screenshot(page, 'end-card-ratings.png');
      // The player page: the same label, and the help.
      const profile = await open(ctx, `/players/${alice.username}`);
      expect(await profile.getByTestId('player-rating').innerText()).toBe(after);
      expect(await profile.getByTestId('rating-help').count()).toBe(1);

      // A guest: no number in the lobby, in the seats, in the watch list.
      const g = await roomGame();
      const guestLobby = await open(guestCtx, '/play');
      await guestLobby.getByTestId('signed-in').waitFor();
      expect(await guestLobby.getByTestId('me-rating-box').isVisible()).toBe(false);
      expect(await guestLobby.getByTestId('rating-help').isVisible()).toBe(false);
      const guestItem = guestLobby.locator(`a[data-game-id="${g.id}"]`);
      await guestItem.waitFor();
      // No rating number (guests' generated names may hold digits of their own).
      expect((await guestItem.innerText()).replace(/guest-[a-z0-9]+/gi, '')).not.toMatch(/\d{3}/);
      expect(await guestItem.innerText()).toContain(g.host.username);
      const guestGame = await open(guestCtx, `/play/${g.id}`);
      await waitForState(guestGame, 'playing');
      for (const color of ['black', 'white']) expect(await guestGame.getByTestId(`seat-${color}`).getByTestId('player-rating').innerText()).toBe('');
      await screenshot(guestGame, 'guest-seats-phone.png');
    } finally {
      await ctx.close();
      await guestCtx.close();
    }
    expect(problems).toEqual([]);
  }, 90_000);
});
