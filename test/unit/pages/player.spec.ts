import { pageContextOf } from '../../../src/i18n/page-context.js';
import { describe, it, expect } from '@jest/globals';
import { renderNotFound, renderPlayer, type PlayerPageView, type RecentGameView } from '../../../src/pages/views/player.js';

const EN = pageContextOf('en');

function view(over: Partial<PlayerPageView['player']> = {}, games: RecentGameView[] = [], historyLength = 3): PlayerPageView {
  return {
    player: {
      username: 'alice',
      guest: false,
      rating: 1612.6,
      rd: 84.2,
      volatility: 0.059987,
      provisional: false,
      rank: 7,
      games: 12,
      wins: 7,
      draws: 1,
      losses: 4,
      createdAt: '2024-01-02T10:00:00.000Z',
      ...over,
    },
    history: Array.from({ length: historyLength }, (_, i) => ({
      gameId: i + 1,
      at: new Date(Date.UTC(2024, 1, 1 + i)).toISOString(),
      rating: 1500 + i * 30,
      rd: 300 - i * 40,
      delta: 30,
    })),
    recentGames: games,
  };
}

const game = (over: Partial<RecentGameView> = {}): RecentGameView => ({
  id: 'g-1',
  opponent: 'bob',
  color: 'black',
  outcome: 'win',
  discs: { black: 40, white: 24 },
  rated: true,
  ratingDelta: 11.6,
  finishedAt: '2024-03-01T09:00:00.000Z',
  ...over,
});

const dd = (html: string, id: string): string | undefined => html.match(new RegExp(`data-testid="${id}">([\\s\\S]*?)</dd>`))?.[1];
const td = (row: string, id: string): string | undefined => row.match(new RegExp(`data-testid="${id}"[^>]*>([\\s\\S]*?)</td>`))?.[1];
const text = (s: string | undefined): string | undefined => s?.replace(/<[^>]+>/g, '');

describe('renderPlayer', () => {
  it('shows rating, RD, rank, record and volatility', () => {
    const html = renderPlayer(EN, view());
    expect(html).toContain('<title>alice · Outflank</title>');
    expect(html).toContain('<h1 data-testid="player-name">alice</h1>');
    expect(dd(html, 'player-rating')).toBe('1613');
    expect(dd(html, 'player-rd')).toBe('84');
    expect(dd(html, 'player-rank')).toBe('#7');
    expect(dd(html, 'player-record')).toBe('7–1–4');
    expect(dd(html, 'player-games')).toBe('12');
    expect(dd(html, 'player-volatility')).toBe('0.0600');
    expect(html).toContain('Member since <time datetime="2024-01-02T10:00:00.000Z"');
  });

  it('marks provisional, unranked and guest players', () => {
    const html = renderPlayer(EN, view({ provisional: true, rank: null, guest: true, rating: 1500, rd: 350 }));
    // A guest has no rating to show (as everywhere), and no "what do these ratings mean?".
    expect(text(dd(html, 'player-rating'))).toBe('—');
    expect(dd(html, 'player-rank')).toBe('Unranked');
    expect(html).toContain('data-testid="guest-badge"');
    expect(html).toContain('data-testid="provisional-badge"');
    expect(html).not.toContain('data-testid="rating-help"');
    const registered = renderPlayer(EN, view({ provisional: true, rank: null, guest: false, rating: 1500, rd: 350 }));
    expect(text(dd(registered, 'player-rating'))).toBe('1500?');
    expect(registered).toContain('title="Provisional rating (RD ≥ 110)">1500?</span>');
    expect(text(/<details class="rating-help"[^>]*>([\s\S]*?)<\/details>/.exec(registered)![1])).toContain('A ? after a rating means it is still provisional');
  });

  it('includes the rating chart with one point per history entry', () => {
    const html = renderPlayer(EN, view({}, [], 5));
    expect(html).toContain('data-testid="rating-chart"');
    expect(html.match(/data-testid="chart-point"/g)).toHaveLength(5);
    expect(html).toContain('data-testid="rating-band"');
  });

  it('renders the recent games with result, colour, discs, delta and transcript link', () => {
    const html = renderPlayer(EN, 
      view({}, [
        game(),
        game({ id: 'g-2', opponent: 'carol', color: 'white', outcome: 'loss', ratingDelta: -9.2, discs: { black: 33, white: 31 } }),
        game({ id: 'g-3', outcome: 'draw', ratingDelta: 0.2, discs: { black: 32, white: 32 } }),
        game({ id: 'g-4', outcome: 'aborted', rated: false, ratingDelta: null, discs: null, finishedAt: '2024-03-02T00:00:00Z' }),
        game({ id: 'g-5', outcome: 'active', rated: false, ratingDelta: null, discs: { black: 2, white: 2 }, finishedAt: null }),
        // A ranked game called off before both moved: no rating moved, so it is not listed as rated.
        game({ id: 'g-6', outcome: 'aborted', rated: true, ratingDelta: null, discs: { black: 2, white: 2 }, finishedAt: '2024-03-02T00:00:00Z' }),
      ]),
    );
    const rows: string[] = [...(html.match(/<tr data-testid="game-row"[\s\S]*?<\/tr>/g) ?? [])];
    expect(rows).toHaveLength(6);
    expect(td(rows[5], 'rated')).toBe('—');
    expect(td(rows[5], 'outcome')).toBe('Aborted');
    expect(td(rows[0], 'opponent')).toBe('<a href="/players/bob">bob</a>');
    expect(rows[0]).toContain('data-testid="opponent" title="bob">');
    expect(text(td(rows[0], 'color'))).toBe('Black');
    expect(rows[0]).toContain('disc-black');
    expect(td(rows[0], 'outcome')).toBe('Won');
    expect(td(rows[0], 'discs')).toBe('40–24');
    expect(td(rows[0], 'rated')).toBe('Rated');
    expect(text(td(rows[0], 'rating-delta'))).toBe('+12');
    // How long ago, in words (the client keeps it current and adds the local date as the title).
    expect(text(td(rows[0], 'finished-at'))).toMatch(/^(\d+ years ago|last year)$/);
    expect(td(rows[0], 'finished-at')).toContain('<time datetime="2024-03-01T09:00:00.000Z" data-when="relative" title="2024-03-01 09:00 UTC">');
    expect(rows[0]).toContain('data-testid="discs" data-label="Discs"');
    // Each game links to its replay on the board page; the transcript is the secondary link.
    expect(rows[0]).toContain('<a class="g-replay" data-testid="replay-link" href="/play/g-1">Replay</a>');
    expect(rows[0]).toContain('<a class="g-transcript" data-testid="transcript-link" href="/api/games/g-1/transcript">Transcript</a>');
    expect(rows[0]).toContain('<a class="g-ggf" data-testid="ggf-link" href="/api/games/g-1/ggf" download>GGF</a>');

    expect(text(td(rows[1], 'color'))).toBe('White');
    expect(td(rows[1], 'outcome')).toBe('Lost');
    expect(text(td(rows[1], 'rating-delta'))).toBe('-9');
    expect(rows[1]).toContain('class="delta-down"');
    expect(td(rows[2], 'outcome')).toBe('Draw');
    expect(text(td(rows[2], 'rating-delta'))).toBe('0');
    expect(td(rows[3], 'outcome')).toBe('Aborted');
    expect(td(rows[3], 'discs')).toBe('—');
    expect(td(rows[3], 'rated')).toBe('Casual');
    expect(td(rows[3], 'rating-delta')).toBe('—');
    expect(td(rows[4], 'outcome')).toBe('In progress');
    expect(td(rows[4], 'finished-at')).toBe('—');
    // a game still being played links to the moves made so far
    expect(rows[4]).toContain('<a class="g-replay" data-testid="replay-link" href="/play/g-5">Watch</a>');
    expect(rows[4]).toContain('<a class="g-transcript" data-testid="transcript-link" href="/api/games/g-5/transcript">Moves so far</a>');
    expect(rows[3]).toContain('>Transcript</a>');
  });

  it('marks the cells for the phone layout and hides Type, Finished and Opening on narrower screens', () => {
    const html = renderPlayer(EN, view({}, [game()]));
    expect(html).toContain('<table class="games" data-testid="recent-games">');
    const [row] = html.match(/<tr data-testid="game-row"[\s\S]*?<\/tr>/g)!;
    const classOf = (id: string): string | undefined => row.match(new RegExp(`<td class="([^"]*)" data-testid="${id}"`))?.[1];
    expect(classOf('opponent')).toBe('name g-opp');
    expect(classOf('color')).toBe('g-col');
    expect(classOf('outcome')).toBe('win g-res');
    expect(classOf('discs')).toBe('num g-discs');
    expect(classOf('rated')).toBe('hide-md');
    expect(classOf('rating-delta')).toBe('num g-delta');
    expect(classOf('finished-at')).toBe('hide-md');
    expect(classOf('opening')).toBe('hide-md');
    expect(row).toContain('<td class="g-moves"><a class="g-replay" data-testid="replay-link"');
    // the colour's name stays in the cell (screen readers, desktop); the phone layout shows only the disc
    expect(row).toContain('title="Played Black"><span class="disc disc-black" aria-hidden="true"></span><span class="color-name">Black</span>');
    const heads = [...html.matchAll(/<th( class="[^"]*")? scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => [m[2], m[1] ?? '']);
    expect(heads.filter(([, cls]) => cls.includes('hide-md')).map(([name]) => name)).toEqual(['Type', 'Finished', 'Opening']);
    expect(heads).toHaveLength(9);
  });

  it('names each game’s opening, linked to its place on /openings (a dash without one)', () => {
    const html = renderPlayer(EN, view({}, [game({ id: 'g-1', opening: 'tiger' }), game({ id: 'g-2', opening: null })]));
    const [named, unnamed] = html.match(/<tr data-testid="game-row"[\s\S]*?<\/tr>/g)!;
    expect(td(named, 'opening')).toBe('<a href="/openings#opening-tiger">Tiger</a>');
    expect(text(td(unnamed, 'opening'))).toBe('—');
  });

  it('says under the chart what its x axis shows when it is not dates', () => {
    const dated = renderPlayer(EN, view());
    expect(dated).toMatch(/data-testid="chart-caption">The line is the rating after each rated game; the shaded band is rating\u00a0±\u00a02·RD\.<\/p>/);
    const oneDay = view();
    oneDay.history = oneDay.history.map((p) => ({ ...p, at: '2026-11-29T10:00:00.000Z' }));
    const html = renderPlayer(EN, oneDay);
    expect(html).toContain('data-labels="game"');
    expect(html).toContain('2·RD. The x axis numbers the rated games, all played on <time datetime="2026-11-29T10:00:00.000Z" data-when="date">November 29, 2026</time>.</p>');
    expect(renderPlayer(EN, view({}, [], 0))).toMatch(/2·RD\.<\/p>/);
  });

  it('has empty states for no games and no history', () => {
    const html = renderPlayer(EN, view({ games: 0, wins: 0, draws: 0, losses: 0 }, [], 0));
    expect(html).toContain('data-testid="games-empty"');
    expect(html).toContain('No rated games yet');
    expect(html).not.toContain('data-testid="chart-point"');
  });

  it.each(['<script>', 'a"b&c'])('escapes the user name %s and opponent names everywhere', (name) => {
    const html = renderPlayer(EN, view({ username: name }, [game({ opponent: name, id: `${name}/1` })]));
    expect(html).not.toContain(name);
    const escaped = name === '<script>' ? '&lt;script&gt;' : 'a&quot;b&amp;c';
    const encoded = encodeURIComponent(name);
    expect(html).toContain(`<title>${escaped} · Outflank</title>`);
    expect(html).toContain(`<h1 data-testid="player-name">${escaped}</h1>`);
    expect(html).toContain(`<a href="/players/${encoded}">${escaped}</a>`);
    expect(html).toContain(`data-testid="opponent" title="${escaped}">`);
    expect(html).toContain(`href="/api/games/${encodeURIComponent(`${name}/1`)}/transcript"`);
    expect(html).not.toMatch(/<script>/i);
  });
});

describe('renderNotFound', () => {
  it('says the player does not exist, escaped', () => {
    const html = renderNotFound(EN, '<script>alert("x")</script>');
    expect(html).toContain('data-testid="player-not-found"');
    expect(html).toContain('<title>Player not found · Outflank</title>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toMatch(/<script>/i);
    expect(html).toContain('<a href="/">Back to the leaderboard</a>');
    expect(html).toContain('<section class="card empty" data-testid="player-not-found"><h1>Player not found</h1>');
  });

  it('repeats at most 40 characters of the name it was given', () => {
    const html = renderNotFound(EN, 'n'.repeat(5000));
    expect(html).toContain(`data-testid="missing-username">${'n'.repeat(40)}…<`);
    expect(html).not.toContain('n'.repeat(41));
  });
});
