/**
 * The rules page and the three-minute lesson in chromium: the lesson completed by mouse, by
 * keyboard and in Swahili (the squares found by the engine, as a learner would find them on the
 * board), progress kept across a reload, both pages in each language with the right <html lang>, no
 * console error or CSP violation, no sideways scrolling on a phone; screenshots of /rules and
 * /learn in English and Swahili at desktop and phone sizes in test/artifacts/.
 */
import { describe, expect, it } from '@jest/globals';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { discCounts, flips, legalMoves, parseSquare, playTurn, squareName } from '../../src/engine/index.js';
import { STEPS, stepPosition, DIRECTIONS_WANTED } from '../../src/client/learn/lesson.js';
import { translator } from '../../src/i18n/catalogues/index.js';
import { LANGUAGE_INFO, LANGUAGES } from '../../src/i18n/languages.js';
import { CORNERS, flipLines } from '../../src/pages/domain/positions.js';
import { TestApp } from '../support/app.js';
import { screenshot, FITS_WIDTH, openWatchedPage, withAppAndBrowser } from './chromium.js';

const WAIT = 10_000;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Only inside functions that run in the page. */
declare const document: any;

/** The square a learner who read the step would play, found with the engine (none of them hard-coded). */
function goal(step: (typeof STEPS)[number], again: boolean): string {
  const p = again ? playTurn(stepPosition('pass'), parseSquare(goal('pass', false))!).position : stepPosition(step);
  const found = legalMoves(p).find((m) => {
    if (step === 'directions') return flipLines(m, flips(p, m)).length >= DIRECTIONS_WANTED;
    if (step === 'pass' && !again) return playTurn(p, m).records.some((r) => r.pass);
    if (step === 'corner') return CORNERS.includes(m);
    return true;
  });
  return squareName(found!);
}

describe('the rules page and the lesson (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[] = [];

  const open = (context: BrowserContext, path: string): Promise<Page> => openWatchedPage(context, t.baseUrl + path, problems, { timeoutMs: WAIT });
  const square = (page: Page, sq: string) => page.getByRole('group', { name: /^Lesson board/ }).locator(`[data-square=${sq}]`);

  withAppAndBrowser({}, (app, b) => {
    t = app;
    browser = b;
  });

  it('the lesson, completed with the mouse: wrong squares are explained, progress survives a reload, the end leads to a casual game', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      const page = await open(context, '/learn');
      await expect(page.getByTestId('learn-progress').innerText()).resolves.toBe('Step 1 of 5');
      // The hint: Black's four legal squares carry a dot and say so.
      await expect(page.getByRole('button', { name: /, legal square$/ }).count()).resolves.toBe(4);
      // An occupied square and a square that outflanks nothing are refused, with the reason.
      await square(page, 'd4').click();
      await expect(page.getByTestId('learn-feedback').innerText()).resolves.toBe('d4 is taken: a disc goes on an empty square.');
      await page.getByRole('button', { name: 'a1, empty' }).click();
      await expect(page.getByTestId('learn-feedback').innerText()).resolves.toMatch(/^a1 outflanks nothing/);
      await expect(page.locator('[data-disc=black]').count()).resolves.toBe(2);

      for (const step of STEPS) {
        await expect(page.locator(`#learn[data-step=${step}][data-phase=play]`).count()).resolves.toBe(1);
        if (step === 'directions') {
          // A legal square that flips in one direction only is explained, and nothing changes.
          const p = stepPosition('directions');
          const other = squareName(legalMoves(p).find((m) => flipLines(m, flips(p, m)).length === 1)!);
          await page.getByRole('button', { name: `${other}, legal square` }).click();
          await expect(page.getByTestId('learn-feedback').innerText()).resolves.toMatch(new RegExp(`^${other} is legal, but it flips in only one direction`));
        }
        await page.getByRole('button', { name: `${goal(step, false)}, legal square` }).click();
        if (step === 'pass') {
          await expect(page.getByTestId('learn-feedback').innerText()).resolves.toMatch(/^Black has no legal square, so Black’s turn passes automatically/);
          await page.getByRole('button', { name: `${goal('pass', true)}, legal square` }).click();
        }
        if (step === 'count') {
          // Asked who won, the learner counts: the page shows no count meanwhile.
          await page.locator('#learn[data-phase=answer]').waitFor({ state: 'attached' });
          await expect(page.getByTestId('learn-count-black').isVisible()).resolves.toBe(false);
          await expect(page.getByTestId('learn-count-white').isVisible()).resolves.toBe(false);
          await page.getByRole('button', { name: 'White won' }).click();
          await expect(page.getByTestId('learn-feedback').innerText()).resolves.toMatch(/^Count again: Black has \d+ discs and White \d+\. The board is full/);
          await page.getByRole('button', { name: 'Black won' }).click();
          const before = discCounts(stepPosition('count'));
          const after = discCounts(playTurn(stepPosition('count'), parseSquare(goal('count', false))!).position);
          await expect(page.getByTestId('learn-feedback').innerText()).resolves.toBe(
            `Black wins, ${after.black} to ${after.white}. Before the last move White was ahead, ${before.white} to ${before.black}: the count in the middle of a game decides nothing.`,
          );
        }
        await expect(page.locator('#learn[data-phase=solved]').count()).resolves.toBe(1);
        if (step === 'directions') {
          // Kept on the device: a reload comes back at the next step.
          await page.reload({ waitUntil: 'load' });
          await expect(page.getByTestId('learn-progress').innerText()).resolves.toBe('Step 3 of 5');
          await expect(page.locator('#learn[data-step=pass]').count()).resolves.toBe(1);
          continue;
        }
        await page.getByRole('button', { name: 'Next step' }).click();
      }
      await expect(page.getByRole('heading', { name: 'Lesson complete' }).isVisible()).resolves.toBe(true);
      // The title once, and the board as the last step left it (full), not back at the start.
      await expect(page.getByText('Lesson complete').count()).resolves.toBe(1);
      await expect(page.locator('#learn [data-disc=black], #learn [data-disc=white]').count()).resolves.toBe(64);
      await screenshot(page, 'learn-en-done-desktop.png', { fullPage: true });
      await page.getByRole('link', { name: 'Play a casual game' }).click();
      await page.waitForURL(/\/play(\?again=unranked)?$/);
      await page.locator('#play-lobby').waitFor({ state: 'attached' });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the lesson, completed with the keyboard alone', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      const page = await open(context, '/learn');
      /** Tab until the focused element matches (at most 40 presses). */
      async function tabTo(test: string): Promise<void> {
        for (let i = 0; i < 40; i++) {
          await page.keyboard.press('Tab');
          if (await page.evaluate(test)) return;
        }
        throw new Error(`focus never reached ${test}`);
      }
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-square') ?? document.activeElement?.textContent) as Promise<string>;
      /** Arrow keys from the focused square to `target`, then Enter. */
      async function playByKeys(target: string): Promise<void> {
        const from = parseSquare(await focused())!;
        const to = parseSquare(target)!;
        const dx = (to & 7) - (from & 7);
        const dy = (to >> 3) - (from >> 3);
        for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
        for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
        expect(await focused()).toBe(target);
        await page.keyboard.press('Enter');
      }

      await tabTo("document.activeElement && document.activeElement.hasAttribute('data-square')");
      for (const step of STEPS) {
        await expect(page.locator(`#learn[data-step=${step}]`).count()).resolves.toBe(1);
        await playByKeys(goal(step, false));
        if (step === 'pass') await playByKeys(goal('pass', true));
        if (step === 'count') {
          await tabTo("document.activeElement && document.activeElement.textContent === 'Black won'");
          await page.keyboard.press('Enter');
        }
        // Solved: the focus is on "Next step", Enter goes on (and back to the board).
        await expect(page.locator('#learn[data-phase=solved]').count()).resolves.toBe(1);
        expect(await focused()).toBe('Next step');
        await page.keyboard.press('Enter');
      }
      await expect(page.locator('#learn[data-state=done]').count()).resolves.toBe(1);
      expect(await focused()).toBe('Play a casual game');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the lesson, completed in Swahili', async () => {
    const t = translator('sw');
    const context = await browser.newContext({ viewport: PHONE });
    try {
      const page = await open(context, '/learn?lang=sw');
      expect(await page.getAttribute('html', 'lang')).toBe('sw');
      await expect(page.getByTestId('learn-progress').innerText()).resolves.toBe(t.t('learn.progress', { step: 1, total: 5 }));
      const legal = (sq: string) => page.getByRole('button', { name: t.t('client.board.square.legal', { square: sq }) });
      for (const step of STEPS) {
        await expect(page.getByRole('heading', { name: t.t(`learn.step.${step}.title`) }).isVisible()).resolves.toBe(true);
        await legal(goal(step, false)).click();
        if (step === 'pass') {
          await expect(page.getByTestId('learn-feedback').innerText()).resolves.toBe(t.t('learn.step.pass.again'));
          await legal(goal('pass', true)).click();
        }
        if (step === 'count') await page.getByRole('button', { name: t.t('learn.answer.black') }).click();
        await expect(page.locator('#learn[data-phase=solved]').count()).resolves.toBe(1);
        await page.getByRole('button', { name: t.t('learn.next') }).click();
      }
      await expect(page.getByRole('heading', { name: t.t('learn.done.title') }).isVisible()).resolves.toBe(true);
      await screenshot(page, 'learn-sw-done-phone.png', { fullPage: true });
      await page.getByRole('link', { name: t.t('learn.playCasual') }).click();
      await page.waitForURL(/\/play(\?again=unranked)?$/);
      await page.locator('#play-lobby').waitFor({ state: 'attached' });
      expect(await page.getAttribute('html', 'lang')).toBe('sw');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/rules and /learn in each language: the right <html lang>, the language’s own words and script', async () => {
    const SCRIPT: Record<string, RegExp> = { Latn: /[a-z]/i, Beng: /[\u0980-\u09ff]/, Deva: /[\u0900-\u097f]/, Cyrl: /[\u0400-\u04ff]/ };
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      for (const lang of LANGUAGES) {
        const t = translator(lang);
        const rules = await open(context, `/rules?lang=${lang}`);
        expect(await rules.getAttribute('html', 'lang')).toBe(lang);
        const h1 = await rules.getByRole('heading', { level: 1 }).innerText();
        expect(h1).toBe(t.t('rules.title'));
        expect(h1).toMatch(SCRIPT[LANGUAGE_INFO[lang].script]);
        await expect(rules.getByRole('img', { name: t.t('rules.diagram.start.title') }).count()).resolves.toBe(1);
        await rules.close();
        const learn = await open(context, `/learn?lang=${lang}`);
        expect(await learn.getAttribute('html', 'lang')).toBe(lang);
        // The lesson's texts come from the client's catalogue of the page's language.
        await expect(learn.getByTestId('learn-progress').innerText()).resolves.toBe(t.t('learn.progress', { step: 1, total: 5 }));
        await expect(learn.getByTestId('learn-step-title').innerText()).resolves.toBe(t.t('learn.step.first.title'));
        expect(await learn.getByTestId('learn-step-intro').innerText()).toMatch(SCRIPT[LANGUAGE_INFO[lang].script]);
        await learn.close();
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('screenshots of /rules and /learn in English and Swahili at desktop and phone sizes, nothing scrolling sideways', async () => {
    for (const lang of ['en', 'sw'] as const) {
      const t = translator(lang);
      for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        const context = await browser.newContext({ viewport });
        try {
          const rules = await open(context, `/rules?lang=${lang}`);
          await expect(rules.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(t.t('rules.title'));
          await expect(rules.getByRole('img', { name: t.t('rules.diagram.start.title') }).isVisible()).resolves.toBe(true);
          expect(await rules.evaluate(FITS_WIDTH)).toBe(true);
          await screenshot(rules, `rules-${lang}-${size}.png`, { fullPage: true });
          const learn = await open(context, `/learn?lang=${lang}`);
          await learn.locator('#learn[data-state=step]').waitFor();
          await learn.getByRole('button', { name: t.t('client.board.square.legal', { square: 'd3' }) }).click();
          await learn.locator('#learn[data-phase=solved]').waitFor();
          expect(await learn.evaluate(FITS_WIDTH)).toBe(true);
          await screenshot(learn, `learn-${lang}-${size}.png`, { fullPage: true });
        } finally {
          await context.close();
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
