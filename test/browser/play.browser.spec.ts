import { describe, expect, it } from '@jest/globals';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { screenshot, FITS_WIDTH, reportCspViolations, withAppAndBrowser } from './chromium.js';
import request from 'supertest';
import { playOpening } from '../factories/games.js';
import { guestPlayer } from '../factories/players.js';
import { TestApp } from '../support/app.js';

/** Every wait in the pages is bounded by this (ms): generous for a loaded CI machine, far below the test timeout. */
const WAIT = 10_000;
const GAME_URL = /\/play\/([0-9a-f-]{36})(\?room=([A-Z0-9]+))?$/;
/** A small CPU takeover delay so the stand-in scenario runs in seconds; heartbeats (presence) every second. */
const APP_ENV = { CPU_TAKEOVER_SECONDS: '3', SSE_HEARTBEAT_SECONDS: '1' };

/** Runs in the page (strings: the project's TypeScript has no DOM types). */
const BOARD_JS =
  "Array.from(document.querySelectorAll('[data-testid=square]')).map(function (e) { var d = e.getAttribute('data-disc'); return d === 'black' ? 'B' : d === 'white' ? 'W' : '.'; }).join('')";
const LEGAL_JS = "Array.from(document.querySelectorAll('[data-testid=square][data-legal=true]')).map(function (e) { return e.getAttribute('data-square'); }).sort()";

/** Only inside functions that run in the page (waitForFunction; a string would be eval, which the CSP forbids). */
declare const document: any;

interface ApiGame {
  id: string;
  status: string;
  board: string;
  ply: number;
  toMove: 'black' | 'white' | null;
  legalMoves: string[] | null;
  black: { player: { id: string; username: string }; standIn: boolean };
  white: { player: { id: string; username: string }; standIn: boolean };
  result: { winner: string | null; reason: string; discs: { black: number; white: number } } | null;
}

describe('the browser client /play (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  /** Console errors, page errors and failed requests of every page (CSP violations show up here). */
  const problems: string[] = [];
  /** While true, failed requests are expected (a context is offline on purpose). */
  let offlinePhase = false;

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT);
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !(offlinePhase && /ERR_INTERNET_DISCONNECTED/.test(msg.text()))) problems.push(`${path}: console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`${path}: page error: ${err.message}`));
    page.on('requestfailed', (req) => {
      const error = req.failure()?.errorText ?? '';
      // Navigating away cuts the streams and any read still on its way (a poll): expected. A cut
      // POST would be a lost action, so those still count.
      if (error === 'net::ERR_ABORTED' && req.method() === 'GET') return;
      if (/\/events$/.test(new URL(req.url()).pathname) && offlinePhase) return;
      if (offlinePhase && /ERR_INTERNET_DISCONNECTED/.test(error)) return;
      problems.push(`${path}: request failed: ${req.url()} ${error}`);
    });
    await reportCspViolations(page);
    await page.goto(t.baseUrl + path, { waitUntil: 'load' });
    return page;
  }

  const apiGame = async (id: string): Promise<ApiGame> => (await request(t.http).get(`/api/games/${id}`).expect(200)).body;
  const boardOf = (page: Page): Promise<string> => page.evaluate(BOARD_JS) as Promise<string>;
  const legalOf = (page: Page): Promise<string[]> => page.evaluate(LEGAL_JS) as Promise<string[]>;
  const attr = (page: Page, name: string): Promise<string | null> => page.locator('#play-game').getAttribute(name);
  /** Waits until the page shows at least `ply` records and has caught up with the server (not stale). */
  const waitForPly = (page: Page, ply: number) =>
    page.waitForFunction(
      (n: number) =>
        Number(document.getElementById('play-game').getAttribute('data-ply')) >= n &&
        document.querySelector('[data-testid=board]').getAttribute('data-busy') === 'false' &&
        document.querySelectorAll('[data-testid=move-list] li').length >= n,
      ply,
      // Polled, not at every animation frame: a frame-by-frame poll keeps Chromium rendering while it waits.
      { timeout: WAIT, polling: 50 },
    );
  const waitForState = (page: Page, state: string) => page.locator(`#play-game[data-state=${state}]`).waitFor({ state: 'attached', timeout: WAIT });

  async function signInAsGuest(page: Page): Promise<string> {
    await page.getByTestId('guest-button').click();
    await page.getByTestId('signed-in').waitFor({ state: 'visible' });
    const name = await page.getByTestId('me-name').innerText();
    expect(name).toMatch(/^guest-/);
    return name;
  }

  withAppAndBrowser(APP_ENV, (app, b) => {
    t = app;
    browser = b;
  });

  it('two guests: create and join a room, play moves that arrive live, reconnect, resign, see the result, rematch', async () => {
    const desk = await browser.newContext({ viewport: { width: 1100, height: 860 } });
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const watch = await browser.newContext({ viewport: { width: 900, height: 800 } });
    try {
      // Player A (desktop): the lobby offers a guest button and a sign-in form until signed in.
      const a = await open(desk, '/play');
      expect(await a.title()).toBe('Play · Outflank');
      await a.getByTestId('guest-button').waitFor({ state: 'visible' });
      expect(await a.getByTestId('auth-form').isVisible()).toBe(true);
      expect(await a.getByTestId('create-room').isVisible()).toBe(false);
      await screenshot(a, 'play-lobby-signed-out.png', { fullPage: true });
      const nameA = await signInAsGuest(a);
      // Rooms are friendly tables (the lobby says so); guests cannot play ranked.
      expect(await a.getByTestId('room-casual').isVisible()).toBe(true);
      expect(await a.locator('[name=rated]').count()).toBe(0);
      expect(await a.locator('#queue-form [name=mode][value=ranked]').isDisabled()).toBe(true);
      // …and the lobby says why, next to the choice; Quick match is the first card.
      expect(await a.getByTestId('quick-match').getByTestId('guest-note').innerText()).toBe('Ranked games are for registered players: guests play casual games.');
      const cards = await a.evaluate("Array.from(document.querySelectorAll('.pl-grid > section')).map(function (e) { return e.getAttribute('data-testid'); })");
      expect(cards).toEqual(['quick-match', 'create-room', 'computer-card', 'join-room', 'alerts']);
      await screenshot(a, 'play-lobby.png', { fullPage: true });

      await a.getByTestId('room-turn').selectOption('60');
      await a.getByTestId('create-room-button').click();
      await a.getByTestId('room-waiting').waitFor({ state: 'visible' });
      const code = (await a.getByTestId('room-code').innerText()).trim();
      expect(code).toMatch(/^[A-Z0-9]{4,12}$/);
      const room = (await request(t.http).get(`/api/rooms/${code}`).expect(200)).body;
      expect(room.settings).toEqual({ turnSeconds: 60, clock: null, showLegalMoves: true, swapColors: true });
      await screenshot(a, 'play-lobby-waiting.png', { fullPage: true });

      // Player B (phone) joins by code (typed in lower case); both land on the game, A via the 'game' event.
      const b = await open(phone, '/play');
      const nameB = await signInAsGuest(b);
      expect(await b.evaluate(FITS_WIDTH)).toBe(true);
      await screenshot(b, 'play-lobby-phone.png', { fullPage: true });
      await b.getByTestId('join-code').fill(code.toLowerCase());
      await b.getByTestId('join-button').click();
      await Promise.all([a.waitForURL(GAME_URL, { timeout: WAIT }), b.waitForURL(GAME_URL, { timeout: WAIT })]);
      const [, gameId, , roomA] = GAME_URL.exec(a.url())!;
      expect(GAME_URL.exec(b.url())![1]).toBe(gameId);
      expect(roomA).toBe(code);
      await Promise.all([waitForState(a, 'playing'), waitForState(b, 'playing')]);

      let game = await apiGame(gameId);
      expect(game.black.player.username).toBe(nameA);
      expect(game.white.player.username).toBe(nameB);
      expect(await attr(a, 'data-role')).toBe('black');
      expect(await attr(b, 'data-role')).toBe('white');
      expect(await a.title()).toBe(`● Your turn · ${nameA} vs ${nameB} · Outflank`);
      expect(await a.getByTestId('turn-status').innerText()).toMatch(/^Your turn/);
      // Each first move has FIRST_MOVE_SECONDS: the status says the game is aborted without it.
      expect(await b.getByTestId('turn-status').innerText()).toBe(`Waiting for ${nameA}… · first move: the game is aborted if it does not come in time`);
      expect(await a.getByTestId('abort-button').isVisible()).toBe(true);
      expect(await a.getByTestId('resign-button').isVisible()).toBe(false);
      // Light dots on Black's four first moves, only for the player to move.
      expect(await legalOf(a)).toEqual(['c4', 'd3', 'e6', 'f5']);
      expect(await legalOf(b)).toEqual([]);
      expect(await boardOf(a)).toBe(game.board);
      expect(await boardOf(b)).toBe(game.board);
      // Orientation: a1 top-left, files left to right, ranks top to bottom.
      const box = async (sq: string) => (await a.locator(`[data-square=${sq}]`).boundingBox())!;
      const [a1, h1, a8] = [await box('a1'), await box('h1'), await box('a8')];
      expect(h1.x).toBeGreaterThan(a1.x + 100);
      expect(Math.abs(h1.y - a1.y)).toBeLessThan(2);
      expect(a8.y).toBeGreaterThan(a1.y + 100);
      // Players, ratings, the turn clock (60 s per move) and no CPU.
      const seatBlack = a.getByTestId('seat-black');
      expect(await seatBlack.getByTestId('player-name').innerText()).toBe(nameA);
      // Guests have no rating to show: no number in the seats (as in the lobby and the watch list).
      expect(await seatBlack.getByTestId('player-rating').innerText()).toBe('');
      expect(await seatBlack.getByTestId('you-badge').isVisible()).toBe(true);
      expect(await a.getByTestId('cpu-badge').first().isVisible()).toBe(false);
      // The first move's clock is FIRST_MOVE_SECONDS (30), whatever the room's turn limit.
      expect(await seatBlack.getByTestId('clock').innerText()).toMatch(/^0:([0-2]\d|30)$/);
      expect(await b.getByTestId('seat-black').getByTestId('clock').isVisible()).toBe(true);
      expect(await b.getByTestId('seat-white').getByTestId('clock').isVisible()).toBe(false);

      // A spectator without a token watches the same game.
      const spectator = await open(watch, `/play/${gameId}`);
      await waitForState(spectator, 'playing');
      expect(await attr(spectator, 'data-role')).toBe('spectator');
      expect(await spectator.getByTestId('resign-button').isVisible()).toBe(false);
      expect(await legalOf(spectator)).toEqual([]);

      // Six moves, by clicking a light dot; every page shows each move live.
      const pages = [a, b, spectator];
      for (let i = 0; i < 6; i++) {
        game = await apiGame(gameId);
        const mover = game.toMove === 'black' ? a : b;
        const legal = await legalOf(mover);
        expect(legal).toEqual([...game.legalMoves!].sort());
        const square = legal[i % legal.length];
        await mover.locator(`[data-square=${square}][data-playable=true]`).click();
        await waitForPly(mover, game.ply + 1);
        const after = await apiGame(gameId);
        for (const page of pages) {
          await waitForPly(page, after.ply);
          expect(await boardOf(page)).toBe(after.board);
          expect(await page.locator(`[data-square=${square}]`).getAttribute('data-disc')).toBe(game.toMove);
          expect(await page.locator(`[data-square=${square}]`).getAttribute('data-last')).toBe('true');
          expect(await page.getByTestId('move-list').getByRole('listitem').count()).toBe(after.ply);
          expect(await page.getByTestId('seat-black').getByTestId('disc-count').innerText()).toBe(String((after.board.match(/B/g) ?? []).length));
        }
        if (i === 3) {
          await screenshot(a, 'play-game.png', { fullPage: true });
          await screenshot(b, 'play-game-phone.png', { fullPage: true });
          expect(await b.evaluate(FITS_WIDTH)).toBe(true);
        }
      }
      // Move list items carry ply, colour and square.
      expect(await a.getByTestId('move-list').getByRole('listitem').first().innerText()).toMatch(/^1\s*[a-h][1-8]$/);

      // B's connection drops; A moves meanwhile; B reconnects with Last-Event-ID and catches up.
      game = await apiGame(gameId);
      expect(game.toMove).toBe('black');
      const lastEventIds: string[] = [];
      b.on('request', (req) => {
        const id = req.headers()['last-event-id'];
        if (req.url().endsWith(`/api/games/${gameId}/events`) && id !== undefined) lastEventIds.push(id);
      });
      offlinePhase = true;
      await phone.setOffline(true);
      await b.getByTestId('connection').filter({ hasText: 'Reconnecting…' }).waitFor({ timeout: WAIT });
      const blackSquare = (await legalOf(a))[0];
      await a.locator(`[data-square=${blackSquare}][data-playable=true]`).click();
      await waitForPly(a, game.ply + 1);
      const missed = await apiGame(gameId);
      expect(await b.locator(`[data-square=${blackSquare}]`).getAttribute('data-disc')).toBe('');
      await phone.setOffline(false);
      await waitForPly(b, missed.ply);
      offlinePhase = false;
      expect(await boardOf(b)).toBe(missed.board);
      expect(await b.getByTestId('connection').innerText()).toBe('Live');
      expect(lastEventIds.map(Number)).toContain(game.ply);

      // B resigns (two clicks: the first arms the button); everyone sees the result.
      await b.getByTestId('resign-button').click();
      expect(await b.getByTestId('resign-button').innerText()).toBe('Confirm resign');
      await b.getByTestId('resign-button').click();
      for (const page of pages) await waitForState(page, 'over');
      game = await apiGame(gameId);
      expect(game.result).toMatchObject({ winner: 'black', reason: 'resign' });
      expect(await a.getByTestId('result-title').innerText()).toBe('You won!');
      expect(await b.getByTestId('result-title').innerText()).toBe('You lost');
      expect(await spectator.getByTestId('result-title').innerText()).toBe('Black wins');
      for (const page of pages) {
        expect(await page.getByTestId('result-detail').innerText()).toBe(`${nameB} resigned`);
        expect(await page.getByTestId('result-score').innerText()).toBe(`Black ${game.result!.discs.black} – ${game.result!.discs.white} White`);
        expect(await page.getByTestId('rating-changes').innerText()).toBe('Casual game: ratings unchanged');
        expect(await page.getByTestId('resign-button').isVisible()).toBe(false);
        expect(await page.getByTestId('clock').first().isVisible()).toBe(false);
      }
      expect(await a.getByTestId('rematch-button').isVisible()).toBe(true);
      expect(await b.getByTestId('rematch-button').isVisible()).toBe(true);
      expect(await spectator.getByTestId('rematch-button').isVisible()).toBe(false);
      expect(await a.title()).toBe(`${nameA} vs ${nameB} · Outflank`);
      await screenshot(a, 'play-result.png', { fullPage: true });
      await screenshot(b, 'play-result-phone.png', { fullPage: true });

      // Rematch by consent: A offers, B sees the offer live and accepts; both go to the new game; colours swap.
      await a.getByTestId('rematch-button').click();
      await a.getByTestId('rematch-status').filter({ hasText: `Rematch offered: waiting for ${nameB} to accept.` }).waitFor({ timeout: WAIT });
      expect(await a.getByTestId('rematch-decline').innerText()).toBe('Withdraw offer');
      await b.getByTestId('rematch-status').filter({ hasText: `${nameA} offers a rematch.` }).waitFor({ timeout: WAIT });
      expect(await b.getByTestId('rematch-button').innerText()).toBe('Accept rematch');
      expect(await b.getByTestId('rematch-decline').innerText()).toBe('Decline');
      await screenshot(b, 'play-rematch-offer-phone.png', { fullPage: true });
      await b.getByTestId('rematch-button').click();
      await Promise.all([
        a.waitForURL((url) => GAME_URL.test(url.href) && !url.href.includes(gameId), { timeout: WAIT }),
        b.waitForURL((url) => GAME_URL.test(url.href) && !url.href.includes(gameId), { timeout: WAIT }),
      ]);
      const next = GAME_URL.exec(a.url())!;
      expect(GAME_URL.exec(b.url())![1]).toBe(next[1]);
      expect(next[3]).toBe(code);
      await Promise.all([waitForState(a, 'playing'), waitForState(b, 'playing')]);
      expect(await attr(a, 'data-role')).toBe('white');
      expect(await attr(b, 'data-role')).toBe('black');
      expect(await legalOf(b)).toEqual(['c4', 'd3', 'e6', 'f5']);
      expect(await b.getByTestId('move-list').getByRole('listitem').count()).toBe(0);
    } finally {
      offlinePhase = false;
      await desk.close();
      await phone.close();
      await watch.close();
    }
  }, 90_000); // a long scenario on a machine shared with other work

  it('a dropped player: the CPU stands in (badge, CPU moves), and reopening the game on the device hands the seat back', async () => {
    // Guests made through the API: the host (in the browser) plays Black, the other never connects.
    const host = await guestPlayer(t.http);
    const away = await guestPlayer(t.http);
    const created = (await request(t.http).post('/api/rooms').set(host.auth).send({}).expect(201)).body;
    const joined = (await request(t.http).post(`/api/rooms/${created.code}/join`).set(away.auth).send({}).expect(200)).body;
    const gameId: string = joined.gameId;
    const hostCtx = await browser.newContext({ viewport: { width: 1000, height: 820 }, colorScheme: 'dark' });
    const awayCtx = await browser.newContext({ viewport: { width: 1000, height: 820 } });
    try {
      // The host is on the page before the opening: a player still opening their page would be
      // "gone" too, and the CPU would stand in for them after CPU_TAKEOVER_SECONDS.
      await hostCtx.addInitScript(`localStorage.setItem('outflank.token', ${JSON.stringify(host.token)})`);
      const page = await open(hostCtx, `/play/${gameId}?room=${created.code}`);
      await waitForState(page, 'playing');
      expect(await attr(page, 'data-role')).toBe('black');
      // Both make their first move (a player who never moves aborts the game; the CPU stands in only later).
      const opened = await playOpening(t.http, gameId, host, away);
      await page.locator(`#play-game[data-ply="${opened.ply}"]`).waitFor({ state: 'attached' });
      await page.locator('[data-testid=square][data-playable=true]').first().click();
      // White is away: after the takeover delay the CPU takes the seat and answers.
      await page.getByTestId('seat-white').getByTestId('cpu-badge').waitFor({ state: 'visible', timeout: 3000 + WAIT });
      await page.getByTestId('move-list').getByRole('listitem').filter({ hasText: 'CPU' }).first().waitFor();
      await page.getByTestId('turn-status').filter({ hasText: /^Your turn/ }).waitFor();
      expect(await page.getByTestId('seat-black').getByTestId('cpu-badge').isVisible()).toBe(false);
      // What the stand-in means, in plain words.
      expect(await page.getByTestId('standin-note').innerText()).toBe(
        `${away.username} left the game: the CPU plays for them until they come back. If it is still playing for them when the game ends, ${away.username} loses it (abandoned).`,
      );
      await screenshot(page, 'play-cpu-dark.png', { fullPage: true });

      // The away player reopens the game on their device: the seat is theirs again, live for the host too.
      await awayCtx.addInitScript(`localStorage.setItem('outflank.token', ${JSON.stringify(away.token)})`);
      const back = await open(awayCtx, `/play/${gameId}`);
      await waitForState(back, 'playing');
      expect(await attr(back, 'data-role')).toBe('white');
      expect((await apiGame(gameId)).white.standIn).toBe(false);
      // Told what the CPU played in their place.
      const cpuSquares = (await request(t.http).get(`/api/games/${gameId}/moves`).expect(200)).body.moves
        .filter((m: { color: string; by: string; pass: boolean }) => m.color === 'white' && m.by === 'cpu' && !m.pass)
        .map((m: { square: string }) => m.square);
      expect(cpuSquares.length).toBeGreaterThan(0);
      expect(await back.getByTestId('away-note').innerText()).toBe(`While you were away, the CPU played ${cpuSquares.join(', ')} for you.`);
      await page.getByTestId('standin-note').waitFor({ state: 'hidden' });
      await page.getByTestId('seat-white').getByTestId('cpu-badge').waitFor({ state: 'hidden', timeout: WAIT });
      expect(await back.getByTestId('seat-white').getByTestId('cpu-badge').isVisible()).toBe(false);
    } finally {
      await hostCtx.close();
      await awayCtx.close();
    }
  }, 30_000);

  it('quick match: the first player waits, the second is paired at once, both land on the same game', async () => {
    const one = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const two = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    try {
      const p1 = await open(one, '/play');
      await signInAsGuest(p1);
      await p1.getByTestId('queue-turn').selectOption('30');
      await p1.getByTestId('queue-button').click();
      await p1.getByTestId('queue-waiting').waitFor({ state: 'visible' });
      const p2 = await open(two, '/play');
      await signInAsGuest(p2);
      await p2.getByTestId('queue-turn').selectOption('30');
      await p2.getByTestId('queue-button').click();
      // p2's answer has the game; p1 hears of it on /api/me/events.
      await Promise.all([p1.waitForURL(GAME_URL, { timeout: WAIT }), p2.waitForURL(GAME_URL, { timeout: WAIT })]);
      const id = GAME_URL.exec(p1.url())![1];
      expect(GAME_URL.exec(p2.url())![1]).toBe(id);
      expect(GAME_URL.exec(p1.url())![2]).toBeUndefined();
      await Promise.all([waitForState(p1, 'playing'), waitForState(p2, 'playing')]);
      expect([await attr(p1, 'data-role'), await attr(p2, 'data-role')].sort()).toEqual(['black', 'white']);
      expect(await p1.getByTestId('game-meta').innerText()).toBe('Casual · 30 s per move');
      // After the game, "Play again" queues once more in the same mode with the same turn limit.
      // Before both have moved the only way out is Abort (no result, no rating).
      expect(await p2.getByTestId('resign-button').isVisible()).toBe(false);
      await p2.getByTestId('abort-button').click();
      await waitForState(p1, 'over');
      expect(await p1.getByTestId('rematch-button').isVisible()).toBe(false);
      await p1.getByTestId('play-again').click();
      await p1.getByTestId('queue-waiting').waitFor({ state: 'visible' });
      expect(await p1.getByTestId('queue-mode').innerText()).toBe('casual');
      const ticket = (await request(t.http).get('/api/queue').set('Authorization', `Bearer ${await p1.evaluate("localStorage.getItem('outflank.token')")}`).expect(200)).body;
      expect(ticket).toMatchObject({ mode: 'unranked', turnSeconds: 30, state: 'waiting' });
      await p1.getByTestId('queue-cancel').click();
      await p1.getByTestId('queue-waiting').waitFor({ state: 'hidden' });
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('registers and logs in from the lobby form; a bad password is refused; a stale token is dropped', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    try {
      const page = await open(ctx, '/play');
      // Registering is a mode of its own (issue #22): its rules are shown before anything is typed.
      await page.getByTestId('auth-mode-register').click();
      await page.getByTestId('username-rule').waitFor({ state: 'visible' });
      await page.getByTestId('auth-username').fill('lobby_user');
      await page.getByTestId('auth-password').fill('correct horse');
      await page.getByTestId('register-button').click();
      await page.getByTestId('signed-in').waitFor({ state: 'visible' });
      expect(await page.getByTestId('me-name').innerText()).toBe('lobby_user');
      expect(await page.getByTestId('me-guest').isVisible()).toBe(false);
      expect(await page.locator('#queue-form [name=mode][value=ranked]').isDisabled()).toBe(false);
      // Reload: still signed in (token in localStorage).
      await page.reload();
      await page.getByTestId('signed-in').waitFor({ state: 'visible' });
      await page.getByTestId('sign-out').click();
      await page.getByTestId('guest-button').waitFor({ state: 'visible' });
      expect(await page.evaluate("localStorage.getItem('outflank.token')")).toBeNull();
      // Back to logging in once signed in: the log-in button is the form's.
      expect(await page.getByTestId('login-button').isVisible()).toBe(true);

      // A wrong password: a message, still signed out. (The 401 is logged by the browser: expected here.)
      const before = problems.length;
      await page.getByTestId('auth-username').fill('lobby_user');
      await page.getByTestId('auth-password').fill('wrong password');
      await page.getByTestId('login-button').click();
      // The message shows at the form it concerns.
      await page.getByTestId('auth-form').locator('xpath=..').getByTestId('form-error').filter({ hasText: 'Wrong username or password.' }).waitFor();
      problems.splice(before, problems.length - before, ...problems.slice(before).filter((p) => !/status of 401/.test(p)));
      await page.getByTestId('auth-password').fill('correct horse');
      await page.getByTestId('login-button').click();
      await page.getByTestId('signed-in').waitFor({ state: 'visible' });

      // A token the server does not accept is forgotten: the visitor is simply signed out.
      await page.evaluate("localStorage.setItem('outflank.token', 'not-a-token')");
      await page.reload();
      await page.getByTestId('guest-button').waitFor({ state: 'visible' });
      expect(await page.evaluate("localStorage.getItem('outflank.token')")).toBeNull();
      problems.splice(before, problems.length - before, ...problems.slice(before).filter((p) => !/status of 401/.test(p)));
    } finally {
      await ctx.close();
    }
  });

  it('a malformed game id is a 404 page; an unknown one says so in the page; /play is not in the API document', async () => {
    const ctx = await browser.newContext({ viewport: { width: 900, height: 600 } });
    try {
      const page = await ctx.newPage();
      const response = await page.goto(`${t.baseUrl}/play/%3Cscript%3Ealert(1)%3C%2Fscript%3E`);
      expect(response?.status()).toBe(404);
      expect(await page.getByTestId('missing-game-id').innerText()).toBe('<script>alert(1)</script>');
      const unknown = await ctx.newPage();
      await unknown.goto(`${t.baseUrl}/play/00000000-0000-4000-8000-000000000000`);
      await unknown.getByTestId('game-missing').waitFor({ state: 'visible' });
      expect(await unknown.title()).toBe('Game not found · Outflank');
    } finally {
      await ctx.close();
    }
    const doc = (await request(t.http).get('/docs-json').expect(200)).body;
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/play'))).toEqual([]);
    const csp: string = (await request(t.http).get('/play').expect(200)).headers['content-security-policy'];
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(name + ' '));
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('style-src')).toBe("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('no page logged an error, broke a CSP rule or failed a request', () => {
    expect(problems).toEqual([]);
  });
});
