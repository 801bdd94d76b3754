/**
 * /rules and /learn over HTTP: the rules page's settings tables follow the running server's
 * configuration (two servers configured differently show different values), and what the tables
 * state is what the API enforces (the turn limits it accepts, a new room's defaults).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { registerPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

/** The text of the settings row or item `key` (`data-setting`), tags stripped. */
function setting(html: string, key: string): string {
  const m = new RegExp(`<(tr|li) data-setting="${key}">([\\s\\S]*?)</\\1>`).exec(html);
  if (!m) throw new Error(`no setting ${key} on the page`);
  return m[2].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

const OTHER_ENV = {
  CPU_TAKEOVER_SECONDS: '45',
  IDLE_TURN_SECONDS: '240',
  FIRST_MOVE_SECONDS: '20',
  RATING_INITIAL: '1600',
  LEADERBOARD_MIN_GAMES: '3',
  LEADERBOARD_ACTIVE_DAYS: '30',
  RANKED_WINDOW_MAX: '250',
  RANKED_STAND_IN_MOVES: '3',
  RATED_MIN_LOSER_MOVES: '12',
};

describe('the rules page and the lesson page (HTTP)', () => {
  let a: TestApp;
  let b: TestApp;
  let pageA: string;
  let pageB: string;

  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp(OTHER_ENV);
    pageA = (await request(a.http).get('/rules').expect(200).expect('Content-Type', /text\/html/)).text;
    pageB = (await request(b.http).get('/rules').expect(200)).text;
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('serves both pages as HTML with the site’s CSP (no inline script or style), in the request’s language', async () => {
    for (const path of ['/rules', '/learn']) {
      const res = await request(a.http).get(path).expect(200);
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(res.headers['content-security-policy']).not.toMatch(/unsafe-inline/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toMatch(/^<!doctype html>\n<html lang="en"/);
      expect(res.text).not.toMatch(/<style|\sstyle=|<script>|\son[a-z]+=/i);
    }
    expect(pageA).toContain('<svg xmlns="http://www.w3.org/2000/svg" class="board-svg"');
    const bn = (await request(a.http).get('/rules').set('Accept-Language', 'bn-BD,bn;q=0.9,en;q=0.5').expect(200)).text;
    expect(bn).toMatch(/^<!doctype html>\n<html lang="bn"/);
    expect(bn).toContain('<h1>রিভার্সি: নিয়ম এবং কীভাবে খেলতে হয়</h1>');
    const sw = (await request(a.http).get('/learn?lang=sw').expect(200)).text;
    expect(sw).toMatch(/^<!doctype html>\n<html lang="sw"/);
    expect(sw).toContain('<h1>Jifunze Reversi kwenye ubao</h1>');
    expect(sw).toMatch(/<script type="module" src="\/assets\/i18n-sw-[^"]+\.js"><\/script>/);
    expect(pageA.match(/role="img" aria-labelledby="diagram-/g)).toHaveLength(4);
  });

  it('the settings tables change when the server’s configuration does', () => {
    expect(setting(pageA, 'dropOut')).toContain('after 60 seconds away (or 5 minutes without a move');
    expect(setting(pageB, 'dropOut')).toContain(`after ${OTHER_ENV.CPU_TAKEOVER_SECONDS} seconds away (or 4 minutes without a move`);
    expect(setting(pageA, 'abort')).toContain(`within ${a.config.firstMoveSeconds} seconds`);
    expect(setting(pageB, 'abort')).toContain(`within ${OTHER_ENV.FIRST_MOVE_SECONDS} seconds`);
    expect(setting(pageA, 'ranked')).toContain('a new player starts at 1500');
    expect(setting(pageB, 'ranked')).toContain('a new player starts at 1600');
    expect(setting(pageA, 'leaderboard')).toContain(`at least ${a.config.leaderboardMinGames} rated games, one of them within the last ${a.config.leaderboardActiveDays} days`);
    expect(setting(pageB, 'leaderboard')).toContain('at least 3 rated games, one of them within the last 30 days');
    // The ranked rating window's cap and the CPU's moves a ranked game allows for a player (issue #21).
    expect(setting(pageA, 'window')).toContain(`widens by 50 points for every 5 seconds of waiting, up to ${a.config.fairPlay.rankedWindowMax}.`);
    expect(setting(pageB, 'window')).toContain('widens by 50 points for every 5 seconds of waiting, up to 250.');
    expect(setting(pageA, 'standIn')).toContain(`once the CPU has played more than ${a.config.fairPlay.rankedStandInMoves} moves for a player, that player has abandoned the game`);
    expect(setting(pageB, 'standIn')).toContain('once the CPU has played more than 3 moves for a player, that player has abandoned the game');
    // The clock and the stand-in: only a player gone CPU_TAKEOVER_SECONDS, before their flag.
    expect(setting(pageA, 'clockStandIn')).toContain('a player who has the game open is never moved for');
    expect(setting(pageA, 'clockStandIn')).toContain('(the game closed for 60 seconds)');
    expect(setting(pageB, 'clockStandIn')).toContain(`(the game closed for ${OTHER_ENV.CPU_TAKEOVER_SECONDS} seconds)`);
    expect(setting(pageA, 'clock')).toContain('1+2, 3+2, 5+3, 10+5, and 15+10');
    expect(setting(pageA, 'clock')).toContain(`the first has its own ${a.config.firstMoveSeconds} seconds`);
    expect(setting(pageA, 'clocks')).toContain('One rating for all clocks');
    for (const key of ['dropOut', 'abort', 'ranked', 'leaderboard', 'window', 'standIn', 'clockStandIn']) expect(setting(pageA, key)).not.toBe(setting(pageB, key));
    // What no variable changes reads the same on both.
    for (const key of ['players', 'turnLimit', 'draws', 'showLegalMoves', 'swapColors', 'turnSeconds', 'boardSize']) {
      expect(setting(pageA, key)).toBe(setting(pageB, key));
    }
  });

  it('the cheap-win rule is stated from the configuration, and only where it is on', async () => {
    expect(setting(pageB, 'cheapWin')).toContain('before making 12 moves of their own changes neither player’s rating');
    // The test apps switch it and the newcomers' gate off (test/support/app.ts): the page says nothing of them.
    expect(pageA).not.toContain('data-setting="cheapWin"');
    expect(pageA).not.toContain('data-setting="newcomers"');
    expect(pageB).not.toContain('data-setting="newcomers"');
  });

  // Passport's strategies are process-global: the app started last (b) is the one that can sign requests in.
  it('what the tables state is what the API enforces: the clocks offered, the ranked default, a custom clock\'s bounds', async () => {
    const text = setting(pageB, 'clock');
    const presets = /each move: ([^.]+)\./.exec(text)![1].split(/, and |, | and /);
    expect(presets.length).toBe(5);
    for (const clock of presets) {
      const p = await registerPlayer(b.http);
      expect((await request(b.http).post('/api/queue').set(p.auth).send({ mode: 'ranked', clock }).expect(201)).body.clock).toBe(clock);
      await request(b.http).delete('/api/queue').set(p.auth).expect(204);
    }
    const p = await registerPlayer(b.http);
    const ranked = /\(([\d+]+) unless you pick another\)/.exec(text)![1];
    expect((await request(b.http).post('/api/queue').set(p.auth).send({ mode: 'ranked' }).expect(201)).body.clock).toBe(ranked);
    await request(b.http).delete('/api/queue').set(p.auth).expect(204);
    const [, minBase, maxBase, minInc, maxInc] = /a clock of (\d+)–(\d+) minutes and (\d+)–(\d+) seconds/.exec(text)!.map(Number);
    const host = await registerPlayer(b.http);
    for (const clock of [`${minBase - 1}+${minInc}`, `${maxBase + 1}+${minInc}`, `${minBase}+${maxInc + 1}`]) {
      await request(b.http).post('/api/rooms').set(host.auth).send({ clock }).expect(400);
    }
    const room = await request(b.http).post('/api/rooms').set(host.auth).send({ clock: `${maxBase}+${maxInc}` }).expect(201);
    expect(room.body.settings.clock).toBe(`${maxBase}+${maxInc}`);
  });

  it('what the tables state is what the API enforces: the turn limits offered, a new room’s defaults', async () => {
    const offered = /set ((?:\d+, )*\d+ or \d+) seconds per move/.exec(setting(pageB, 'turnLimit'))![1].split(/, | or /).map(Number);
    expect(offered.length).toBeGreaterThan(1);
    for (const turnSeconds of offered) {
      const host = await registerPlayer(b.http);
      const room = await request(b.http).post('/api/rooms').set(host.auth).send({ turnSeconds }).expect(201);
      expect(room.body.settings.turnSeconds).toBe(turnSeconds);
    }
    const host = await registerPlayer(b.http);
    await request(b.http).post('/api/rooms').set(host.auth).send({ turnSeconds: Math.max(...offered) + 15 }).expect(400);
    const room = (await request(b.http).post('/api/rooms').set(host.auth).send({}).expect(201)).body;
    expect(setting(pageB, 'turnSeconds')).toContain(room.settings.turnSeconds === null ? ' None ' : ` ${room.settings.turnSeconds} seconds `);
    expect(setting(pageB, 'showLegalMoves')).toContain(room.settings.showLegalMoves ? ' On ' : ' Off ');
    expect(setting(pageB, 'swapColors')).toContain(room.settings.swapColors ? ' On ' : ' Off ');
  });

  it('the lesson page is a shell with the board; other pages link to the rules and the lesson', async () => {
    const learn = (await request(a.http).get('/learn').expect(200)).text;
    expect(learn).toContain('id="learn"');
    expect(learn.match(/data-square="[a-h][1-8]"/g)).toHaveLength(64);
    for (const path of ['/', '/play', '/play/00000000-0000-4000-8000-000000000000', '/leaderboard']) {
      const html = (await request(a.http).get(path).expect(200)).text;
      expect(html).toContain('<a href="/rules">Rules</a>');
      if (path !== '/leaderboard') expect(html).toMatch(/<a href="\/rules">How to play: the rules<\/a> · <a href="\/learn">Learn on the board \(3 minutes\)<\/a>/);
    }
  });
});
