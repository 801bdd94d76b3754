/** Issue #22, the pages' side: the home page's first screen, the leaderboard's rule, a player's way there, the 404 pages, relative times. */
import { describe, expect, it } from '@jest/globals';
import { pageContextOf } from '../../../src/i18n/page-context.js';
import { startDiagram } from '../../../src/pages/domain/diagrams.js';
import { wantsHtmlPage } from '../../../src/pages/not-found.js';
import { renderNotFoundPage } from '../../../src/pages/views/error.js';
import { formatWhen, relativeParts } from '../../../src/pages/views/format.js';
import { renderLeaderboard } from '../../../src/pages/views/leaderboard.js';
import { renderPlayer, type PlayerPageView } from '../../../src/pages/views/player.js';
import { renderPlayNotFound } from '../../../src/pages/views/play.js';

const EN = pageContextOf('en');
const SW = pageContextOf('sw');
const RULE = { minGames: 5, activeDays: 90, provisionalRd: 110, initialRd: 350, newcomerGames: 12 };
const EMPTY = { entries: [], total: 0, limit: 50, offset: 0, rule: RULE };
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

describe('the home page (GET /)', () => {
  const html = renderLeaderboard(EN, EMPTY, { home: true });

  it('says what Reversi is in one line, under a heading, then offers Play, Play the computer, Learn the rules, Leaderboard and Watch', () => {
    expect(html).toContain('<title>Play Reversi online · Outflank</title>');
    expect(html).toMatch(/<h1 id="home-title">Play Reversi online<\/h1><p class="home-tagline" data-testid="home-tagline">Reversi is a board game for two/);
    const actions = [...html.match(/<div class="home-actions">([\s\S]*?)<\/div>/)![1].matchAll(/href="([^"]*)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]]);
    expect(actions).toEqual([
      ['/play', 'Play now'],
      ['/play#computer', 'Play the computer'],
      ['/learn', 'Learn the rules'],
      ['/leaderboard', 'Leaderboard'],
      ['#watch-title', 'Watch a game'],
    ]);
    expect(html).toContain('id="watch-title"');
  });

  it('pictures the start position drawn from the engine, with a text alternative', () => {
    const svg = html.match(/<div class="home-board" data-testid="home-board">(<svg[\s\S]*?<\/svg>)<\/div>/)![1];
    const discs = [...svg.matchAll(/data-square="([a-h][1-8])" data-disc="(black|white)"/g)].map((m) => `${m[1]}:${m[2]}`).sort();
    const board = startDiagram().board;
    const expected = [...board].flatMap((c, i) => (c === '.' ? [] : [`${'abcdefgh'[i & 7]}${(i >> 3) + 1}:${c === 'B' ? 'black' : 'white'}`])).sort();
    expect(discs).toEqual(expected);
    expect(svg).toContain('role="img"');
    expect(svg).toMatch(/<title id="home-board-title">The start position<\/title>/);
  });

  it('marks Home as the current page and keeps the leaderboard below under an h2 (one h1)', () => {
    expect(html).toContain('<a href="/" class="nav-home" aria-current="page">Home</a>');
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain('<h2 class="home-leaderboard" id="leaderboard">Leaderboard</h2>');
  });

  it('is written in the page\'s language', () => {
    const sw = renderLeaderboard(SW, EMPTY, { home: true });
    expect(sw).toContain('Cheza Reversi mtandaoni');
    expect(sw).toContain('Jifunze kanuni');
  });
});

describe('the leaderboard states its rule with the configured values', () => {
  it('names the games, the window, the RD threshold, and what a newcomer needs', () => {
    const html = renderLeaderboard(EN, { ...EMPTY, rule: { minGames: 7, activeDays: 30, provisionalRd: 110, initialRd: 350, newcomerGames: 13 } });
    const rule = text(html.match(/<section class="card leaderboard-rule"[\s\S]*?<\/section>/)![0]);
    expect(rule).toContain('play at least 7 rated games, one of them in the last 30 days, and bring your rating deviation (RD) below 110');
    expect(rule).toContain('it starts at 350');
    expect(rule).toContain('a new player needs about 13 rated games');
  });

  it('is not on the home page (the leaderboard page says it)', () => {
    expect(renderLeaderboard(EN, EMPTY, { home: true })).not.toContain('leaderboard-rule"');
  });
});

describe('a player page says how far the player is from the leaderboard', () => {
  const view = (ladder: PlayerPageView['ladder']): PlayerPageView => ({
    player: { username: 'ada', guest: false, rating: 1600, rd: 186, volatility: 0.06, provisional: true, rank: null, games: 6, wins: 3, draws: 0, losses: 3, createdAt: '2026-01-01T00:00:00Z' },
    ladder,
    history: [],
    recentGames: [],
  });

  it('about N more rated games, linking the rule', () => {
    const html = renderPlayer(EN, view({ listed: false, guest: false, gamesToGo: 6 }));
    expect(html).toContain('data-testid="ladder-progress" data-games-to-go="6"');
    expect(text(html)).toContain('Not on the leaderboard yet: about 6 more rated games.');
    expect(html).toContain('<a href="/leaderboard#leaderboard-rule">How the leaderboard works</a>');
    expect(text(renderPlayer(EN, view({ listed: false, guest: false, gamesToGo: 1 })))).toContain('about 1 more rated game.');
  });

  it('a guest: register; a listed player: nothing (the rank says it)', () => {
    expect(text(renderPlayer(EN, view({ listed: false, guest: true, gamesToGo: null })))).toContain('Guests are not on the leaderboard: register to play rated games.');
    expect(renderPlayer(EN, view({ listed: true, guest: false, gamesToGo: 0 }))).not.toContain('ladder-progress');
  });
});

describe('pages that are not there', () => {
  it('the 404 page names the address and offers the ways on', () => {
    const html = renderNotFoundPage(EN, '/nowhere/<b>');
    expect(html).toContain('<title>Page not found · Outflank</title>');
    expect(html).toContain('<code data-testid="missing-path">/nowhere/&lt;b&gt;</code>');
    expect(html).toMatch(/href="\/"[^>]*>Home<[\s\S]*href="\/play">Play<[\s\S]*href="\/leaderboard">Leaderboard</);
  });

  it('a malformed game id in /play/… is a broken link, said so', () => {
    const html = renderPlayNotFound(EN, '%%garbled<b>');
    expect(html).toContain('data-testid="broken-link"');
    expect(html).toContain('<h1>This link is broken</h1>');
    expect(html).toContain('<code data-testid="missing-game-id">%%garbled&lt;b&gt;</code>');
  });

  it.each([
    ['a browser asking for a page', 'GET', '/nowhere', 'text/html,application/xhtml+xml,*/*;q=0.8', true],
    ['HEAD from a browser', 'HEAD', '/nowhere', 'text/html', true],
    ['a program (Accept */*)', 'GET', '/nowhere', '*/*', false],
    ['a program asking for JSON', 'GET', '/nowhere', 'application/json', false],
    ['the API, even from a browser', 'GET', '/api/nowhere', 'text/html', false],
    ['the static files', 'GET', '/assets/nope.js', 'text/html', false],
    ['a POST', 'POST', '/nowhere', 'text/html', false],
  ])('content negotiation: %s → HTML %s', (_label, method, path, accept, html) => {
    const req = {
      method,
      path,
      accepts: (types: string[]) => {
        // Express's choice: the first listed type the Accept header ranks highest.
        const ranked = accept.split(',').map((a, i) => ({ type: a.split(';')[0].trim(), q: Number(/q=([\d.]+)/.exec(a)?.[1] ?? 1), i }));
        let best: string | false = false;
        let bestQ = -1;
        for (const t of types) {
          const m = ranked.find((r) => r.type === t || r.type === '*/*' || (r.type.endsWith('/*') && t.startsWith(r.type.slice(0, -1))));
          if (m && m.q > bestQ) {
            best = t;
            bestQ = m.q;
          }
        }
        return best;
      },
    };
    expect(wantsHtmlPage(req as never)).toBe(html);
  });
});

describe('relative times', () => {
  it.each([
    [0, 0, 'second'],
    [-59_000, -59, 'second'],
    [-60_000, -1, 'minute'],
    [-3 * 3600_000, -3, 'hour'],
    [-86_400_000, -1, 'day'],
    [-40 * 86_400_000, -1, 'month'],
    [-400 * 86_400_000, -1, 'year'],
    [2 * 86_400_000, 2, 'day'],
  ] as const)('%d ms → %d %s', (ms, value, unit) => {
    expect(relativeParts(ms)).toEqual({ value, unit });
  });

  it('a <time> in words of the page\'s language, the exact UTC time as its title', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(formatWhen('2026-11-28T12:00:00Z', EN.t, now)).toBe('<time datetime="2026-11-28T12:00:00.000Z" data-when="relative" title="2026-11-28 12:00 UTC">3 days ago</time>');
    expect(formatWhen('2026-11-30T12:00:00Z', EN.t, now)).toContain('>yesterday</time>');
    expect(formatWhen('2026-11-28T12:00:00Z', SW.t, now)).toContain('>siku 3 zilizopita</time>');
    expect(formatWhen(null, EN.t, now)).toBe('—');
  });
});
