import { describe, expect, it } from '@jest/globals';
import { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { AnalysisRunner } from '../../src/analysis/analysis-runner.js';
import { fromBoardString, legalMoves, squareName } from '../../src/engine/index.js';
import { startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { screenshot, axeViolations, contrastRatios, openWatchedPage, withAppAndBrowser, type Violation } from './chromium.js';

const WAIT = 15_000;

/** Plays the game to its end through the API: Black takes its first legal square, White its last. */
async function playToEnd(http: any, gameId: string, black: TestPlayer, white: TestPlayer): Promise<any> {
  let game = (await request(http).get(`/api/games/${gameId}`)).body;
  while (game.status === 'active') {
    const moves = legalMoves(fromBoardString(game.board, game.toMove));
    const [p, sq] = game.toMove === 'black' ? [black, moves[0]] : [white, moves[moves.length - 1]];
    game = (await request(http).post(`/api/games/${gameId}/moves`).set(p.auth).send({ square: squareName(sq), ply: game.ply }).expect(201)).body.game;
  }
  return game;
}

/** The analysed replay in /play/:id (chromium): pending, then the graph, the move's loss, the marks, the summary, the keyboard, a report. */
describe('the analysed replay (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[] = [];

  withAppAndBrowser({ ANALYSIS_WORKERS: '1', ANALYSIS_POLL_MS: '0' }, (app, b) => {
    t = app;
    browser = b;
  });

  it('shows the analysis once the engine has been through the game, and follows the replay', async () => {
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRoomGame(t.http, a, b);
    const end = await playToEnd(t.http, gameId, a, b);
    const ctx = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
    try {
      const page: Page = await openWatchedPage(ctx, `${t.baseUrl}/play/${gameId}`, problems, { token: a.token, timeoutMs: WAIT });
      const panel = page.getByRole('region', { name: 'Analysis' });
      await panel.getByText('The engine has not been through this game yet').waitFor();
      expect(await panel.getByRole('link', { name: 'Download GGF' }).getAttribute('href')).toBe(`/api/games/${gameId}/ggf`);

      // The engine runs; the page asks again by itself.
      const runner = t.app.get(AnalysisRunner);
      await runner.poll();
      await runner.idle();
      const graph = panel.getByRole('img', { name: /Evaluation over the game/ });
      await graph.waitFor();
      const analysis = (await request(t.http).get(`/api/games/${gameId}/analysis`).expect(200)).body;
      expect(analysis.status).toBe('ready');

      // The summary per player, with their names and figures.
      const table = panel.getByRole('table', { name: /Summary per player/ });
      for (const [name, color] of [[a.username, 'black'], [b.username, 'white']] as const) {
        const row = table.getByRole('row', { name: new RegExp(name) });
        const s = analysis.players[color];
        expect(await row.getByRole('cell').allInnerTexts()).toEqual([
          String(s.counted), `${Math.round(s.bestShare * 100)} %`, s.meanLoss.toFixed(1), String(s.inaccuracies), String(s.mistakes), String(s.blunders),
        ]);
      }

      // Mistakes are marked on the move list.
      const flagged = analysis.moves.filter((m: any) => m.square !== null && !m.forced && m.by === 'player' && m.loss >= 2);
      expect(flagged.length).toBeGreaterThan(0);
      const list = page.getByTestId('move-list');
      expect(await list.locator('.pl-mark').count()).toBe(flagged.length);

      // The keyboard replay drives the analysis: Home, then → to a flagged move.
      await page.keyboard.press('Home');
      const target = flagged[0];
      for (let i = 0; i <= target.ply; i++) await page.keyboard.press('ArrowRight');
      const current = panel.locator('.pl-eval-move');
      await panel.locator('.pl-eval-move', { hasText: new RegExp(`^${target.ply + 1}\\. `) }).waitFor();
      const said = await current.innerText();
      expect(said).toContain(`${target.ply + 1}. ${target.square}`);
      expect(said).toContain(`best was ${target.best.join(', ')}`);
      expect(said).toContain(target.exact ? 'exact' : 'estimate');
      expect(await page.getByTestId('replay-position').innerText()).toBe(`Move ${target.ply + 1} of ${analysis.moves.length}`);
      // Whose point of view the value is from: the mover's, named.
      expect(said).toContain(`value for ${target.color === 'black' ? 'Black' : 'White'}: `);

      // The move list follows the replay: the current move is highlighted and scrolled into view,
      // at the start as at the end of a game longer than the list's height.
      const inView = async (ply: number) => {
        const item = list.locator(`[data-part=move-item][data-ply="${ply}"]`);
        expect(await item.getAttribute('class')).toContain('pl-current');
        expect(await item.locator('button').getAttribute('aria-current')).toBe('step');
        const [l, i] = [(await list.boundingBox())!, (await item.boundingBox())!];
        return i.y >= l.y - 1 && i.y + i.height <= l.y + l.height + 1;
      };
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      expect(await inView(0)).toBe(true);
      for (let i = 1; i < 20; i++) await page.keyboard.press('ArrowRight');
      await page.getByTestId('replay-position').filter({ hasText: /^Move 20 of/ }).waitFor();
      expect(await inView(19)).toBe(true);
      await page.keyboard.press('End');
      expect(await inView(analysis.moves.length - 1)).toBe(true);
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      expect(await inView(0)).toBe(true);

      // The graph says who is ahead above and below its middle line, and its marks are drawn whole.
      expect(await panel.locator('[data-part=graph-top]').innerText()).toMatch(/^Black ahead by \d+$/);
      expect(await panel.locator('[data-part=graph-bottom]').innerText()).toMatch(/^White ahead by \d+$/);
      const graphBox = (await graph.boundingBox())!;
      for (const dot of await panel.locator('.pl-eval-dot').all()) {
        const d = (await dot.boundingBox())!;
        expect(d.y >= graphBox.y && d.y + d.height <= graphBox.y + graphBox.height).toBe(true);
      }
      // When the game was played.
      expect(await panel.locator('[data-part=game-played]').innerText()).toMatch(/^Played: \w+ \d+, \d{4}/);

      // A click on the graph shows that position.
      const box = (await graph.boundingBox())!;
      await graph.click({ position: { x: box.width / 4, y: box.height / 2 } });
      const clickedAt = Math.round(analysis.moves.length / 4);
      await page.getByTestId('replay-position').filter({ hasText: new RegExp(`^Move ${clickedAt} of`) }).waitFor();
      await page.keyboard.press('End');
      expect(await current.innerText()).toContain(`${analysis.moves.length}. `);
      expect(end.status).toBe('finished');
      await screenshot(page, 'analysis-replay.png', { fullPage: true });

      // A player of the game can report the opponent from here, once.
      await panel.getByRole('button', { name: 'Report opponent' }).click();
      await panel.getByRole('combobox', { name: 'Reason' }).selectOption('engine');
      await panel.getByRole('textbox', { name: 'Details (optional)' }).fill('suspiciously precise');
      await panel.getByRole('button', { name: 'Send report' }).click();
      await panel.getByText('Thank you: the moderators will look at this game.').waitFor();
      expect(await panel.getByRole('button', { name: 'Report opponent' }).isVisible()).toBe(false);
      const stored = await t.db.query('SELECT reason, text FROM reports WHERE game_id = $1', [gameId]);
      expect(stored.rows).toEqual([{ reason: 'engine', text: 'suspiciously precise' }]);
    } finally {
      await ctx.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);
  // The newcomer pages' axe runs check a finished game before its analysis arrives: here, after it,
  // on a desktop, a phone and in dark mode, with a move the CPU stand-in played (set up on purpose:
  // its marker in the move list must read in both colour schemes).
  it('axe-core: the analysed replay has no serious or critical violation once the analysis shows', async () => {
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRoomGame(t.http, a, b);
    await playToEnd(t.http, gameId, a, b);
    await t.db.query("UPDATE moves SET by = 'cpu' WHERE game_id = $1 AND ply = (SELECT max(ply) FROM moves WHERE game_id = $1 AND color = 'white' AND NOT pass)", [gameId]);
    const runner = t.app.get(AnalysisRunner);
    await runner.poll();
    await runner.idle();
    expect((await request(t.http).get(`/api/games/${gameId}/analysis`).expect(200)).body.status).toBe('ready');

    const found: Record<string, Violation[]> = {};
    // One context and page, loaded again at each size and scheme: those are all that three fresh
    // contexts would differ in, and a page's next load in the same renderer (axe-core compiled
    // there already) costs Chromium about half of a new context's.
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    try {
      let page: Page | undefined;
      for (const [name, viewport, colorScheme] of [
        ['desktop', { width: 1280, height: 800 }, 'light'],
        ['phone', { width: 390, height: 844 }, 'light'],
        ['dark', { width: 1280, height: 800 }, 'dark'],
      ] as const) {
        if (page) {
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme });
          await page.goto(`${t.baseUrl}/play/${gameId}`, { waitUntil: 'load' });
        } else {
          page = await openWatchedPage(ctx, `${t.baseUrl}/play/${gameId}`, problems, { token: a.token, timeoutMs: WAIT });
        }
        expect(await page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")).toBe(colorScheme === 'dark');
        const summary = page.getByRole('region', { name: /Summary per player/ });
        await summary.getByRole('table').waitFor();
        await page.locator('.pl-by-cpu').first().waitFor();
        // The summary scrolls sideways on a phone: the keyboard reaches it to scroll it.
        expect(await summary.getAttribute('tabindex')).toBe('0');
        found[name] = await axeViolations(page);
        // The CPU marker's own contrast, in both schemes (axe may leave it "to review").
        const ratios = await contrastRatios(page, '.pl-by-cpu');
        expect(ratios.length).toBeGreaterThan(0);
        expect(ratios.filter((r) => r < 4.5).map((r) => `${name}: ${r.toFixed(2)}:1`)).toEqual([]);
        await screenshot(page, `analysis-axe-${name}.png`, { fullPage: true });
      }
    } finally {
      await ctx.close();
    }
    expect(found).toEqual({ desktop: [], phone: [], dark: [] });
    expect(problems).toEqual([]);
  }, 120_000);
});
