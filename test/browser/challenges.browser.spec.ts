import { describe, expect, it } from '@jest/globals';
import { Browser } from 'playwright-core';
import request from 'supertest';
import { verifyRatings } from '../../src/cli/ratings-cli.js';
import { playOpening } from '../factories/games.js';
import { registerPlayer } from '../factories/players.js';
import { TestApp } from '../support/app.js';
import { screenshot, axeViolations, FITS_WIDTH, openWatchedPage, withAppAndBrowser } from './chromium.js';

const WAIT = 15_000;
const GAME_URL = /\/play\/([0-9a-f-]{36})$/;

/**
 * Challenges in chromium: a rated 5+3 challenge sent from a player page (1280×800) and accepted in
 * the lobby by the other player (390×844): the game starts for both. After it, the ranked rematch
 * from the end card (same clock, colours swapped), withdrawn and declined from the cards before one
 * is accepted, and the "challenge back" link.
 */
describe('challenges in the browser (chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[] = [];
  // A resignation after one's first move is not a cheap loss here (no sandbagging cooldown on the rematch).
  withAppAndBrowser({ SANDBAG_MOVES: '1' }, (app, b) => {
    t = app;
    browser = b;
  });

  it('a rated 5+3 challenge from a player page, accepted in the lobby; then the ranked rematch from the end card', async () => {
    const [alice, bob] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    // axe is injected as a script: these contexts bypass the pages' CSP for it.
    const one = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const two = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true });
    try {
      const lobby = await openWatchedPage(two, `${t.baseUrl}/play`, problems, { token: bob.token, timeoutMs: WAIT });
      const profile = await openWatchedPage(one, `${t.baseUrl}/players/${bob.username}`, problems, { token: alice.token, timeoutMs: WAIT });
      await profile.locator('[data-part=challenge-form]').waitFor({ state: 'visible' });
      await profile.locator('[data-part=challenge-rated]').check();
      // Rated: the presets only, no "no clock".
      expect(await profile.locator('[data-part=challenge-clock] option[value=""]').count()).toBe(0);
      await profile.locator('[data-part=challenge-clock]').selectOption('5+3');
      await profile.locator('[data-part=challenge-colour]').selectOption('black');
      await profile.locator('[data-part=challenge-send]').click();
      await profile.locator('[data-part=challenge-status]').filter({ hasText: bob.username }).waitFor({ state: 'visible' });
      expect(await profile.locator('[data-part=challenge-status]').textContent()).toContain('5+3');
      expect(await profile.locator('[data-part=challenge-withdraw]').isVisible()).toBe(true);
      expect(await profile.evaluate(FITS_WIDTH)).toBe(true);
      expect(await axeViolations(profile)).toEqual([]);
      await screenshot(profile, 'challenge-form-desktop.png');

      // Bob's lobby shows it live (no reload), with the terms from his side.
      const incoming = lobby.locator('[data-part=challenge-incoming]');
      await incoming.waitFor({ state: 'visible' });
      expect(await incoming.textContent()).toContain(alice.username);
      expect(await incoming.textContent()).toContain('5+3');
      expect(await lobby.evaluate(FITS_WIDTH)).toBe(true);
      expect(await axeViolations(lobby)).toEqual([]);
      await screenshot(lobby, 'challenge-lobby-phone.png');
      await lobby.locator('[data-part=challenge-accept]').click();
      await Promise.all([lobby.waitForURL(GAME_URL, { timeout: WAIT }), profile.waitForURL(GAME_URL, { timeout: WAIT })]);
      const gameId = GAME_URL.exec(lobby.url())![1];
      expect(GAME_URL.exec(profile.url())![1]).toBe(gameId);
      const game = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
      expect(game).toMatchObject({ rated: true, settings: { clock: { label: '5+3' } }, black: { player: { id: alice.id } }, white: { player: { id: bob.id } } });

      // Played, then Bob resigns: both end cards offer the rematch and "challenge back".
      await playOpening(t.http, gameId, alice, bob);
      await request(t.http).post(`/api/games/${gameId}/resign`).set(bob.auth).send({}).expect(200);
      for (const page of [profile, lobby]) await page.locator('[data-part=ranked-rematch]').waitFor({ state: 'visible' });
      expect(await lobby.locator('[data-part=challenge-back]').getAttribute('href')).toBe(`/players/${encodeURIComponent(alice.username)}?rated=1&clock=5%2B3#challenge`);
      const rematchOffers = async () =>
        (await t.db.query('SELECT state FROM challenges WHERE rematch_of = $1 ORDER BY created_at', [gameId])).rows.map((r: { state: string }) => r.state);

      // Bob offers, then withdraws from his end card: Alice's card hears both live.
      await lobby.locator('[data-part=ranked-rematch]').click();
      await lobby.locator('[data-part=ranked-rematch-withdraw]').waitFor({ state: 'visible' });
      await profile.locator('[data-part=ranked-rematch-decline]').waitFor({ state: 'visible' });
      expect(await lobby.evaluate(FITS_WIDTH)).toBe(true);
      expect(await axeViolations(lobby)).toEqual([]);
      await lobby.locator('[data-part=ranked-rematch-withdraw]').click();
      await lobby.locator('[data-part=ranked-rematch-withdraw]').waitFor({ state: 'hidden' });
      await profile.locator('[data-part=ranked-rematch-decline]').waitFor({ state: 'hidden' });
      expect(await lobby.locator('[data-part=ranked-rematch]').isEnabled()).toBe(true);
      expect(await profile.locator('[data-part=ranked-rematch-status]').textContent()).not.toContain(bob.username);
      expect(await rematchOffers()).toEqual(['cancelled']);

      // Bob offers again and Alice declines it from her card: Bob's card says so.
      await lobby.locator('[data-part=ranked-rematch]').click();
      await profile.locator('[data-part=ranked-rematch-decline]').waitFor({ state: 'visible' });
      await profile.locator('[data-part=ranked-rematch-decline]').click();
      await lobby.locator('[data-part=ranked-rematch-status]').filter({ hasText: alice.username }).waitFor({ state: 'visible' });
      await lobby.locator('[data-part=ranked-rematch-withdraw]').waitFor({ state: 'hidden' });
      expect(await rematchOffers()).toEqual(['cancelled', 'declined']);

      await lobby.locator('[data-part=ranked-rematch]').click();
      // Alice hears the offer live, and accepts by asking too: the new game starts for both.
      await profile.locator('[data-part=ranked-rematch-status]').filter({ hasText: bob.username }).waitFor({ state: 'visible' });
      await profile.locator('[data-part=ranked-rematch]').click();
      await Promise.all([
        profile.waitForURL((url) => GAME_URL.test(url.pathname) && !url.pathname.endsWith(gameId), { timeout: WAIT }),
        lobby.waitForURL((url) => GAME_URL.test(url.pathname) && !url.pathname.endsWith(gameId), { timeout: WAIT }),
      ]);
      const nextId = GAME_URL.exec(profile.url())![1];
      expect(GAME_URL.exec(lobby.url())![1]).toBe(nextId);
      const next = (await request(t.http).get(`/api/games/${nextId}`).expect(200)).body;
      expect(next).toMatchObject({ rated: true, settings: { clock: { label: '5+3' } }, black: { player: { id: bob.id } }, white: { player: { id: alice.id } } });
      const report = await verifyRatings(t.db.url, t.config);
      expect(report.discrepancies).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await one.close();
      await two.close();
    }
  }, 300_000);
});
