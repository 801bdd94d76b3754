import { describe, expect, it } from '@jest/globals';
import { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { openWatchedPage, withAppAndBrowser } from './chromium.js';

const WAIT = 10_000;

/** Only inside functions that run in the page. */
declare const document: any;
declare const getComputedStyle: any;

/** The preview disc under the pointer is in the mover's colour; flipped discs turn over, unless the user asks for less motion. */
describe('board feedback (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[] = [];

  async function open(context: BrowserContext, path: string, player: TestPlayer): Promise<Page> {
    const page = await openWatchedPage(context, t.baseUrl + path, problems, { token: player.token, timeoutMs: WAIT });
    await page.locator('#play-game[data-state=playing]').waitFor({ state: 'attached' });
    return page;
  }

  /** The hover preview's colour on a legal square (the ::after pseudo-element). */
  async function previewColour(page: Page, square: string): Promise<string> {
    await page.locator(`[data-square=${square}]`).hover();
    return page.evaluate(
      (sq: string) => getComputedStyle(document.querySelector(`[data-square=${sq}]`), '::after').backgroundColor,
      square,
    ) as Promise<string>;
  }

  withAppAndBrowser({}, (app, b) => {
    t = app;
    browser = b;
  });

  it('the preview disc is Black for Black and White for White; a move flips discs with an animation', async () => {
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRoomGame(t.http, a, b);
    const [ctxA, ctxB] = [await browser.newContext(), await browser.newContext()];
    try {
      const pa = await open(ctxA, `/play/${gameId}`, a);
      expect(await previewColour(pa, 'd3')).toBe('rgba(0, 0, 0, 0.45)');
      const pb = await open(ctxB, `/play/${gameId}`, b);
      await pa.locator('[data-square=d3][data-playable=true]').click();
      // White's page: the flipped d4 turns over (class pl-flip, a running animation), and White's preview is white.
      await pb.locator('[data-square=d4][data-disc=black]').waitFor();
      expect(await pb.locator('[data-square=d4]').getAttribute('class')).toContain('pl-flip');
      const animation = await pb.evaluate(() => getComputedStyle(document.querySelector('[data-square=d4] .pl-piece')).animationName);
      expect(animation).toBe('pl-flip');
      const legal = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body.legalMoves[0];
      expect(await previewColour(pb, legal)).toBe('rgba(255, 255, 255, 0.6)');
    } finally {
      await ctxA.close();
      await ctxB.close();
    }
  }, 60_000);

  it('with prefers-reduced-motion the flip is not animated', async () => {
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRoomGame(t.http, a, b);
    const [ctxA, ctxB] = [await browser.newContext(), await browser.newContext({ reducedMotion: 'reduce' })];
    try {
      const pa = await open(ctxA, `/play/${gameId}`, a);
      const pb = await open(ctxB, `/play/${gameId}`, b);
      await pa.locator('[data-square=d3][data-playable=true]').click();
      await pb.locator('[data-square=d4][data-disc=black]').waitFor();
      const animation = await pb.evaluate(() => getComputedStyle(document.querySelector('[data-square=d4] .pl-piece')).animationName);
      expect(animation).toBe('none');
    } finally {
      await ctxA.close();
      await ctxB.close();
    }
  }, 60_000);

  it('no page logged an error or broke a CSP rule', () => {
    expect(problems).toEqual([]);
  });
});
