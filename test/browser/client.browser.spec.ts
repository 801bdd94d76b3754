import { describe, expect, it } from '@jest/globals';
import { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { playTurn, startPosition, toBoardString } from '../../src/engine/index.js';
import { translator } from '../../src/i18n/catalogues/index.js';
import { playSquares } from '../factories/games.js';
import { guestPlayer, TestPlayer } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { screenshot, FITS_WIDTH, reportCspViolations, withAppAndBrowser } from './chromium.js';
import { gameWithPass } from './passes.js';

/** Every wait in the pages is bounded by this (ms). */
const WAIT = 10_000;
const GAME_URL = /\/play\/([0-9a-f-]{36})(\?room=([A-Z0-9]+))?$/;
const BOARD_JS =
  "Array.from(document.querySelectorAll('[data-testid=square]')).map(function (e) { var d = e.getAttribute('data-disc'); return d === 'black' ? 'B' : d === 'white' ? 'W' : '.'; }).join('')";

/** Only inside functions that run in the page. */
declare const document: any;

interface ApiMove {
  ply: number;
  color: 'black' | 'white';
  square: string | null;
  pass: boolean;
  flipped: string[];
}

describe('the browser client: watching, replays, passes, invites, keyboard, patience (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[] = [];
  /** Console messages expected in the current test (e.g. the 503s it provokes on purpose). */
  let expected: RegExp[] = [];

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT);
    page.setDefaultNavigationTimeout(3 * WAIT);
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !expected.some((re) => re.test(msg.text()))) problems.push(`${path}: console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`${path}: page error: ${err.message}`));
    page.on('requestfailed', (req) => {
      const error = req.failure()?.errorText ?? '';
      if (error === 'net::ERR_ABORTED' && req.method() === 'GET') return;
      if (expected.some((re) => re.test(error))) return;
      problems.push(`${path}: request failed: ${req.url()} ${error}`);
    });
    await reportCspViolations(page);
    await page.goto(t.baseUrl + path, { waitUntil: 'load' });
    return page;
  }

  const signedInContext = async (player: TestPlayer, options: Parameters<Browser['newContext']>[0] = {}) => {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 860 }, ...options });
    await ctx.addInitScript(`localStorage.setItem('outflank.token', ${JSON.stringify(player.token)})`);
    return ctx;
  };
  const boardOf = (page: Page): Promise<string> => page.evaluate(BOARD_JS) as Promise<string>;
  const apiGame = async (id: string) => (await request(t.http).get(`/api/games/${id}`).expect(200)).body;
  const apiMoves = async (id: string): Promise<ApiMove[]> => (await request(t.http).get(`/api/games/${id}/moves`).expect(200)).body.moves;
  const waitForState = (page: Page, state: string) => page.locator(`#play-game[data-state=${state}]`).waitFor({ state: 'attached' });
  const waitForPly = (page: Page, ply: number, timeout = WAIT) =>
    page.waitForFunction(
      (n: number) =>
        Number(document.getElementById('play-game').getAttribute('data-ply')) >= n &&
        document.querySelector('[data-testid=board]').getAttribute('data-busy') === 'false',
      ply,
      // Polled, not at every animation frame: a frame-by-frame poll keeps Chromium rendering while it waits.
      { timeout, polling: 50 },
    );

  async function roomGame(): Promise<{ id: string; code: string; host: TestPlayer; guest: TestPlayer }> {
    const host = await guestPlayer(t.http);
    const guest = await guestPlayer(t.http);
    const room = (await request(t.http).post('/api/rooms').set(host.auth).send({}).expect(201)).body;
    const id: string = (await request(t.http).post(`/api/rooms/${room.code}/join`).set(guest.auth).send({}).expect(200)).body.gameId;
    return { id, code: room.code, host, guest };
  }

  // The patience test sits through tens of seconds of provoked outages before its game's first move: the
  // first-move timer (30 s by default) would abort that game on a slow machine.
  withAppAndBrowser({ SSE_HEARTBEAT_SECONDS: '1', FIRST_MOVE_SECONDS: '600' }, (app, b) => {
    t = app;
    browser = b;
  });

  it('watching: the home page lists the live games; one click opens the board, which follows the game live', async () => {
    const g = await roomGame();
    await playSquares(t.http, g.id, g.host, g.guest, ['d3', 'c5']);
    const desk = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    try {
      const home = await open(desk, '/');
      expect(await home.title()).toBe('Play Reversi online · Outflank');
      // "Play now" first, then the live games, then the leaderboard.
      const order = await home.evaluate(
        "['play-now', 'watch-list'].map(function (id) { return document.querySelector('[data-testid=' + id + ']').getBoundingClientRect().top; }).concat([document.getElementById('leaderboard').getBoundingClientRect().top])",
      );
      expect([...(order as number[])].sort((a, b) => a - b)).toEqual(order);
      const link = home.locator(`a[data-game-id="${g.id}"]`);
      await link.waitFor();
      expect(await link.innerText()).toContain(g.host.username);
      expect(await link.innerText()).toContain(g.guest.username);
      await screenshot(home, 'home.png', { fullPage: true });
      const homePhone = await open(phone, '/');
      await homePhone.locator(`a[data-game-id="${g.id}"]`).waitFor();
      expect(await homePhone.evaluate(FITS_WIDTH)).toBe(true);
      await screenshot(homePhone, 'home-phone.png', { fullPage: true });

      await link.click();
      await home.waitForURL(`${t.baseUrl}/play/${g.id}`);
      await waitForState(home, 'playing');
      expect(await home.locator('#play-game').getAttribute('data-role')).toBe('spectator');
      expect(await boardOf(home)).toBe((await apiGame(g.id)).board);
      const after = await playSquares(t.http, g.id, g.host, g.guest, ['e6']);
      await waitForPly(home, after.ply);
      expect(await boardOf(home)).toBe(after.board);
      // Announced for screen readers.
      expect(await home.getByTestId('announcer').innerText()).toBe(`Black (${g.host.username}) played e6.`);

      // The lobby lists it too.
      const lobby = await open(desk, '/play');
      await lobby.locator(`a[data-game-id="${g.id}"]`).waitFor();
    } finally {
      await desk.close();
      await phone.close();
    }
  }, 60_000);

  it('replays: a finished game steps first/prev/next/last, with the arrow keys, and from the move list', async () => {
    const g = await roomGame();
    const squares = ['d3', 'c5', 'e6', 'd2', 'c2', 'b2'];
    await playSquares(t.http, g.id, g.host, g.guest, squares);
    await request(t.http).post(`/api/games/${g.id}/resign`).set(g.guest.auth).send({}).expect(200);
    const moves = await apiMoves(g.id);
    expect(moves).toHaveLength(squares.length);
    // The expected boards, from the engine.
    const boards = [toBoardString(startPosition())];
    let p = startPosition();
    for (const m of moves) {
      p = playTurn(p, (m.square!.charCodeAt(0) - 97) + (Number(m.square![1]) - 1) * 8).position;
      boards.push(toBoardString(p));
    }
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    try {
      const page = await open(ctx, `/play/${g.id}`);
      await waitForState(page, 'over');
      await page.getByTestId('replay').waitFor();
      const view = () => page.locator('#play-game').getAttribute('data-view');
      expect(await boardOf(page)).toBe(boards[6]);
      expect(await page.getByTestId('replay-position').innerText()).toBe('Move 6 of 6');
      expect(await page.getByTestId('replay-next').isDisabled()).toBe(true);

      await page.getByTestId('replay-first').click();
      expect(await boardOf(page)).toBe(boards[0]);
      expect(await page.getByTestId('replay-position').innerText()).toBe('Start position');
      expect(await page.getByTestId('replay-prev').isDisabled()).toBe(true);
      await page.getByTestId('replay-next').click();
      expect(await boardOf(page)).toBe(boards[1]);
      expect(await page.locator('[data-square=d3]').getAttribute('data-last')).toBe('true');
      expect(await page.getByTestId('seat-black').getByTestId('disc-count').innerText()).toBe('4');

      // Arrow keys (focus outside the board).
      await page.getByTestId('replay-position').click();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await view()).toBe('3');
      expect(await boardOf(page)).toBe(boards[3]);
      await page.keyboard.press('ArrowLeft');
      expect(await boardOf(page)).toBe(boards[2]);
      await page.keyboard.press('End');
      expect(await view()).toBe('final');
      await page.keyboard.press('Home');
      expect(await boardOf(page)).toBe(boards[0]);

      // A move in the list shows the board after it.
      await page.getByTestId('move-list').getByRole('listitem').nth(3).click();
      expect(await boardOf(page)).toBe(boards[4]);
      expect(await page.getByTestId('move-list').getByRole('listitem').nth(3).getAttribute('class')).toContain('pl-current');
      await screenshot(page, 'replay.png', { fullPage: true });
      await page.getByTestId('replay-last').click();
      expect(await boardOf(page)).toBe(boards[6]);
      expect(await page.getByTestId('result-title').innerText()).toBe('Black wins');

      const small = await open(phone, `/play/${g.id}`);
      await small.getByTestId('replay').waitFor();
      await small.getByTestId('replay-prev').click();
      expect(await boardOf(small)).toBe(boards[5]);
      expect(await small.evaluate(FITS_WIDTH)).toBe(true);
      await screenshot(small, 'replay-phone.png', { fullPage: true });
    } finally {
      await ctx.close();
      await phone.close();
    }
  }, 60_000);

  it('passes: a visible notice on the board for both players and the spectators, and an announcement', async () => {
    const { before, passing } = gameWithPass();
    const g = await roomGame();
    const game = await playSquares(t.http, g.id, g.host, g.guest, before);
    const mover = game.toMove === 'black' ? g.host : g.guest;
    const passer = mover === g.host ? g.guest : g.host;
    const moverCtx = await signedInContext(mover);
    const passerCtx = await signedInContext(passer, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const watchCtx = await browser.newContext({ viewport: { width: 1000, height: 860 } });
    try {
      const a = await open(moverCtx, `/play/${g.id}`);
      const b = await open(passerCtx, `/play/${g.id}`);
      const w = await open(watchCtx, `/play/${g.id}`);
      for (const page of [a, b, w]) await waitForState(page, 'playing');
      expect(await a.getByTestId('pass-notice').isVisible()).toBe(false);
      await a.locator(`[data-square=${passing}][data-playable=true]`).click();
      const after = await apiGame(g.id);
      expect(after.toMove).toBe(game.toMove);
      const passColor = game.toMove === 'black' ? 'White' : 'Black';
      for (const page of [a, b, w]) {
        await waitForPly(page, after.ply);
        await page.getByTestId('pass-notice').waitFor({ state: 'visible' });
      }
      expect(await a.getByTestId('pass-notice').innerText()).toBe(`${passer.username} has no legal move and passes: your turn again.`);
      expect(await b.getByTestId('pass-notice').innerText()).toMatch(/^You have no legal move: you pass/);
      expect(await w.getByTestId('pass-notice').innerText()).toBe(`${passColor} has no legal move and passes: ${game.toMove === 'black' ? 'Black' : 'White'} plays again.`);
      expect(await b.getByTestId('announcer').innerText()).toBe(`${passColor} (${passer.username}) has no legal move and passes.`);
      expect(await a.getByTestId('turn-status').innerText()).toMatch(/^Your turn/);
      await screenshot(a, 'pass-notice.png', { fullPage: true });
      await screenshot(b, 'pass-notice-phone.png', { fullPage: true });
      // The next move clears it.
      const next = (await apiGame(g.id)).legalMoves[0];
      await a.locator(`[data-square=${next}][data-playable=true]`).click();
      await a.getByTestId('pass-notice').waitFor({ state: 'hidden' });
    } finally {
      await moverCtx.close();
      await passerCtx.close();
      await watchCtx.close();
    }
  }, 60_000);

  it('an invite link names the host and the settings, and joins as a guest in one click; the room has a copy-link button', async () => {
    const host = await guestPlayer(t.http);
    const hostCtx = await signedInContext(host);
    await hostCtx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseUrl });
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    try {
      const lobby = await open(hostCtx, '/play');
      await lobby.getByTestId('signed-in').waitFor();
      await lobby.getByTestId('room-turn').selectOption('30');
      await lobby.getByTestId('create-room-button').click();
      await lobby.getByTestId('room-waiting').waitFor();
      const code = (await lobby.getByTestId('room-code').innerText()).trim();
      await lobby.getByTestId('room-copy').click();
      await lobby.getByTestId('room-copy-status').filter({ hasText: 'Link copied' }).waitFor();
      const copied = (await lobby.evaluate('navigator.clipboard.readText()')) as string;
      expect(copied).toBe(`${t.baseUrl}/play?join=${code}`);

      const guest = await open(phone, `/play?join=${code}`);
      await guest.getByTestId('invite').waitFor();
      expect(await guest.getByTestId('invite-title').innerText()).toBe(`${host.username} invites you to a game`);
      expect(await guest.getByTestId('invite-settings').innerText()).toBe(
        `Room ${code}: Casual · 30 s per move · legal squares shown · colours swap after each game.`,
      );
      expect(await guest.evaluate(FITS_WIDTH)).toBe(true);
      await screenshot(guest, 'invite-phone.png', { fullPage: true });
      await guest.getByTestId('invite-guest-join').click();
      await Promise.all([guest.waitForURL(GAME_URL), lobby.waitForURL(GAME_URL)]);
      expect(GAME_URL.exec(guest.url())![1]).toBe(GAME_URL.exec(lobby.url())![1]);
      await waitForState(guest, 'playing');
      expect(await guest.locator('#play-game').getAttribute('data-role')).toBe('white');
      expect(await guest.evaluate("localStorage.getItem('outflank.token')")).toBeTruthy();
    } finally {
      await hostCtx.close();
      await phone.close();
    }
  }, 60_000);

  it('keyboard: one tab stop on the board, arrow keys move it, Enter plays; a refused square says so at the square', async () => {
    const g = await roomGame();
    const ctx = await signedInContext(g.host);
    try {
      const page = await open(ctx, `/play/${g.id}`);
      await waitForState(page, 'playing');
      expect(await page.locator('[data-testid=square][tabindex="0"]').count()).toBe(1);
      // Tab reaches the board once: its tab stop (d3 at first).
      await page.locator('[data-square=d3]').focus();
      expect(await page.evaluate("document.activeElement.getAttribute('data-square')")).toBe('d3');
      // From d3 one step right is e3, not a legal square for Black's first move.
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate("document.activeElement.getAttribute('data-square')")).toBe('e3');
      // An illegal square: feedback at the square and under the board, nothing played.
      await page.keyboard.press('Enter');
      expect(await page.locator('[data-square=e3]').getAttribute('data-bad')).toBe('true');
      expect(await page.getByTestId('square-hint').innerText()).toContain('e3 does not outflank any disc');
      expect((await apiGame(g.id)).ply).toBe(0);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate("document.activeElement.getAttribute('data-square')")).toBe('f5');
      expect(await page.locator('[data-testid=square][tabindex="0"]').count()).toBe(1);
      await page.keyboard.press('Enter');
      await waitForPly(page, 1);
      const game = await apiGame(g.id);
      expect(game.ply).toBe(1);
      expect(await page.locator('[data-square=f5]').getAttribute('data-disc')).toBe('black');
      expect(await page.getByTestId('move-list').getByRole('listitem').first().innerText()).toMatch(/^1\s*f5$/);
      // The preview disc is drawn in the mover's colour (the board carries it for the CSS).
      expect(await page.getByTestId('board').getAttribute('data-color')).toBe('black');

      // Sounds are off until turned on, and the choice stays with the device.
      const sound = page.getByTestId('sound-toggle');
      expect(await sound.getAttribute('aria-pressed')).toBe('false');
      await sound.click();
      expect(await sound.getAttribute('aria-pressed')).toBe('true');
      await page.reload();
      await waitForState(page, 'playing');
      expect(await page.getByTestId('sound-toggle').getAttribute('aria-pressed')).toBe('true');

      // In a game, the lobby says so and does not offer a second one.
      const lobby = await open(ctx, '/play');
      await lobby.getByRole('link', { name: /^Continue your game against / }).waitFor();
      await lobby.getByTestId('in-game-note').first().waitFor();
      expect(await lobby.getByTestId('queue-button').isDisabled()).toBe(true);
      expect(await lobby.getByTestId('create-room-button').isDisabled()).toBe(true);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('patience: a 503 or a network error keeps the token and retries; only a 401 drops it', async () => {
    const g = await roomGame();
    const ctx = await signedInContext(g.host);
    expected = [/status of 503/, /net::ERR_FAILED/, /status of 401/];
    try {
      // The lobby's GET /api/players/me: 503 (Retry-After 1), 503, a network failure, then the server.
      let failures = 0;
      // The whole API is down meanwhile: any answer of the server would take the banner down at once.
      await ctx.route('**/api/**', async (route) => {
        if (failures < 3) await route.fulfill({ status: 503, headers: { 'Retry-After': '1' }, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The database is unavailable.' }) });
        else await route.fallback();
      });
      await ctx.route('**/api/players/me', async (route) => {
        failures++;
        if (failures <= 2) await route.fulfill({ status: 503, headers: { 'Retry-After': '1' }, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The database is unavailable.' }) });
        else if (failures === 3) await route.abort('failed');
        else await route.continue();
      });
      const page = await open(ctx, '/play');
      await page.getByTestId('server-status').waitFor({ state: 'visible' });
      await screenshot(page, 'server-unavailable.png', { fullPage: true });
      await page.getByTestId('signed-in').waitFor({ state: 'visible', timeout: 15_000 });
      // Three failures, then the answer (other parts of the page may ask for the player too).
      expect(failures).toBeGreaterThanOrEqual(4);
      expect(await page.getByTestId('me-name').innerText()).toBe(g.host.username);
      expect(await page.evaluate("localStorage.getItem('outflank.token')")).toBe(g.host.token);
      await page.getByTestId('server-status').waitFor({ state: 'hidden' });
      await ctx.unroute('**/api/players/me');
      await ctx.unroute('**/api/**');
      // Each open page holds its event streams, and Chromium opens at most six connections to one
      // host: pages left open would leave the move below waiting for a free connection.
      await page.close();

      // The server stays unavailable: the lobby keeps the token and offers to try again (no sign-in
      // form that would replace a guest's only identity); once it answers, the retry signs in.
      await ctx.route('**/api/players/me', (route) =>
        route.fulfill({ status: 503, headers: { 'Retry-After': '0' }, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The database is unavailable.' }) }),
      );
      const down = await open(ctx, '/play');
      await down.getByTestId('lobby-retry').waitFor({ state: 'visible', timeout: 15_000 });
      // The client's own sentence for the code (not the server's message), then what it means here.
      const en = translator('en');
      expect(await down.getByTestId('lobby-error').innerText()).toBe(en.t('client.lobby.unavailable', { message: en.t('errors.SERVICE_UNAVAILABLE') }));
      expect(await down.getByTestId('lobby-error').innerText()).toBe('The server is unavailable right now. Please try again in a moment. You are still signed in on this device.');
      expect(await down.getByTestId('guest-button').isVisible()).toBe(false);
      expect(await down.evaluate("localStorage.getItem('outflank.token')")).toBe(g.host.token);
      await ctx.unroute('**/api/players/me');
      await down.getByTestId('lobby-retry').click();
      await down.getByTestId('signed-in').waitFor({ state: 'visible' });
      await down.getByTestId('lobby-retry').waitFor({ state: 'hidden' });
      await down.close();

      // A move answered 503 twice is retried (it carries its ply, so a repeat is safe) and lands once.
      let moveTries = 0;
      await ctx.route(`**/api/games/${g.id}/moves`, async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        moveTries++;
        if (moveTries <= 2) await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' }) });
        else await route.continue();
      });
      const board = await open(ctx, `/play/${g.id}`);
      await waitForState(board, 'playing');
      await board.locator('[data-square=d3][data-playable=true]').click();
      // The request itself tries again after each 503 (with backoff), then the answer.
      await waitForPly(board, 1);
      expect(moveTries).toBe(3);
      expect((await apiMoves(g.id)).map((m) => m.square)).toEqual(['d3']);
      expect(await board.evaluate("localStorage.getItem('outflank.token')")).toBe(g.host.token);

      // A 401 is the one answer that drops the token.
      await ctx.route('**/api/players/me', (route) =>
        route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'no' }) }),
      );
      const again = await open(ctx, '/play');
      await again.getByTestId('guest-button').waitFor({ state: 'visible' });
      expect(await again.evaluate("localStorage.getItem('outflank.token')")).toBeNull();
    } finally {
      expected = [];
      await ctx.close();
    }
  }, 60_000);

  it('the CSP forbids inline styles and the tests hear of any violation; /docs renders under the same policy', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    try {
      const page = await open(ctx, '/play');
      const before = problems.length;
      const violation = page.waitForEvent('console', (msg) => /CSP violation/.test(msg.text()));
      await page.evaluate("document.head.insertAdjacentHTML('beforeend', '<style>body { color: red; }</style>')");
      await violation;
      const caught = problems.splice(before);
      expect(caught.join('\n')).toMatch(/style-src/);

      const docs = await open(ctx, '/docs');
      await docs.locator('.swagger-ui .information-container').waitFor();
      expect(await docs.locator('.opblock').count()).toBeGreaterThan(20);
      await screenshot(docs, 'docs.png');
    } finally {
      await ctx.close();
    }
  }, 30_000);

  it('when the database is gone, the pages show a styled error with a retry, not raw JSON', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    expected = [/status of 5\d\d/];
    try {
      await t.app.get(DataSource).destroy();
      const page = await ctx.newPage();
      page.on('pageerror', (err) => problems.push(`error page: page error: ${err.message}`));
      await reportCspViolations(page);
      const res = await page.goto(`${t.baseUrl}/`);
      expect(res!.status()).toBeGreaterThanOrEqual(500);
      expect(res!.headers()['content-type']).toMatch(/^text\/html/);
      await page.getByTestId('error-page').waitFor();
      expect(await page.getByTestId('error-retry').isVisible()).toBe(true);
      await screenshot(page, 'error-page.png', { fullPage: true });
    } finally {
      expected = [];
      await ctx.close();
    }
  }, 30_000);

  it('no page logged an error, broke a CSP rule or failed a request', () => {
    expect(problems).toEqual([]);
  });
});
