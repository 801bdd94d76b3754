import { describe, expect, it } from '@jest/globals';
import { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { startRoomGame } from '../factories/games.js';
import { guestPlayer } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { openWatchedPage, withAppAndBrowser } from './chromium.js';

const WAIT = 10_000;

/** Only inside functions that run in the page. */
declare const document: any;

/**
 * What a game costs the server when people play it in browsers: two Chromium players play a whole
 * game by clicking, a third page watches, and every API request of each page is counted (the event
 * streams aside). Events carry the state, so a move costs the mover's POST and nothing else.
 */
describe('requests per move in the browser client (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[] = [];

  withAppAndBrowser({}, (app, b) => {
    t = app;
    browser = b;
  });

  it('two players play a whole game through the UI: at most 1.1 API requests per move; a watcher adds none', async () => {
    const [a, b] = [await guestPlayer(t.http), await guestPlayer(t.http)];
    const { gameId, code } = await startRoomGame(t.http, a, b);
    // Reduced motion: this counts requests, not frames; each move's disc flips, animated on three
    // pages for 60-odd moves, were about a fifth of this file's CPU (the animation has its own test
    // in board-feedback.browser.spec.ts, and play.browser.spec.ts plays with it).
    const contexts: BrowserContext[] = [];
    for (let i = 0; i < 3; i++) contexts.push(await browser.newContext({ reducedMotion: 'reduce' }));
    try {
      const [pa, pb, watcher] = [
        await openWatchedPage(contexts[0], `${t.baseUrl}/play/${gameId}?room=${code}`, problems, { token: a.token, timeoutMs: WAIT }),
        await openWatchedPage(contexts[1], `${t.baseUrl}/play/${gameId}?room=${code}`, problems, { token: b.token, timeoutMs: WAIT }),
        await openWatchedPage(contexts[2], `${t.baseUrl}/play/${gameId}`, problems, { timeoutMs: WAIT }),
      ];
      const pages = [pa, pb, watcher];
      for (const page of pages) await page.locator('#play-game[data-state=playing]').waitFor({ state: 'attached' });
      // From here on, every API request of each page (the streams aside) is counted.
      const counts = new Map<Page, string[]>(pages.map((p) => [p, []]));
      for (const page of pages) {
        page.on('request', (req) => {
          const path = new URL(req.url()).pathname;
          if (path.startsWith('/api/') && !path.endsWith('/events')) counts.get(page)!.push(`${req.method()} ${path}`);
        });
      }
      const shows = (page: Page, ply: number) =>
        page.waitForFunction(
          (n: number) =>
            Number(document.getElementById('play-game').getAttribute('data-ply')) >= n &&
            document.querySelector('[role=group][aria-label^="Board"]').getAttribute('data-busy') === 'false',
          ply,
          // Polled, not at every animation frame: a frame-by-frame poll keeps Chromium rendering while it waits.
          { timeout: WAIT, polling: 50 },
        );

      let game = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
      let moves = 0;
      while (game.status === 'active') {
        const mover = game.toMove === 'black' ? pa : pb;
        await mover.locator(`[data-square=${game.legalMoves[0]}][data-playable=true]`).click();
        await shows(mover, game.ply + 1);
        moves++;
        game = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
        for (const page of pages) await shows(page, game.ply);
      }
      for (const page of pages) await page.locator('#play-game[data-state=over]').waitFor({ state: 'attached' });
      // The server ends a finished game's stream: a page that reconnected (and read the game again) would show here.
      await pa.waitForTimeout(2000);
      expect(moves).toBeGreaterThan(20);

      // Once the game is over, each page's analysed replay asks for the engine's analysis (issue #20,
      // again while it is pending): requests of the finished game, not of its play.
      const ofPlay = (page: Page) => counts.get(page)!.filter((r) => r !== `GET /api/games/${gameId}/analysis`);
      expect(counts.get(watcher)!.filter((r) => r.endsWith('/analysis')).length).toBeGreaterThanOrEqual(1);
      const played = [...ofPlay(pa), ...ofPlay(pb)];
      expect(played.filter((r) => r.startsWith('POST') && r.endsWith('/moves'))).toHaveLength(moves);
      expect(played.length / moves).toBeLessThanOrEqual(1.1);
      expect(ofPlay(watcher)).toEqual([]);
    } finally {
      for (const ctx of contexts) await ctx.close();
    }
  }, 180_000);

  it('no page logged an error or broke a CSP rule', () => {
    expect(problems).toEqual([]);
  });
});
