import { describe, expect, it } from '@jest/globals';
import { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { playOpening, startRankedGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { screenshot, openWatchedPage, withAppAndBrowser } from './chromium.js';

/** Every wait in the pages is bounded by this (ms); a page's first load on a loaded machine takes longest. */
const WAIT = 30_000;

/**
 * The newcomers' gate and the cheap-win rule as a player meets them in /play (chromium), at their
 * production defaults (the test apps otherwise turn them off).
 */
describe('new accounts and cheap wins in the browser client (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[] = [];

  const open = (context: BrowserContext, path: string, player?: TestPlayer): Promise<Page> =>
    openWatchedPage(context, t.baseUrl + path, problems, { token: player?.token, timeoutMs: WAIT });

  withAppAndBrowser({ RANKED_MIN_CASUAL_GAMES: '3', RANKED_MIN_ACCOUNT_HOURS: '24', RATED_MIN_LOSER_MOVES: '15' }, (app, b) => {
    t = app;
    browser = b;
  });

  it('a new account sees what opens ranked play and how far it is; a ranked join is refused at the form, no ticket', async () => {
    const fresh = await registerPlayer(t.http);
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 820 } });
    try {
      const page = await open(ctx, '/play', fresh);
      await page.getByTestId('signed-in').waitFor({ state: 'visible', timeout: WAIT });
      const note = page.getByTestId('ranked-gate');
      await note.waitFor({ state: 'visible', timeout: WAIT });
      expect(await note.innerText()).toMatch(
        /^Ranked games open after 3 finished casual games \(you have finished 0\) or when your account is 24 hours old \(in 2[34]:[0-5]\d:[0-5]\d\)\. Casual games are open now\.$/,
      );
      await page.locator('#queue-form [name=mode][value=ranked]').check({ force: true });
      await page.getByTestId('queue-button').click();
      // The refusal said where the form is (errors.RANKED_NOT_YET), the note above it saying how far the account is.
      const said = page.getByTestId('quick-match').locator('[data-testid=form-error]:visible');
      await said.waitFor({ state: 'visible', timeout: WAIT });
      expect(await said.innerText()).toContain('Ranked games open to a new account after a few casual games or a day.');
      expect(await page.getByTestId('queue-waiting').isVisible()).toBe(false);
      await screenshot(page, 'ranked-gate-lobby.png', { fullPage: true });
      expect((await request(t.http).get('/api/queue').set(fresh.auth)).status).toBe(404);
      // The refused join is the one request that failed (the browser logs its 403), and nothing else went wrong.
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.every((p) => /status of 403/.test(p))).toBe(true);
      problems.splice(0);
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('a ranked game given up after a move each: the result says the ratings did not change', async () => {
    const [winner, quitter] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    // Made as the queue makes it (the gate is the queue's, not the game's).
    const { gameId } = await startRankedGame(t.app, winner, quitter);
    await playOpening(t.http, gameId, winner, quitter);
    const ended = (await request(t.http).post(`/api/games/${gameId}/resign`).set(quitter.auth).send({}).expect(200)).body;
    expect(ended.result).toMatchObject({ reason: 'resign', ratingChanges: null });
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 820 } });
    try {
      const page = await open(ctx, `/play/${gameId}`, winner);
      const changes = page.getByTestId('rating-changes');
      await page.getByText('Given up early: ratings unchanged').waitFor({ state: 'visible', timeout: WAIT });
      expect(await changes.innerText()).toBe('Given up early: ratings unchanged');
      expect(problems).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
