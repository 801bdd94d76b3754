import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { playSquares } from '../factories/games.js';
import { guestPlayer, TestPlayer } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { screenshot, axeViolations, openWatchedPage, withAppAndBrowser } from './chromium.js';

const WAIT = 30_000;

/**
 * A TCP proxy in front of the app that can freeze it as a stopped process looks from outside: while
 * frozen, every byte either way is held (requests reach nothing, answers come back from nothing, new
 * connections are accepted and held too); thawed, the held bytes flow on. `cut` ends every
 * connection (their held bytes lost) and turns new ones away until the thaw, as a restarting server
 * does: Chromium sends a request again by itself on a fresh connection when a reused one is reset
 * before any answer, so a cut that still held new connections would leave the page's retry hanging
 * instead of failing.
 */
class FreezingProxy {
  private server: Server | null = null;
  private frozen = false;
  private down = false;
  private readonly held: (() => void)[] = [];
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: number) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      if (this.down) {
        client.on('error', () => undefined);
        client.destroy();
        return;
      }
      const upstream = connect(this.target, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      const forward = (from: Socket, to: Socket) =>
        from.on('data', (chunk) => {
          const send = () => {
            if (!to.destroyed) to.write(chunk);
          };
          if (this.frozen) this.held.push(send);
          else send();
        });
      forward(client, upstream);
      forward(upstream, client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
    this.down = false;
    for (const send of this.held.splice(0)) send();
  }

  cut(): void {
    this.down = true;
    this.held.length = 0;
    for (const s of this.sockets) s.destroy();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** A stalled server, seen from the game page (chromium): the move shows at once as pending, "not answering" follows, and after it the move lands once and the banner goes. */
describe('a stalled server (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  let proxy: FreezingProxy;
  const problems: string[] = [];

  withAppAndBrowser({}, (app, b) => {
    t = app;
    browser = b;
  });
  beforeAll(async () => {
    proxy = new FreezingProxy(Number(new URL(t.baseUrl).port));
    await proxy.start();
  });
  afterAll(async () => {
    await proxy?.close();
  });

  async function roomGame(): Promise<{ id: string; host: TestPlayer; guest: TestPlayer }> {
    const host = await guestPlayer(t.http);
    const guest = await guestPlayer(t.http);
    const room = (await request(t.http).post('/api/rooms').set(host.auth).send({}).expect(201)).body;
    const id: string = (await request(t.http).post(`/api/rooms/${room.code}/join`).set(guest.auth).send({}).expect(200)).body.gameId;
    return { id, host, guest };
  }

  const status = (page: Page) => page.getByTestId('turn-status');
  /** The board's squares that the "not answering" banner covers. */
  const COVERED =
    "(function () { var b = document.querySelector('[data-testid=server-status]'); if (!b || b.hidden) return []; var r = b.getBoundingClientRect(); return Array.from(document.querySelectorAll('[data-testid=square]')).filter(function (s) { var q = s.getBoundingClientRect(); return q.left < r.right && q.right > r.left && q.top < r.bottom && q.bottom > r.top; }).map(function (s) { return s.getAttribute('data-square'); }); })()";

  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    it(`${viewport.width}×${viewport.height}: frozen right after a click, then cut off (a restart): pending at once, "not answering", then the move lands once and the banner goes`, async () => {
      const g = await roomGame();
      // Both first moves made: no first-move deadline can end the game while the test holds the server.
      const start = (await request(t.http).get(`/api/games/${g.id}`).expect(200)).body;
      const mover = start.black.player.id === g.host.id ? g.host : g.guest;
      const game = await playSquares(t.http, g.id, mover, mover === g.host ? g.guest : g.host, ['d3', 'c3']);
      const square: string = game.legalMoves[0];
      problems.length = 0;
      const ctx: BrowserContext = await browser.newContext({ viewport, bypassCSP: true });
      try {
        const page = await openWatchedPage(ctx, `http://127.0.0.1:${proxy.port}/play/${g.id}`, problems, { token: mover.token, timeoutMs: WAIT });
        await page.locator('#play-game[data-state=playing]').waitFor({ state: 'attached' });
        await page.locator('[data-testid=board][data-interactive=true]').waitFor({ state: 'attached' });
        await status(page).filter({ hasText: /^Your turn/ }).waitFor();

        proxy.freeze();
        await page.locator(`[data-square=${square}]`).click();
        // At once: the move shows as on its way.
        await page.locator(`[data-square=${square}][data-pending=true]`).waitFor({ state: 'attached', timeout: 2_000 });
        expect(await status(page).innerText()).toBe(`Sending your move ${square}…`);
        // A few seconds on, the page says the server is not answering, and what will happen.
        await status(page).filter({ hasText: `The server is not answering: your move ${square} will be sent as soon as it is back.` }).waitFor({ timeout: WAIT });
        expect(await axeViolations(page)).toEqual([]);

        // The server "restarts": every connection is cut (the page retries, and says so over the
        // page, never over the board), then it answers again.
        proxy.cut();
        await page.getByTestId('server-status').waitFor({ state: 'visible', timeout: WAIT });
        expect(await page.evaluate(COVERED)).toEqual([]);
        await screenshot(page, `stalled-${viewport.width}.png`);
        proxy.thaw();
        await page.locator(`[data-square=${square}][data-disc=black]`).waitFor({ timeout: WAIT * 2 });
        await page.locator(`[data-square=${square}][data-pending=true]`).waitFor({ state: 'detached' });
        await status(page).filter({ hasText: /^Waiting for/ }).waitFor({ timeout: WAIT });
        await page.getByTestId('server-status').waitFor({ state: 'hidden', timeout: WAIT });
        const moves = (await request(t.http).get(`/api/games/${g.id}/moves`).expect(200)).body.moves;
        expect(moves.map((m: { square: string }) => m.square)).toEqual(['d3', 'c3', square]);
      } finally {
        proxy.thaw();
        await ctx.close();
      }
      expect(problems.filter((p) => !/Failed to fetch|ERR_|network|status of 503/i.test(p))).toEqual([]);
    }, 120_000);
  }
});
