import { pageContextOf } from '../../../src/i18n/page-context.js';
import { describe, it, expect } from '@jest/globals';
import { renderLeaderboard, type LeaderboardEntryView } from '../../../src/pages/views/leaderboard.js';

const EN = pageContextOf('en');

function entry(rank: number, username: string, over: Partial<LeaderboardEntryView> = {}): LeaderboardEntryView {
  return {
    rank,
    username,
    rating: 2000 - rank * 10.4,
    rd: 64.6,
    provisional: false,
    games: 20,
    wins: 10,
    draws: 3,
    losses: 7,
    lastActiveAt: '2024-05-01T12:00:00.000Z',
    ...over,
  };
}

const rows = (html: string): string[] => html.match(/<tr data-testid="leaderboard-row"[\s\S]*?<\/tr>/g) ?? [];
const cell = (row: string, id: string): string | undefined =>
  row.match(new RegExp(`data-testid="${id}"[^>]*>([\\s\\S]*?)</td>`))?.[1];

describe('renderLeaderboard', () => {
  it('renders one row per entry in the given order, with every column', () => {
    const html = renderLeaderboard(EN, {
      entries: [entry(1, 'alice'), entry(2, 'bob', { provisional: true, rd: 120.5, rating: 1979.6 }), entry(3, 'carol', { lastActiveAt: null })],
      total: 3,
      limit: 50,
      offset: 0,
    });
    const r = rows(html);
    expect(r).toHaveLength(3);
    expect(r.map((x) => cell(x, 'rank'))).toEqual(['1', '2', '3']);
    expect(cell(r[0], 'username')).toBe('<a href="/players/alice">alice</a>');
    expect(cell(r[0], 'rating')).toBe('1990');
    expect(cell(r[0], 'rd')).toBe('65');
    expect(cell(r[0], 'games')).toBe('20');
    expect(cell(r[0], 'record')?.replace(/<[^>]+>/g, '')).toBe('10–3–7');
    expect(cell(r[0], 'last-active')).toContain('<time datetime="2024-05-01T12:00:00.000Z" data-when="relative" title="2024-05-01 12:00 UTC">');
    expect(cell(r[0], 'last-active')).toMatch(/>(\d+ years ago|last year)<\/time>$/);
    // provisional: "?" after the rounded rating
    expect(cell(r[1], 'rating')?.replace(/<[^>]+>/g, '')).toBe('1980?');
    expect(r[1]).toContain('data-value="1980?"');
    expect(cell(r[1], 'rd')).toBe('121');
    expect(cell(r[2], 'last-active')).toBe('—');
    expect(html).toContain('<title>Leaderboard · Outflank</title>');
    expect(html).toContain('Showing 1–3 of 3 ranked players');
    expect(html).toContain('<a href="/leaderboard" aria-current="page">Leaderboard</a>');
  });

  it('escapes user names in text, attributes and links', () => {
    const html = renderLeaderboard(EN, {
      entries: [entry(1, '<script>'), entry(2, 'a"b&c'), entry(3, "o'neil")],
      total: 3,
      limit: 50,
      offset: 0,
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('a"b&c');
    expect(html).toContain('<a href="/players/%3Cscript%3E">&lt;script&gt;</a>');
    expect(html).toContain('<a href="/players/a%22b%26c">a&quot;b&amp;c</a>');
    expect(html).toContain('data-username="a&quot;b&amp;c"');
    expect(html).toContain('<a href="/players/o&#39;neil">o&#39;neil</a>');
  });

  it.each([
    // [total, limit, offset, prev offset | null, next offset | null]
    [120, 50, 0, null, 50],
    [120, 50, 50, 0, 100],
    [120, 50, 100, 50, null],
    [120, 50, 30, 0, 80],
    [50, 50, 0, null, null],
    [3, 1, 1, 0, 2],
  ])('total %d, limit %d, offset %d: prev %p, next %p', (total, limit, offset, prev, next) => {
    const entries = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => entry(offset + i + 1, `p${offset + i}`));
    const html = renderLeaderboard(EN, { entries, total, limit, offset });
    const prevHref = html.match(/data-testid="prev-page" href="([^"]*)"/)?.[1] ?? null;
    const nextHref = html.match(/data-testid="next-page" href="([^"]*)"/)?.[1] ?? null;
    expect(prevHref).toBe(prev === null ? null : `?limit=${limit}&amp;offset=${prev}`);
    expect(nextHref).toBe(next === null ? null : `?limit=${limit}&amp;offset=${next}`);
    if (prev === null && next === null) expect(html).not.toContain('data-testid="pager"');
    else expect(html).toContain('data-testid="pager"');
  });

  it('shows the page number', () => {
    const html = renderLeaderboard(EN, { entries: [entry(51, 'x')], total: 120, limit: 50, offset: 50 });
    expect(html).toContain('Page 2 of 3');
    expect(html).toContain('Showing 51–51 of 120');
  });

  it('has an empty state', () => {
    const html = renderLeaderboard(EN, { entries: [], total: 0, limit: 50, offset: 0 });
    expect(rows(html)).toHaveLength(0);
    expect(html).toContain('data-testid="leaderboard-empty"');
    expect(html).toContain('No ranked players yet.');
    expect(html).not.toContain('<table');
    expect(html).not.toContain('data-testid="pager"');
    expect(html).toContain('<a href="/leaderboard" aria-current="page">Leaderboard</a>');
  });

  it('past the last page it offers the first page and the previous one', () => {
    const html = renderLeaderboard(EN, { entries: [], total: 10, limit: 50, offset: 200 });
    expect(html).toContain('No players on this page.');
    expect(html).toContain('href="?limit=50&amp;offset=0"');
    expect(html).toContain('data-testid="prev-page" href="?limit=50&amp;offset=150"');
    expect(html).not.toContain('data-testid="next-page"');
  });

  it('survives nonsense paging values', () => {
    const html = renderLeaderboard(EN, { entries: [entry(1, 'a')], total: 5, limit: Number.NaN, offset: -3 });
    expect(rows(html)).toHaveLength(1);
    expect(html).not.toMatch(/NaN/);
  });
});
