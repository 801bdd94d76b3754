import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startTestApp, TestApp } from '../support/app.js';
import { registerPlayer } from '../factories/players.js';
import { startRoomGame } from '../factories/games.js';
import { expectedOrder, RATED_GAMES, seedLadder, SeededLadder } from '../browser/ladder.js';

/** Every match of `re`'s first group, in order. */
function all(html: string, re: RegExp): string[] {
  return [...html.matchAll(re)].map((m) => m[1]);
}

/** The leaderboard rows of a page: username, rank and the rating cell's value ("1650?" when provisional). */
function rowsOf(html: string): { username: string; rank: number; rating: string }[] {
  return [...html.matchAll(/<tr data-testid="leaderboard-row" data-username="([^"]*)" data-rank="(\d+)">(.*?)<\/tr>/g)].map((m) => ({
    username: m[1],
    rank: Number(m[2]),
    rating: /data-testid="rating" data-value="([^"]*)"/.exec(m[3])![1],
  }));
}

describe('HTML pages', () => {
  let t: TestApp;
  let ladder: SeededLadder;
  let api: { total: number; entries: { rank: number; username: string; rating: number; rd: number; provisional: boolean }[] };

  beforeAll(async () => {
    t = await startTestApp();
    ladder = await seedLadder(t);
    api = (await request(t.http).get('/api/leaderboard').expect(200)).body;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the seed gives the expected leaderboard over the API', () => {
    const byName = Object.fromEntries(api.entries.map((e) => [e.username, e]));
    expect(api.entries.map((e) => e.username)).toEqual(expectedOrder(byName));
    expect(api.entries.map((e) => e.username)).toEqual(['emil', 'Chen', 'dara', 'ada', 'bruno', 'ivo']);
    expect(api.total).toBe(6);
  });

  it.each(['/', '/leaderboard'])('GET %s is the HTML leaderboard in the API order', async (path) => {
    const res = await request(t.http).get(path).expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toMatch(/^<!doctype html>/);
    const rows = rowsOf(res.text);
    expect(rows.map((r) => r.username)).toEqual(api.entries.map((e) => e.username));
    expect(rows.map((r) => r.rank)).toEqual(api.entries.map((e) => e.rank));
    for (const name of ladder.offBoard) expect(res.text).not.toContain(`data-username="${name}"`);
    expect(res.text).toContain('Showing 1–6 of 6 ranked players');
  });

  it('links each name to its player page; provisional players are not listed', async () => {
    const html = (await request(t.http).get('/').expect(200)).text;
    const links = all(html, /<td class="name" data-testid="username"><a href="([^"]*)">/g);
    expect(links).toEqual(api.entries.map((e) => `/players/${e.username}`));
    const rows = rowsOf(html);
    expect(api.entries.every((e) => !e.provisional)).toBe(true);
    api.entries.forEach((e, i) => {
      expect(rows[i].rating).toBe(`${Math.round(e.rating)}${e.provisional ? '?' : ''}`);
    });
    expect(rows.find((r) => r.username === 'fatou')).toBeUndefined();
    expect(rows.find((r) => r.username === 'emil')!.rating).toBe('1800');
  });

  it('pages with limit and offset, and clamps bad paging values instead of failing', async () => {
    const page = await request(t.http).get('/leaderboard?limit=2&offset=2').expect(200);
    expect(rowsOf(page.text).map((r) => [r.rank, r.username])).toEqual(api.entries.slice(2, 4).map((e) => [e.rank, e.username]));
    expect(page.text).toContain('data-testid="prev-page" href="?limit=2&amp;offset=0"');
    expect(page.text).toContain('data-testid="next-page" href="?limit=2&amp;offset=4"');
    expect(page.text).toContain('Page 2 of 3');

    for (const query of ['limit=abc&offset=-5', 'limit=0', 'limit=1.5&offset=x', 'limit=&offset=', 'offset=1e3']) {
      const res = await request(t.http).get(`/leaderboard?${query}`).expect(200);
      expect(rowsOf(res.text)).toHaveLength(6);
    }
    const big = await request(t.http).get('/leaderboard?limit=100000').expect(200);
    expect(rowsOf(big.text)).toHaveLength(6);
    const past = await request(t.http).get('/leaderboard?offset=999999999').expect(200);
    expect(rowsOf(past.text)).toHaveLength(0);
    expect(past.text).toContain('data-testid="leaderboard-empty"');
    // Unknown query keys are ignored on a page (the API would reject them).
    await request(t.http).get('/?utm_source=x').expect(200);
  });

  it('the player page shows rating, rank, record, the chart and recent games', async () => {
    const profile = (await request(t.http).get('/api/players/ada').expect(200)).body;
    const history = (await request(t.http).get('/api/players/ada/rating-history').expect(200)).body.points;
    expect(history).toHaveLength(RATED_GAMES);

    const res = await request(t.http).get('/players/ada').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.text;
    expect(html).toContain('<title>ada · Outflank</title>');
    expect(html).toContain(`data-testid="player-rating">${Math.round(profile.rating)}`);
    expect(html).toContain(`data-testid="player-rd">${Math.round(profile.rd)}<`);
    expect(html).toContain(`data-testid="player-rank">#${profile.rank}<`);
    expect(profile.rank).toBe(api.entries.find((e) => e.username === 'ada')!.rank);
    expect(html).toContain(`data-testid="player-record">${profile.wins}–${profile.draws}–${profile.losses}<`);
    expect([profile.wins, profile.draws, profile.losses]).toEqual([5, 0, 3]);
    expect(html).toContain(`data-testid="player-games">${RATED_GAMES}<`);

    expect(html).toContain(`data-testid="rating-chart" data-points="${RATED_GAMES}"`);
    const points = all(html, /<circle data-testid="chart-point" data-game-id="([^"]*)"/g);
    expect(points).toEqual(history.map((p: { gameId: string }) => p.gameId));
    expect(all(html, /data-testid="chart-point"[^>]* data-rating="(\d+)"/g)).toEqual(history.map((p: { rating: number }) => String(Math.round(p.rating))));
    expect(html).toContain('data-testid="rating-band"');
    expect(html).toContain('data-testid="rating-line"');

    // Recent games: newest first, the casual game in progress on top, then the rated ones.
    const games = all(html, /<tr data-testid="game-row" data-game-id="([^"]*)">/g);
    expect(games).toEqual([ladder.casualGameId, ...[...ladder.ratedGameIds].reverse()]);
    const outcomes = all(html, /data-testid="outcome">([^<]*)</g);
    expect(outcomes[0]).toBe('In progress');
    expect(outcomes.filter((o) => o === 'Won')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'Lost')).toHaveLength(3);
    expect(html).toContain(`href="/api/games/${ladder.ratedGameIds[0]}/transcript"`);
    // Each row links to the game's replay on the board page (the transcript is the secondary link).
    expect(all(html, /data-testid="replay-link" href="([^"]*)"/g)).toEqual(games.map((id) => `/play/${id}`));
    expect(html).toContain('href="/players/bruno"');
    expect(html).toContain('href="/players/Chen"');
    // Rating deltas of rated games come from result.ratingChanges, with a sign.
    const deltas = all(html, /data-testid="rating-delta" data-label="[^"]*">(?:<span class="delta-(?:up|down|zero)">)?([^<]*)</g);
    expect(deltas[0]).toBe('—');
    expect(deltas.slice(1).every((d) => /^[+-]\d+$|^0$/.test(d))).toBe(true);
  });

  it('a player off the board shows as unranked; names are matched case-insensitively', async () => {
    const html = (await request(t.http).get('/players/gus').expect(200)).text;
    expect(html).toContain('data-testid="player-rank">Unranked<');
    expect(html).toContain('data-testid="rating-chart" data-points="0"');
    expect(html).toContain('data-testid="chart-empty"');
    expect(html).toContain('data-testid="games-empty"');
    const upper = (await request(t.http).get('/players/CHEN').expect(200)).text;
    expect(upper).toContain('data-testid="player-name">Chen<');
  });

  it("pages a player's games beyond the latest 20 as the API does (before=), and back", async () => {
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    for (let i = 0; i < 23; i++) {
      const { gameId } = await startRoomGame(t.http, a, b);
      await request(t.http).post(`/api/games/${gameId}/abort`).set(a.auth).send({}).expect(200);
    }
    const ids = (html: string) => [...html.matchAll(/data-testid="replay-link" href="\/play\/([0-9a-f-]+)"/g)].map((m) => m[1]);
    const api = (await request(t.http).get(`/api/players/${a.username}/games?limit=50`).expect(200)).body.games.map((g: { id: string }) => g.id);
    expect(api).toHaveLength(23);
    const first = (await request(t.http).get(`/players/${a.username}`).expect(200)).text;
    expect(ids(first)).toEqual(api.slice(0, 20));
    expect(first).not.toContain('data-testid="games-latest"');
    const older = /data-testid="games-older" href="[^"]*"|href="([^"]*)#games" data-testid="games-older"/.exec(first);
    expect(older).not.toBeNull();
    const href = older![1].replace(/&amp;/g, '&');
    expect(href).toMatch(new RegExp(`^/players/${a.username}\\?before=`));
    const second = (await request(t.http).get(href).expect(200)).text;
    expect(ids(second)).toEqual(api.slice(20));
    expect(second).toContain('data-testid="games-latest"');
    expect(second).not.toContain('data-testid="games-older"');
    // A `before` that is no time is ignored (the newest page), never an error.
    expect(ids((await request(t.http).get(`/players/${a.username}?before=yesterday`).expect(200)).text)).toEqual(api.slice(0, 20));
  }, 120_000);

  it('an unknown player is a 404 HTML page', async () => {
    const res = await request(t.http).get('/players/nobody_here').expect(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('data-testid="player-not-found"');
    expect(res.text).toContain('data-testid="missing-username">nobody_here<');
  });

  it('user text from the URL is escaped, never raw markup', async () => {
    // The one script element a page may have is the bundled client's, from /assets/.
    const OTHER_SCRIPT = /<script(?! type="module" src="\/assets\/(client|i18n-[a-zA-Z-]+)-[A-Z0-9]+\.js"><\/script>)/i;
    const evil = '<script>alert(1)</script>"\'&';
    const res = await request(t.http).get(`/players/${encodeURIComponent(evil)}`).expect(404);
    expect(res.text).not.toMatch(OTHER_SCRIPT);
    expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    for (const path of ['/', '/players/ada', '/leaderboard?limit=%3Cscript%3E']) {
      expect((await request(t.http).get(path).expect(200)).text).not.toMatch(OTHER_SCRIPT);
    }
  });

  it('pages are not in the OpenAPI document and the API still answers JSON', async () => {
    const doc = (await request(t.http).get('/docs-json').expect(200)).body;
    const paths = Object.keys(doc.paths);
    expect(paths).not.toContain('/');
    expect(paths).not.toContain('/leaderboard');
    expect(paths).not.toContain('/players/{username}');
    expect(paths.every((p) => p.startsWith('/api/') || p === '/health')).toBe(true);
    const missing = await request(t.http).get('/api/players/nobody_here').expect(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });
});
