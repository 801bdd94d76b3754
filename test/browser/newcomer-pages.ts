/**
 * What the two newcomer files share (newcomer.browser.spec.ts: axe-core on every page at both
 * sizes, with the screenshots; newcomer-details.browser.spec.ts: dark mode and the points a
 * stranger tripped over): the app and the run's Chromium, a live room game between two guests, a
 * registered player (ada) with a finished game, and the pages a newcomer meets. Two files, so that
 * the browser group's workers share them.
 */
import { afterEach, beforeAll, expect } from '@jest/globals';
import { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { playOpening, startRoomGame } from '../factories/games.js';
import { guestPlayer, registerPlayer, TestPlayer, uniqueName } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { reportCspViolations, withAppAndBrowser } from './chromium.js';

export const WAIT = 15_000;
export const SIZES = [
  { size: 'desktop', viewport: { width: 1280, height: 800 } },
  { size: 'phone', viewport: { width: 390, height: 844 } },
] as const;

export interface Newcomer {
  t: TestApp;
  browser: Browser;
  host: TestPlayer;
  guest: TestPlayer;
  ada: TestPlayer;
  liveId: string;
  finishedId: string;
  /** A new page of `context` at `path`; its console errors, page errors and CSP violations fail the test. */
  open(context: BrowserContext, path: string): Promise<Page>;
  /** A page `open` made, sent on to `path` (a page's next load costs Chromium less than a new page's). */
  go(page: Page, path: string): Promise<Page>;
  contextFor(viewport: { width: number; height: number }, player?: TestPlayer, bypassCSP?: boolean, colorScheme?: 'light' | 'dark'): Promise<BrowserContext>;
}

export const gameReady = (page: Page) => page.locator('#play-game:not([data-state=loading])').waitFor({ state: 'attached' });

/**
 * Call at the top of a describe: the app, the browser and the games before all its tests (the
 * answer's fields are set then), and after each test a check that no page logged an error.
 */
export function useNewcomer(): Newcomer {
  const problems: string[] = [];
  const n = {} as Newcomer;
  const at = new WeakMap<Page, string>();
  n.open = async (context, path) => {
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT);
    page.on('console', (msg) => {
      // The 404 pages answer 404 on purpose, and "José" is refused (400): the browser logs those statuses.
      if (msg.type() === 'error' && !/status of (400|404)\b/.test(msg.text())) problems.push(`${at.get(page)}: console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`${at.get(page)}: page error: ${err.message}`));
    await reportCspViolations(page);
    return n.go(page, path);
  };
  n.go = async (page, path) => {
    at.set(page, path);
    await page.goto(n.t.baseUrl + path, { waitUntil: 'load' });
    return page;
  };
  n.contextFor = async (viewport, player, bypassCSP = false, colorScheme = 'light') => {
    const ctx = await n.browser.newContext({ viewport, bypassCSP, colorScheme });
    if (player) await ctx.addInitScript(`localStorage.setItem('outflank.token', ${JSON.stringify(player.token)})`);
    return ctx;
  };

  withAppAndBrowser({ SSE_HEARTBEAT_SECONDS: '1' }, (app, b) => {
    n.t = app;
    n.browser = b;
  });

  beforeAll(async () => {
    const t = n.t;
    n.host = await guestPlayer(t.http);
    n.guest = await guestPlayer(t.http);
    const live = await startRoomGame(t.http, n.host, n.guest);
    await playOpening(t.http, live.gameId, n.host, n.guest);
    n.liveId = live.gameId;
    // A registered player with a finished game (resigned by the opponent after both moved).
    n.ada = await registerPlayer(t.http, uniqueName('ada'));
    const bob = await guestPlayer(t.http);
    const done = await startRoomGame(t.http, n.ada, bob);
    await playOpening(t.http, done.gameId, n.ada, bob);
    await request(t.http).post(`/api/games/${done.gameId}/resign`).set(bob.auth).send({}).expect(200);
    n.finishedId = done.gameId;
    // One of its moves played by the CPU stand-in, on purpose: the move list marks it (.pl-by-cpu),
    // and the axe runs must see that marker every time, not only when a slow run lets the
    // stand-in take a seat of the live game.
    await t.db.query("UPDATE moves SET by = 'cpu' WHERE game_id = $1 AND ply = (SELECT max(ply) FROM moves WHERE game_id = $1 AND color = 'white' AND NOT pass)", [n.finishedId]);
  }, 120_000);

  afterEach(() => {
    const seen = problems.splice(0);
    expect(seen).toEqual([]);
  });

  return n;
}

/** Each page a newcomer meets, how to open it, and when it is ready to be checked. */
export const PAGES: [name: string, path: (n: Newcomer) => string, player: (n: Newcomer) => TestPlayer | undefined, ready: (page: Page) => Promise<unknown>][] = [
  ['home', () => '/', () => undefined, (p) => p.locator('[data-testid=watch-list]:not([data-state=loading])').waitFor({ state: 'attached' })],
  ['lobby', () => '/play', (n) => n.ada, (p) => p.getByTestId('signed-in').waitFor()],
  ['login', () => '/play', () => undefined, (p) => p.getByTestId('auth-form').waitFor()],
  [
    'register',
    () => '/play',
    () => undefined,
    async (p) => {
      await p.getByTestId('auth-mode-register').click();
      await p.getByTestId('username-rule').waitFor();
    },
  ],
  ['game-black', (n) => `/play/${n.liveId}`, (n) => n.host, gameReady],
  ['game-white', (n) => `/play/${n.liveId}`, (n) => n.guest, gameReady],
  ['finished', (n) => `/play/${n.finishedId}`, (n) => n.ada, (p) => p.getByTestId('result-banner').waitFor()],
  [
    'replay',
    (n) => `/play/${n.finishedId}`,
    () => undefined,
    async (p) => {
      await p.getByTestId('replay').waitFor();
      await p.getByTestId('replay-first').click();
    },
  ],
  ['leaderboard', () => '/leaderboard', () => undefined, (p) => p.getByTestId('leaderboard-rule').waitFor()],
  ['player', (n) => `/players/${n.ada.username}`, () => undefined, (p) => p.getByTestId('recent-games').waitFor()],
  ['rules', () => '/rules', () => undefined, (p) => p.locator('h1').waitFor()],
  ['learn', () => '/learn', () => undefined, (p) => p.locator('#learn:not([data-state=loading])').waitFor({ state: 'attached' })],
  ['not-found', () => '/no/such/page', () => undefined, (p) => p.getByTestId('not-found-page').waitFor()],
  ['broken-link', () => '/play/not-a-game', () => undefined, (p) => p.getByTestId('broken-link').waitFor()],
];
