/**
 * The openings page, the opening explorer and the strategy page in chromium: a line browsed on the
 * explorer by clicking the board (and a move played from the keyboard), an opening's line stepped
 * through on /openings, try-it positions solved on /strategy in Swahili, axe-core clean at 1280×800 and 390×844 (and in dark mode), no sideways scrolling, no
 * console error or CSP violation. Screenshots go to test/artifacts/openings-*.png (not committed).
 */
import { describe, expect, it } from '@jest/globals';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { replay, toBoardString } from '../../src/engine/index.js';
import { playSquares, startRoomGame } from '../factories/games.js';
import { registerPlayer } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { screenshot, FITS_WIDTH, openWatchedPage, withAppAndBrowser } from './chromium.js';

const WAIT = 15_000;
const AXE = require.resolve('axe-core/axe.min.js');
const SIZES = [
  { size: 'desktop', viewport: { width: 1280, height: 800 } },
  { size: 'phone', viewport: { width: 390, height: 844 } },
] as const;

async function axeSerious(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const all = (await page.evaluate(
    "axe.run(document, { resultTypes: ['violations'] }).then(function (r) { return r.violations.map(function (v) { return { id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 4).map(function (n) { return n.target.join(' '); }) }; }); })",
  )) as { id: string; impact: string | null; nodes: string[] }[];
  return all.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.join(', ')}`);
}

const discsOn = (page: Page, scope: string) => page.locator(`${scope} [data-disc=black], ${scope} [data-disc=white]`).count();

describe('openings and the explorer (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[] = [];
  const open = (context: BrowserContext, path: string): Promise<Page> => openWatchedPage(context, t.baseUrl + path, problems, { timeoutMs: WAIT });

  withAppAndBrowser({ EXPLORER_POLL_MS: '0' }, (app, b) => {
    t = app;
    browser = b;
  });

  it('browses the Tiger on the explorer by clicking the board, one move from the keyboard, and goes back a move', async () => {
    const context = await browser.newContext({ viewport: SIZES[0].viewport });
    try {
      const page = await open(context, '/explorer');
      const board = page.getByRole('group', { name: /^Explorer board/ });
      for (const [i, sq] of ['f5', 'd6', 'c3', 'd3'].entries()) {
        await board.getByRole('button', { name: `${sq}, legal square` }).click();
        await page.waitForURL(`**/explorer?moves=${'f5d6c3d3c4'.slice(0, 2 * (i + 1))}`);
      }
      // The last move of the line from the keyboard: the tab stop starts on a legal square; arrows move it.
      const legal = (await page.getByTestId('explorer-board').getAttribute('data-legal'))!.split(' ');
      expect(legal).toContain('c4');
      await board.locator('[tabindex="0"]').focus();
      const focused = async () => (await page.evaluate('document.activeElement.getAttribute("data-square")')) as string;
      for (let guard = 0; guard < 64 && (await focused()) !== 'c4'; guard++) {
        const at = await focused();
        const key = at[0] < 'c' ? 'ArrowRight' : at[0] > 'c' ? 'ArrowLeft' : at[1] < '4' ? 'ArrowDown' : 'ArrowUp';
        await page.keyboard.press(key);
      }
      await page.keyboard.press('Enter');
      await page.waitForURL('**/explorer?moves=f5d6c3d3c4');
      await expect(page.getByTestId('explorer-opening').innerText()).resolves.toMatch(/^Opening: Tiger\./);
      const expected = [...toBoardString(replay('f5d6c3d3c4').position)].filter((c) => c !== '.').length;
      await expect(discsOn(page, '[data-testid=explorer-board]')).resolves.toBe(expected);
      // Master games went on from the Tiger: the most played move has a count, and its value is labelled.
      const first = page.getByTestId('explorer-moves').locator('tbody tr').first();
      await expect(first.locator('td').first().innerText()).resolves.toMatch(/^[1-9]/);
      await expect(first.locator('[data-exact]').innerText()).resolves.toMatch(/\(estimate\)$/);
      await page.getByTestId('explorer-back').click();
      await page.waitForURL('**/explorer?moves=f5d6c3d3');
      await expect(page.getByTestId('explorer-where').innerText()).resolves.toBe('After f5 d6 c3 d3');
      // A typed line.
      await page.getByLabel('Type a line').fill('f5f6e6f4g5');
      await page.getByRole('button', { name: 'Show' }).click();
      await page.waitForURL('**/explorer?moves=f5f6e6f4g5');
      await expect(page.getByTestId('explorer-opening').innerText()).resolves.toMatch(/^Opening: Heath\./);
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('steps through an opening’s line on /openings', async () => {
    const context = await browser.newContext({ viewport: SIZES[1].viewport });
    try {
      const page = await open(context, '/openings');
      const tiger = page.getByTestId('opening-tiger');
      await expect(discsOn(page, '[data-testid=opening-tiger] svg')).resolves.toBe(9);
      await tiger.getByRole('button', { name: 'First position' }).click();
      await expect(discsOn(page, '[data-testid=opening-tiger] svg')).resolves.toBe(4);
      await expect(tiger.locator('[data-part=opening-step]').innerText()).resolves.toBe('Start position');
      await tiger.getByRole('button', { name: 'Next move' }).click();
      await expect(discsOn(page, '[data-testid=opening-tiger] svg')).resolves.toBe(5);
      await expect(tiger.locator('[data-part=opening-step]').innerText()).resolves.toBe('Move 1 of 5');
      await tiger.getByRole('button', { name: 'Final position' }).click();
      await expect(tiger.locator('figure').getAttribute('data-ply')).resolves.toBe('5');
      expect(await page.evaluate(FITS_WIDTH)).toBe(true);
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('solves a try-it position on /strategy in Swahili: a wrong move is explained with its value, the right one shows why', async () => {
    const context = await browser.newContext({ viewport: SIZES[1].viewport });
    try {
      const page = await open(context, '/strategy?lang=sw');
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('sw');
      const topic = page.getByTestId('try-corners');
      const board = topic.getByRole('group', { name: /^Kona: ubao wa kujaribu/ });
      const answers = (await page.getByTestId('try-board-corners').getAttribute('data-answers'))!.split(' ');
      const legal = (await page.getByTestId('try-board-corners').getAttribute('data-legal'))!.split(' ');
      const wrong = legal.find((m) => !answers.includes(m))!;
      await board.locator(`[data-square=${wrong}]`).click();
      await expect(topic.getByTestId('try-corners-feedback').innerText()).resolves.toMatch(new RegExp(`^${wrong} humaliza .* Jaribu tena\\.$`));
      await expect(topic.getByTestId('try-corners-explain').isVisible()).resolves.toBe(false);
      await board.locator(`[data-square=${answers[0]}]`).click();
      await expect(topic.getByTestId('try-corners-feedback').innerText()).resolves.toBe(`Sahihi: ${answers[0]}.`);
      await expect(topic.getByTestId('try-corners-explain').isVisible()).resolves.toBe(true);
      await expect(topic.getByTestId('try-corners-explain').innerText()).resolves.toMatch(new RegExp(`^${answers[0]}: kona\\.`));
      // The next topic from the keyboard: the board is one tab stop; Enter plays the focused square.
      const xc = page.getByTestId('try-xc');
      const xcAnswer = (await page.getByTestId('try-board-xc').getAttribute('data-answers'))!.split(' ')[0];
      await xc.locator('[tabindex="0"]').focus();
      const focused = async () => (await page.evaluate('document.activeElement.getAttribute("data-square")')) as string;
      for (let guard = 0; guard < 64 && (await focused()) !== xcAnswer; guard++) {
        const at = await focused();
        const key = at[0] < xcAnswer[0] ? 'ArrowRight' : at[0] > xcAnswer[0] ? 'ArrowLeft' : at[1] < xcAnswer[1] ? 'ArrowDown' : 'ArrowUp';
        await page.keyboard.press(key);
      }
      await page.keyboard.press('Enter');
      await expect(xc.getByTestId('try-xc-feedback').innerText()).resolves.toBe(`Sahihi: ${xcAnswer}.`);
      expect(await page.evaluate(FITS_WIDTH)).toBe(true);
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('names the opening of a finished game on its page and its replay', async () => {
    const a = await registerPlayer(t.http);
    const b = await registerPlayer(t.http);
    const { gameId } = await startRoomGame(t.http, a, b);
    await playSquares(t.http, gameId, a, b, ['f5', 'f6', 'e6', 'f4', 'g5', 'e7']);
    const resigned = await fetch(`${t.baseUrl}/api/games/${gameId}/resign`, { method: 'POST', headers: { ...a.auth, 'Content-Type': 'application/json' }, body: '{}' });
    expect(resigned.status).toBe(200);
    const context = await browser.newContext({ viewport: SIZES[0].viewport });
    try {
      const page = await open(context, `/play/${gameId}`);
      await page.getByTestId('replay').waitFor();
      await expect(page.getByTestId('game-opening').innerText()).resolves.toBe('Opening: Heath');
      await expect(page.getByTestId('game-opening').locator('a').getAttribute('href')).resolves.toBe('/openings#opening-heath');
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('names the opening of a live game in the home page\'s watch list', async () => {
    const a = await registerPlayer(t.http);
    const b = await registerPlayer(t.http);
    const { gameId } = await startRoomGame(t.http, a, b);
    await playSquares(t.http, gameId, a, b, ['f5', 'd6', 'c3', 'd3', 'c4']);
    const context = await browser.newContext({ viewport: SIZES[0].viewport });
    try {
      const page = await open(context, '/');
      const item = page.locator(`[data-testid=watch-list] a[data-game-id="${gameId}"]`);
      await item.waitFor();
      await expect(item.locator('.pl-watch-opening').innerText()).resolves.toBe('Opening: Tiger');
      await expect(item.locator('.pl-watch-opening').getAttribute('data-opening')).resolves.toBe('tiger');
    } finally {
      await context.close();
      await fetch(`${t.baseUrl}/api/games/${gameId}/resign`, { method: 'POST', headers: { ...a.auth, 'Content-Type': 'application/json' }, body: '{}' });
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('axe-core: /openings, the explorer and /strategy have no serious or critical violation at 1280×800 and 390×844, light and dark', async () => {
    const found: Record<string, string[]> = {};
    // One context and page led through the four paths at each size and scheme: these pages keep
    // nothing on the device (no storage, no cookie), so each load is the one a fresh context at
    // that size and scheme makes, and a page's next load (the same renderer, axe-core compiled
    // once) costs Chromium about half of a new context's.
    const context = await browser.newContext({ viewport: SIZES[0].viewport, bypassCSP: true });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT);
      for (const { size, viewport } of SIZES) {
        for (const scheme of ['light', 'dark'] as const) {
          if (size === 'phone' && scheme === 'dark') continue;
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme: scheme });
          for (const path of ['/openings', '/explorer?moves=f5d6c3', '/explorer?moves=f5f5', '/strategy']) {
            await page.goto(t.baseUrl + path, { waitUntil: 'load' });
            expect({ path, scheme, dark: await page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") }).toEqual({ path, scheme, dark: scheme === 'dark' });
            found[`${path} ${size} ${scheme}`] = await axeSerious(page);
            if (scheme === 'light') found[`${path} ${size} fits`] = (await page.evaluate(FITS_WIDTH)) ? [] : ['scrolls sideways'];
            const name = path === '/openings' ? 'openings' : path === '/strategy' ? 'strategy' : path.endsWith('f5f5') ? 'explorer-error' : 'explorer';
            await screenshot(page, `openings-${name}-${size}-${scheme}.png`, { fullPage: true });
          }
        }
      }
    } finally {
      await context.close();
    }
    expect(Object.entries(found).filter(([, v]) => v.length > 0)).toEqual([]);
  }, 240_000);
});
