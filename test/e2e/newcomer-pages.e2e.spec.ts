/** Issue #22, the pages' side, over HTTP: the leaderboard's rule from the configuration, a player's way there, the 404 pages, registration's own words. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startTestApp, TestApp } from '../support/app.js';
import { guestPlayer, registerPlayer, uniqueName } from '../factories/players.js';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

describe('pages for a newcomer', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ LEADERBOARD_MIN_GAMES: '7', LEADERBOARD_ACTIVE_DAYS: '30' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the leaderboard states its rule with this server\'s values', async () => {
    const html = (await request(t.http).get('/leaderboard').expect(200)).text;
    const rule = text(html.match(/<section class="card leaderboard-rule"[\s\S]*?<\/section>/)![0]);
    expect(rule).toContain('play at least 7 rated games, one of them in the last 30 days, and bring your rating deviation (RD) below 110');
    expect(rule).toMatch(/it starts at 350 and falls with each rated game, so a new player needs about \d+ rated games/);
    // The same "what do these ratings mean?" disclosure as the lobby, the end card and the player page.
    expect(rule).toContain('What do these ratings mean?A ? after a rating means it is still provisional');
    expect(html).toMatch(/<details class="rating-help" data-part="rating-help"[^>]*><summary>/);
  });

  it('a new player\'s page and their lobby data agree on how many rated games they need', async () => {
    const ada = await registerPlayer(t.http, uniqueName('ada'));
    const me = (await request(t.http).get('/api/players/me').set(ada.auth).expect(200)).body;
    expect(me.ladder.listed).toBe(false);
    expect(me.ladder.gamesToGo).toBeGreaterThanOrEqual(7);
    const html = (await request(t.http).get(`/players/${ada.username}`).expect(200)).text;
    expect(html).toContain(`data-testid="ladder-progress" data-games-to-go="${me.ladder.gamesToGo}"`);
    expect(text(html)).toContain(`Not on the leaderboard yet: about ${me.ladder.gamesToGo} more rated games.`);
    // The leaderboard page's newcomer figure is the same estimate.
    const board = text((await request(t.http).get('/leaderboard').expect(200)).text);
    expect(board).toContain(`a new player needs about ${me.ladder.gamesToGo} rated games`);
  });

  it('a guest is told to register', async () => {
    const guest = await guestPlayer(t.http);
    const me = (await request(t.http).get('/api/players/me').set(guest.auth).expect(200)).body;
    expect(me.ladder).toEqual({ listed: false, gamesToGo: null });
    const html = (await request(t.http).get(`/players/${guest.username}`).expect(200)).text;
    expect(html).toContain('data-testid="ladder-progress" data-guest="true"');
  });

  describe('an address that is no page', () => {
    it('a browser gets the HTML 404 page, in its language', async () => {
      const res = await request(t.http).get('/no/such/page').set('Accept', BROWSER).expect(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers.vary).toMatch(/Accept/);
      expect(res.text).toContain('data-testid="not-found-page"');
      expect(res.text).toContain('<code data-testid="missing-path">/no/such/page</code>');
      const sw = await request(t.http).get('/no/such/page').set('Accept', BROWSER).set('Accept-Language', 'sw').expect(404);
      expect(sw.text).toContain('<html lang="sw"');
      expect(sw.text).toContain('Ukurasa haukupatikana');
    });

    it('what it echoes is escaped', async () => {
      const res = await request(t.http).get('/%3Cscript%3Ealert(1)%3C%2Fscript%3E').set('Accept', BROWSER).expect(404);
      expect(res.text).not.toContain('<script>alert(1)');
      expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    });

    it.each([
      ['a program (no Accept)', 'get', '/no/such/page', undefined],
      ['a program asking for JSON', 'get', '/no/such/page', 'application/json'],
      ['the API, even from a browser', 'get', '/api/no/such', BROWSER],
      ['a POST from a browser', 'post', '/no/such/page', BROWSER],
    ] as const)('%s keeps the JSON 404', async (_label, method, path, accept) => {
      const req = request(t.http)[method](path);
      if (accept) req.set('Accept', accept);
      const res = await req.expect(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    });

    it('a malformed game id in /play/… is a broken link (404), with the ways on', async () => {
      const res = await request(t.http).get('/play/%25%25garbled%3Cb%3E').set('Accept', BROWSER).expect(404);
      expect(res.text).toContain('data-testid="broken-link"');
      expect(res.text).toContain('<code data-testid="missing-game-id">%%garbled&lt;b&gt;</code>');
      expect(res.text).toContain('This link is broken');
    });
  });

  it('registering "José" gets the server\'s own sentence about the allowed characters', async () => {
    const res = await request(t.http).post('/api/auth/register').send({ username: 'José', password: 'password123' }).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.message).toContain('username may contain only letters, digits, _ and -');
  });
});
