import { beforeAll, describe, expect, it } from '@jest/globals';
import { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { makeModerator } from '../factories/moderators.js';
import { playOpening, startRankedGame, startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { screenshot, axeViolations, FITS_WIDTH, openWatchedPage, withAppAndBrowser } from './chromium.js';

const WAIT = 10_000;

/** The moderator page (/mod) in chromium: the panels for moderators only, a report, a player's view, an action and its audit-log entry. */
describe('the moderator page (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[] = [];
  let mod: TestPlayer;

  const open = (context: BrowserContext, path: string, player?: TestPlayer): Promise<Page> =>
    openWatchedPage(context, t.baseUrl + path, problems, { token: player?.token, timeoutMs: WAIT });

  withAppAndBrowser({ LEADERBOARD_MIN_GAMES: '1' }, (app, b) => {
    t = app;
    browser = b;
  });

  beforeAll(async () => {
    mod = await registerPlayer(t.http);
    // The role is given with the `outflank` command (tested in test/e2e/moderation); here through the same function.
    await makeModerator(t.app, mod.username, 'browser test');
  }, 120_000);

  it('is for moderators only', async () => {
    const someone = await registerPlayer(t.http);
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const other = await browser.newContext();
    try {
      const anonymous = await open(ctx, '/mod');
      await anonymous.getByText('Sign in with a moderator account to see this page.').waitFor();
      const page = await open(other, '/mod', someone);
      await page.getByText('Only moderators can see this page.').waitFor();
      expect(await page.getByRole('heading', { name: 'Open reports' }).count()).toBe(0);
    } finally {
      // Both closed here: a page left open keeps its polls and streams going through the file's other tests.
      await ctx.close();
      await other.close();
    }
    expect(problems.filter((p) => !/status of 40[13]/.test(p))).toEqual([]);
  }, 60_000);

  it('lists an open report; the player view; marking an engine user refunds its victim and logs the action', async () => {
    const [cheat, victim] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRankedGame(t.app, cheat, victim);
    await playOpening(t.http, gameId, cheat, victim);
    await request(t.http).post(`/api/games/${gameId}/resign`).set(victim.auth).send({}).expect(200);
    await request(t.http).post(`/api/games/${gameId}/reports`).set(victim.auth).send({ reason: 'engine', text: 'every move perfect' }).expect(201);
    const { gameId: room } = await startRoomGame(t.http, victim, cheat);
    await request(t.http).post(`/api/games/${room}/resign`).set(victim.auth).send({}).expect(200);
    const victimBefore = (await request(t.http).get(`/api/players/${victim.username}`).expect(200)).body.rating as number;

    problems.length = 0;
    const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    try {
      const page = await open(ctx, '/mod', mod);
      await page.getByRole('heading', { name: 'Open reports' }).waitFor();
      const row = page.getByTestId('report-row').filter({ hasText: 'every move perfect' });
      expect(await row.count()).toBe(1);
      expect(await row.innerText()).toContain(cheat.username);
      await page.getByRole('heading', { name: 'Furthest outside their rating band' }).waitFor();
      await screenshot(page, 'moderation-overview.png', { fullPage: true });

      await row.getByRole('link', { name: cheat.username }).click();
      await page.getByRole('heading', { name: `Player ${cheat.username}` }).waitFor();
      expect(await page.getByTestId('player-reports').innerText()).toContain('every move perfect');
      // No action is chosen at first: acting says so, and sends nothing.
      expect(await page.getByRole('combobox', { name: 'Action' }).inputValue()).toBe('');
      await page.getByRole('button', { name: 'Act' }).click();
      await page.getByTestId('mod-action-status').getByText('Choose an action first.').waitFor();
      await page.getByRole('combobox', { name: 'Action' }).selectOption('engine');
      await page.getByRole('textbox', { name: 'Reason (written to the audit log only; the player never sees it)' }).fill('perfect endgames, uniform times');
      // Marking an engine user cannot be undone: the page asks first.
      const asked: string[] = [];
      page.once('dialog', (d) => {
        asked.push(d.message());
        void d.accept();
      });
      await page.getByRole('button', { name: 'Act' }).click();
      await page.getByText(/Done: marked as engine user\. Refunds: \d+ rating points to 1 opponent\./).waitFor();
      await page.getByTestId('mark-engine').waitFor();
      expect(asked).toEqual([`Mark ${cheat.username} as an engine user? This cannot be undone.`]);
      const audit = page.getByTestId('audit-row').first();
      expect(await audit.innerText()).toContain('marked as engine user');
      expect(await audit.innerText()).toContain(mod.username);
      expect(await audit.innerText()).toContain('perfect endgames, uniform times');
      await screenshot(page, 'moderation-player.png', { fullPage: true });

      // The victim got their points back; the profile page says what happened to the account.
      expect((await request(t.http).get(`/api/players/${victim.username}`).expect(200)).body.rating).toBeGreaterThan(victimBefore);
      const profile = await open(ctx, `/players/${cheat.username}`);
      expect(await profile.getByRole('note').innerText()).toContain('marked as an engine user');
      // Back on the overview, the report is closed.
      await page.getByRole('link', { name: 'Back to the moderation page' }).click();
      await page.getByRole('heading', { name: 'Open reports' }).waitFor();
      expect(await page.getByTestId('report-row').filter({ hasText: 'every move perfect' }).count()).toBe(0);
    } finally {
      await ctx.close();
    }
    expect(problems).toEqual([]);
  }, 90_000);

  it('the header links a moderator (only) to /mod; its tables show every column at 1280×800 and 390×844, with no serious axe violation', async () => {
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRoomGame(t.http, a, b);
    const words = 'opened the game, then waited out every clock without a move; the same in three games this week, always against new accounts';
    await request(t.http).post(`/api/games/${gameId}/reports`).set(a.auth).send({ reason: 'stalling', text: words }).expect(201);
    await request(t.http).post(`/api/games/${gameId}/resign`).set(a.auth).send({}).expect(200);
    problems.length = 0;
    // Columns cut off inside their table's scroll box, or text wider than its cell.
    const CUT =
      "Array.from(document.querySelectorAll('.mod-table')).filter(function (t) { var w = t.closest('.table-wrap'); return w && t.scrollWidth > w.clientWidth + 1; }).map(function (t) { return t.getAttribute('data-testid'); })";
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const ctx = await browser.newContext({ viewport, bypassCSP: true });
      try {
        const someone = await open(ctx, '/leaderboard', a);
        await someone.waitForLoadState('networkidle');
        expect(await someone.locator('[data-part=nav-mod]').count()).toBe(0);
        // The lobby asks who is signed in: a moderator's header gains the link, on every page after.
        const lobby = await open(ctx, '/play', mod);
        await lobby.getByTestId('signed-in').waitFor();
        await lobby.locator('[data-part=nav-mod]').waitFor();
        const page = await open(ctx, '/', mod);
        await page.getByRole('link', { name: 'Moderation' }).click();
        await page.getByRole('heading', { name: 'Open reports' }).waitFor();
        expect(await page.locator('[data-part=nav-mod]').getAttribute('aria-current')).toBe('page');
        const row = page.getByTestId('report-row').filter({ hasText: 'waited out every clock' });
        await row.waitFor();
        for (const column of ['Details', 'Game', 'Reason']) {
          const cell = row.locator('td').nth(['Filed', 'Reporter', 'Reported', 'Reason', 'Details', 'Game'].indexOf(column));
          const box = (await cell.boundingBox())!;
          expect({ column, viewport, inside: box.x >= 0 && box.x + box.width <= viewport.width }).toEqual({ column, viewport, inside: true });
        }
        expect({ viewport, cut: await page.evaluate(CUT) }).toEqual({ viewport, cut: [] });
        expect({ viewport, fits: await page.evaluate(FITS_WIDTH) }).toEqual({ viewport, fits: true });
        expect({ viewport, axe: await axeViolations(page) }).toEqual({ viewport, axe: [] });
        await screenshot(page, `moderation-overview-${viewport.width}.png`, { fullPage: true });
        await row.getByRole('link', { name: b.username }).click();
        await page.getByRole('heading', { name: `Player ${b.username}` }).waitFor();
        expect({ viewport, cut: await page.evaluate(CUT) }).toEqual({ viewport, cut: [] });
        expect({ viewport, fits: await page.evaluate(FITS_WIDTH) }).toEqual({ viewport, fits: true });
        expect({ viewport, axe: await axeViolations(page) }).toEqual({ viewport, axe: [] });
        await screenshot(page, `moderation-player-${viewport.width}.png`, { fullPage: true });
      } finally {
        await ctx.close();
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('a warned player sees the warning once, on whatever page they open', async () => {
    const p = await registerPlayer(t.http);
    await request(t.http).post(`/api/mod/players/${p.username}/actions`).set(mod.auth).send({ action: 'warn', reason: 'left 5 lost games', message: 'Please stop leaving lost games.' }).expect(200);
    problems.length = 0;
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    try {
      const page = await open(ctx, '/play', p);
      const notice = page.getByRole('alertdialog', { name: 'A warning from the moderators' });
      await notice.waitFor();
      expect(await notice.innerText()).toContain('Please stop leaving lost games.');
      expect(await notice.innerText()).not.toContain('left 5 lost games');
      await screenshot(page, 'moderation-warning.png');
      await notice.getByRole('button', { name: 'I understand' }).click();
      await notice.waitFor({ state: 'detached' });
      const again = await open(ctx, '/', p);
      await again.getByRole('heading', { level: 1 }).first().waitFor();
      // The page asked for notices and got none: nothing is shown.
      await again.waitForLoadState('networkidle');
      expect(await again.getByRole('alertdialog').count()).toBe(0);
      expect((await request(t.http).get('/api/me/notices').set(p.auth).expect(200)).body.notices).toEqual([]);
    } finally {
      await ctx.close();
    }
    expect(problems).toEqual([]);
  }, 60_000);
  it('speaks the page language: the panels, an action and a warning in Bengali', async () => {
    const p = await registerPlayer(t.http);
    problems.length = 0;
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const other = await browser.newContext();
    try {
      const page = await open(ctx, `/mod?player=${encodeURIComponent(p.username)}&lang=bn`, mod);
      expect(await page.locator('html').getAttribute('lang')).toBe('bn');
      await page.getByRole('heading', { name: `খেলোয়াড় ${p.username}` }).waitFor();
      await page.getByRole('combobox', { name: 'কাজ' }).selectOption('warn');
      await page.getByRole('textbox', { name: 'কারণ (শুধু কাজের নথিতে লেখা হবে; খেলোয়াড় এটি কখনও দেখবেন না)' }).fill('তিনটি খেলায় গালি');
      // Without the words the player reads, the form says so and sends nothing.
      await page.getByRole('button', { name: 'ব্যবস্থা নিন' }).click();
      await page.getByText('খেলোয়াড় যে সতর্কবার্তা দেখবেন, তা লিখুন।').waitFor();
      await page.getByRole('textbox', { name: 'খেলোয়াড় যে সতর্কবার্তা দেখবেন (শুধু “সতর্ক করুন”-এর জন্য)' }).fill('ভদ্র থাকুন');
      await page.getByRole('button', { name: 'ব্যবস্থা নিন' }).click();
      await page.getByText('হয়ে গেছে: সতর্ক করা হয়েছে।').waitFor();
      expect(await page.getByTestId('audit-row').first().innerText()).toContain('সতর্ক করা হয়েছে');
      expect(await page.getByTestId('audit-message').first().innerText()).toBe('খেলোয়াড়কে: ভদ্র থাকুন');

      const warned = await open(other, '/play?lang=bn', p);
      const notice = warned.getByRole('alertdialog', { name: 'মডারেটরদের সতর্কবার্তা' });
      await notice.waitFor();
      expect(await notice.innerText()).toContain('ভদ্র থাকুন');
      expect(await notice.innerText()).not.toContain('গালি');
      await notice.getByRole('button', { name: 'বুঝেছি' }).click();
      await notice.waitFor({ state: 'detached' });
    } finally {
      await other.close();
      await ctx.close();
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
