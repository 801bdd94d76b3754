import { describe, expect, it } from '@jest/globals';
import { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { Clock } from '../../src/common/clock.js';
import { fromBoardString, legalMoves, squareName } from '../../src/engine/index.js';
import { DeadlineSweeper } from '../../src/games/deadline-sweeper.js';
import { playOpening, startRankedGame, startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { screenshot, openWatchedPage, withAppAndBrowser } from './chromium.js';

/** Every wait in the pages is bounded by this (ms). */
const WAIT = 10_000;

/**
 * The fair-play rules as a player meets them in /play (chromium): Abort before both have moved,
 * the first-move note, the aborted and abandoned results, the ranked queue's widening window.
 */
describe('fair play in the browser client (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[] = [];

  const open = (context: BrowserContext, path: string, player?: TestPlayer): Promise<Page> =>
    openWatchedPage(context, t.baseUrl + path, problems, { token: player?.token, timeoutMs: WAIT });
  const waitForState = (page: Page, state: string) => page.locator(`#play-game[data-state=${state}]`).waitFor({ state: 'attached', timeout: WAIT });

  // CPU_TAKEOVER_SECONDS 40: an opponent who has gone is under the client's 42-s "seems away" mark at once.
  withAppAndBrowser({ SSE_HEARTBEAT_SECONDS: '1', CPU_TAKEOVER_SECONDS: '40' }, (app, b) => {
    t = app;
    browser = b;
  });

  // First: later tests move the app's clock on, and the page counts with the browser's.
  it('an opponent who has gone: the page says so, with the time until the CPU plays for them', async () => {
    const [here, gone] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRankedGame(t.app, here, gone);
    await playOpening(t.http, gameId, here, gone);
    const g = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
    const moved = (await request(t.http).post(`/api/games/${gameId}/moves`).set(here.auth).send({ square: g.legalMoves[0], ply: g.ply }).expect(201)).body.game;
    expect(moved.toMove).toBe('white');
    expect(Date.parse(moved.standInAt) - Date.now()).toBeLessThanOrEqual(40_000);
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 820 } });
    try {
      const page = await open(ctx, `/play/${gameId}`, here);
      await waitForState(page, 'playing');
      const note = page.getByTestId('opponent-away');
      await note.waitFor({ state: 'visible' });
      expect(await note.innerText()).toMatch(
        new RegExp(`^${gone.username} seems to be disconnected: if they do not come back, the CPU plays for them in 0:[0-4]\\d \\(and if it is still playing for them at the end, they lose\\)\\.$`),
      );
      await screenshot(page, 'fair-play-opponent-away.png', { fullPage: true });
      // The opponent comes back (opens the game): the note goes once the page reads the game again.
      await request(t.http).get(`/api/games/${gameId}`).set(gone.auth).expect(200);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  // Also before any test moves the app's clock: the page counts the cooldown with the browser's.
  it('ranked cooldown: after three aborts the lobby says why the ranked game waits, with the time left; the board states its idle limit', async () => {
    const [me, other] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    for (let i = 0; i < 3; i++) {
      const { gameId } = await startRankedGame(t.app, me, other);
      await request(t.http).post(`/api/games/${gameId}/abort`).set(me.auth).send({}).expect(200);
    }
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 820 } });
    try {
      const page = await open(ctx, '/play', me);
      await page.getByTestId('signed-in').waitFor({ state: 'visible' });
      await page.locator('#queue-form [name=mode][value=ranked]').check({ force: true });
      await page.getByTestId('queue-button').click();
      const note = page.getByTestId('queue-cooldown');
      await note.waitFor({ state: 'visible', timeout: WAIT });
      // One abort over the two free ones: ABORT_COOLDOWN_SECONDS (60) from the last abort, shown
      // rounded up, so a page that reads it within a second of the abort still says 1:00.
      expect(await note.innerText()).toMatch(/^You aborted several of your last ranked games: your next ranked game can start in (0:[0-5]\d|1:00)\. Keep this page open; casual games are open now\.$/);
      await screenshot(page, 'fair-play-ranked-cooldown.png', { fullPage: true });
      await page.getByTestId('queue-cancel').click();
      await page.getByTestId('queue-waiting').waitFor({ state: 'hidden' });
      // An untimed ranked game states its idle limit with its settings.
      const { gameId } = await startRankedGame(t.app, me, other);
      const game = await open(ctx, `/play/${gameId}`, me);
      await waitForState(game, 'playing');
      expect(await game.getByTestId('game-meta').innerText()).toBe('Rated · No time limit · idle limit 5:00');
      await request(t.http).post(`/api/games/${gameId}/abort`).set(other.auth).send({}).expect(200);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('before both have moved: an Abort button (no Resign), a first-move note; aborting shows an unrated, aborted game', async () => {
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRankedGame(t.app, a, b);
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 820 } });
    try {
      const page = await open(ctx, `/play/${gameId}`, a);
      await waitForState(page, 'playing');
      expect(await page.getByTestId('abort-button').isVisible()).toBe(true);
      expect(await page.getByTestId('resign-button').isVisible()).toBe(false);
      expect(await page.getByTestId('turn-status').innerText()).toMatch(/make your first move before the clock runs out, or the game is aborted/);
      // The first move's countdown: FIRST_MOVE_SECONDS (30).
      expect(await page.getByTestId('seat-black').getByTestId('clock').innerText()).toMatch(/^0:([0-2]\d|30)$/);
      await screenshot(page, 'fair-play-first-move.png', { fullPage: true });
      await page.getByTestId('abort-button').click();
      await waitForState(page, 'over');
      expect(await page.getByTestId('result-title').innerText()).toBe('Game aborted');
      expect(await page.getByTestId('result-detail').innerText()).toMatch(/^Called off before both players had moved/);
      expect((await request(t.http).get(`/api/games/${gameId}`).expect(200)).body).toMatchObject({ status: 'aborted', result: { ratingChanges: null } });
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('after both have moved: Resign instead of Abort; a player who left and is still stood in for at the end has abandoned', async () => {
    const [stays, leaves] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRankedGame(t.app, stays, leaves, 30);
    await playOpening(t.http, gameId, stays, leaves);
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 820 } });
    try {
      const page = await open(ctx, `/play/${gameId}`, stays);
      await waitForState(page, 'playing');
      expect(await page.getByTestId('abort-button').isVisible()).toBe(false);
      expect(await page.getByTestId('resign-button').isVisible()).toBe(true);
      // Black moves; White's 30 s run out (the app's clock moved on): the CPU stands in for White.
      let g = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
      g = (await request(t.http).post(`/api/games/${gameId}/moves`).set(stays.auth).send({ square: g.legalMoves[0], ply: g.ply }).expect(201)).body.game;
      t.app.get(Clock).advance(31_000);
      await t.app.get(DeadlineSweeper).sweep();
      await page.getByTestId('seat-white').getByTestId('cpu-badge').waitFor({ state: 'visible' });
      // Black plays on to the end through the API; the page follows live.
      g = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
      for (let guard = 0; guard < 80 && g.status === 'active'; guard++) {
        const square = squareName(legalMoves(fromBoardString(g.board, g.toMove))[0]);
        g = (await request(t.http).post(`/api/games/${gameId}/moves`).set(stays.auth).send({ square, ply: g.ply }).expect(201)).body.game;
      }
      expect(g.result).toMatchObject({ reason: 'abandoned', winner: 'black' });
      await waitForState(page, 'over');
      expect(await page.getByTestId('result-title').innerText()).toBe('You won!');
      expect(await page.getByTestId('result-detail').innerText()).toBe(
        `${leaves.username} abandoned the game: the CPU was still playing for them at the end, so they lose`,
      );
      // Old → new, as every page shows a rating ("1500? → 1512? (+12)").
      expect(await page.getByTestId('rating-changes').getByText(new RegExp(`^${stays.username}: \\d+\\?? → \\d+\\?? \\(\\+\\d+\\)$`)).count()).toBe(1);
      await screenshot(page, 'fair-play-abandoned.png', { fullPage: true });
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('ranked queue: the lobby shows the rating window the pairing looks in', async () => {
    const me = await registerPlayer(t.http);
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 820 } });
    try {
      const page = await open(ctx, '/play', me);
      await page.getByTestId('signed-in').waitFor({ state: 'visible' });
      await page.locator('#queue-form [name=mode][value=ranked]').check({ force: true }); // a styled radio: its label covers it
      await page.getByTestId('queue-button').click();
      await page.getByTestId('queue-waiting').waitFor({ state: 'visible' });
      const window = page.getByTestId('queue-window');
      await window.filter({ hasText: /^Opponents rated \d+–\d+: the range widens while you wait\.$/ }).waitFor({ timeout: WAIT });
      const [lo, hi] = ((await window.innerText()).match(/(\d+)–(\d+)/) ?? []).slice(1).map(Number);
      expect(lo).toBeLessThan(1500);
      expect(hi).toBeGreaterThan(1500);
      await screenshot(page, 'fair-play-ranked-window.png', { fullPage: true });
      await page.getByTestId('queue-cancel').click();
      await page.getByTestId('queue-waiting').waitFor({ state: 'hidden' });
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('a room game that ends is casual: no rating change shown', async () => {
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId, code } = await startRoomGame(t.http, a, b);
    await playOpening(t.http, gameId, a, b);
    await request(t.http).post(`/api/games/${gameId}/resign`).set(b.auth).send({}).expect(200);
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 820 } });
    try {
      const page = await open(ctx, `/play/${gameId}?room=${code}`, a);
      await waitForState(page, 'over');
      expect(await page.getByTestId('rating-changes').innerText()).toBe('Casual game: ratings unchanged');
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('no page logged an error or broke a CSP rule', () => {
    expect(problems).toEqual([]);
  });
});
