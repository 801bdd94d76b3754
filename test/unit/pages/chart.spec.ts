import { pageContextOf } from '../../../src/i18n/page-context.js';
import { describe, it, expect } from '@jest/globals';
import { CHART, CHART_TEXT, niceStep, renderRatingChart, xAxisLabels, yTicks, type RatingHistoryPoint } from '../../../src/pages/views/chart.js';

const EN = pageContextOf('en');

function history(n: number, at: (i: number) => string = (i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString()): RatingHistoryPoint[] {
  return Array.from({ length: n }, (_, i) => ({
    gameId: `g${i}`,
    at: at(i),
    rating: 1500 + 20 * Math.sin(i) + i * 5,
    rd: Math.max(60, 350 - i * 30),
    delta: i === 0 ? 160 : 5,
  }));
}

/** The x-axis labels: [text, hidden on phones]. */
const xLabels = (svg: string): [string, boolean][] =>
  [...svg.match(/<g class="x-axis"[\s\S]*?<\/g>/)![0].matchAll(/<text( class="minor")?[^>]*>([^<]+)<\/text>/g)].map((m) => [m[2], m[1] !== undefined]);
/** Left and right edges of each x label at `font` user units, estimated as the renderer does. */
function labelBoxes(svg: string, font: number): [number, number][] {
  const x = svg.match(/<g class="x-axis"[\s\S]*?<\/g>/)![0];
  return [...x.matchAll(/<text(?: class="minor")? x="([\d.]+)"[^>]*text-anchor="(start|middle|end)">([^<]+)<\/text>/g)].map((m) => {
    const at = Number(m[1]);
    const w = m[3].length * 0.64 * font;
    return m[2] === 'start' ? [at, at + w] : m[2] === 'end' ? [at - w, at] : [at - w / 2, at + w / 2];
  });
}
const sameDay = (i: number): string => new Date(Date.UTC(2026, 10, 29, 9, 0, 5 * i)).toISOString();

const points = (svg: string): RegExpMatchArray[] => [...svg.matchAll(/<circle data-testid="chart-point"[^>]*cx="([\d.]+)" cy="([\d.]+)"/g)];
const bandPath = (svg: string): string | undefined => svg.match(/data-testid="rating-band"[^>]* d="([^"]*)"/)?.[1];
const coords = (d: string): [number, number][] =>
  [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

describe('niceStep / yTicks', () => {
  it.each([
    [1, 1],
    [13, 20],
    [23, 25],
    [40, 50],
    [180, 200],
    [0, 1],
  ])('niceStep(%d) = %d', (raw, step) => {
    expect(niceStep(raw)).toBe(step);
  });

  it('rounds the domain outwards to whole ticks', () => {
    const { lo, hi, ticks } = yTicks(1103, 1897);
    expect(lo).toBeLessThanOrEqual(1103);
    expect(hi).toBeGreaterThanOrEqual(1897);
    expect(ticks[0]).toBe(lo);
    expect(ticks[ticks.length - 1]).toBe(hi);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(9);
  });

  it('widens a flat domain', () => {
    const { lo, hi } = yTicks(1500, 1500);
    expect(hi - lo).toBeGreaterThanOrEqual(100);
  });
});

describe('renderRatingChart', () => {
  it.each([2, 3, 10, 100])('draws %d points, a line and a closed band', (n) => {
    const svg = renderRatingChart(history(n), EN.t);
    expect(svg.startsWith('<svg class="chart" data-testid="rating-chart"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(points(svg)).toHaveLength(n);
    expect(svg).toContain(`data-points="${n}"`);
    expect(svg).toContain('data-testid="rating-line"');
    const band = bandPath(svg);
    expect(band).toBeDefined();
    expect(band!.startsWith('M')).toBe(true);
    expect(band!.endsWith('Z')).toBe(true);
    // upper edge left to right, then lower edge right to left: 2n vertices
    expect(coords(band!)).toHaveLength(2 * n);
  });

  it('puts the band at rating ± 2·RD around each point and the points left to right', () => {
    const h = history(6);
    const svg = renderRatingChart(h, EN.t);
    const pts = points(svg).map((m) => [Number(m[1]), Number(m[2])]);
    const band = coords(bandPath(svg)!);
    const upper = band.slice(0, 6);
    const lower = band.slice(6).reverse();
    for (let i = 0; i < 6; i += 1) {
      expect(upper[i][0]).toBeCloseTo(pts[i][0], 1);
      expect(lower[i][0]).toBeCloseTo(pts[i][0], 1);
      // SVG y grows downwards: upper edge above the point, lower edge below
      expect(upper[i][1]).toBeLessThan(pts[i][1]);
      expect(lower[i][1]).toBeGreaterThan(pts[i][1]);
      // symmetric: the point sits in the middle of its band (rating ± 2·RD)
      expect((upper[i][1] + lower[i][1]) / 2).toBeCloseTo(pts[i][1], 0);
      if (i > 0) expect(pts[i][0]).toBeGreaterThan(pts[i - 1][0]);
    }
    // band height is proportional to RD: the first (RD 350) is taller than the last (RD 200)
    expect(lower[0][1] - upper[0][1]).toBeGreaterThan(lower[5][1] - upper[5][1]);
    // everything inside the plot area
    for (const [x, y] of [...pts, ...band]) {
      expect(x).toBeGreaterThanOrEqual(CHART.marginLeft);
      expect(x).toBeLessThanOrEqual(CHART.width - CHART.marginRight);
      expect(y).toBeGreaterThanOrEqual(CHART.marginTop);
      expect(y).toBeLessThanOrEqual(CHART.height - CHART.marginBottom);
    }
  });

  it('labels a few ticks on both axes', () => {
    const svg = renderRatingChart(history(30), EN.t);
    const y = svg.match(/<g class="y-axis"[\s\S]*?<\/g>/)![0];
    const x = svg.match(/<g class="x-axis"[\s\S]*?<\/g>/)![0];
    const yLabels = [...y.matchAll(/<text[^>]*>(\d+)<\/text>/g)].map((m) => Number(m[1]));
    expect(yLabels.length).toBeGreaterThanOrEqual(3);
    expect([...yLabels].sort((a, b) => a - b)).toEqual(yLabels);
    const labels = [...x.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
    // a whole step of games between labels, and always the first and the last game
    expect(labels).toEqual(['2024-01-01', '2024-01-08', '2024-01-15', '2024-01-22', '2024-01-30']);
    expect(x).toContain('data-labels="date"');
  });

  it('labels every game when there is room, and never lets x labels overlap', () => {
    expect(xLabels(renderRatingChart(history(5), EN.t)).map(([l]) => l)).toEqual(['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05']);
    for (const n of [2, 3, 7, 8, 9, 13, 30, 61, 200]) {
      const svg = renderRatingChart(history(n), EN.t);
      const labels = xLabels(svg);
      expect(labels[0][0]).toBe('2024-01-01');
      expect(labels[labels.length - 1][0]).toBe(new Date(Date.UTC(2024, 0, n)).toISOString().slice(0, 10));
      expect(labels.length).toBeLessThanOrEqual(8);
      // every label fits beside the next at the largest size shown with all labels…
      const wide = labelBoxes(svg, Math.max(CHART_TEXT.normal, ...CHART_TEXT.steps.filter((s) => s.maxWidth > CHART_TEXT.hideMinorAt).map((s) => s.size)));
      for (let i = 1; i < wide.length; i += 1) expect(wide[i][0]).toBeGreaterThan(wide[i - 1][1]);
      // …and the ones left on phones (not "minor") at the largest size of all
      const phone = labelBoxes(svg, Math.max(...CHART_TEXT.steps.map((s) => s.size))).filter((_, i) => !labels[i][1]);
      for (let i = 1; i < phone.length; i += 1) expect(phone[i][0]).toBeGreaterThan(phone[i - 1][1]);
      for (const [l, r] of [...wide, ...phone]) {
        expect(l).toBeGreaterThanOrEqual(CHART.marginLeft);
        expect(r).toBeLessThanOrEqual(CHART.width - CHART.marginRight);
      }
      expect(labels[0][1]).toBe(false);
      expect(labels[labels.length - 1][1]).toBe(false);
    }
  });

  it('several games on one day: times instead of one repeated date', () => {
    const at = (i: number): string => new Date(Date.UTC(2026, 10, 29, 9 + i, 7 * i)).toISOString();
    const svg = renderRatingChart(history(6, at), EN.t);
    expect(svg).toContain('data-labels="time"');
    expect(xLabels(svg).map(([l]) => l)).toEqual(['09:00', '10:07', '11:14', '12:21', '13:28', '14:35']);
    const axis = xAxisLabels(history(6, at), EN.t);
    expect(axis.kind).toBe('time');
    // the day beside UTC times stays the UTC day (no data-when: the browser leaves it)
    expect(axis.noteHtml).toBe('The x axis shows each game\'s time (UTC); all were played on <time datetime="2026-11-29">November 29, 2026</time>.');
  });

  it('several games in one minute: game numbers', () => {
    const svg = renderRatingChart(history(8, sameDay), EN.t);
    expect(svg).toContain('data-labels="game"');
    const labels = xLabels(svg).map(([l]) => l);
    expect(labels).toEqual(['#1', '#2', '#3', '#4', '#5', '#6', '#7', '#8']);
    expect(new Set(labels).size).toBe(labels.length);
    expect(xAxisLabels(history(8, sameDay), EN.t).noteHtml).toBe(
      'The x axis numbers the rated games, all played on <time datetime="2026-11-29T09:00:00.000Z" data-when="date">November 29, 2026</time>.',
    );
    // the tooltips still give each game's date and time, marked for the browser to show in local time
    expect(svg).toContain('data-at="2026-11-29T09:00:00.000Z" data-when-shown="November 29, 2026, 9:00 AM UTC"');
    expect(svg).toContain('<title>Game #1, November 29, 2026, 9:00 AM UTC: ');
  });

  it('dates that would repeat across a few days: game numbers with the date range', () => {
    // 30 games over 3 days: some labelled ticks would share a date
    const at = (i: number): string => new Date(Date.UTC(2026, 10, 1 + Math.floor(i / 10), 8, i)).toISOString();
    const axis = xAxisLabels(history(30, at), EN.t);
    expect(axis.kind).toBe('game');
    expect(axis.noteHtml).toBe(
      'The x axis numbers the rated games, played from <time datetime="2026-11-01T08:00:00.000Z" data-when="date">November 1, 2026</time> to <time datetime="2026-11-03T08:29:00.000Z" data-when="date">November 3, 2026</time>.',
    );
    const labels = xLabels(renderRatingChart(history(30, at), EN.t)).map(([l]) => l);
    expect(labels[0]).toBe('#1');
    expect(labels[labels.length - 1]).toBe('#30');
  });

  it('dates stay when the labelled games are on different days even if others share a day', () => {
    const at = (i: number): string => new Date(Date.UTC(2026, 10, 1 + Math.floor(i / 10), 8, i)).toISOString();
    const axis = xAxisLabels(history(120, at), EN.t);
    expect(axis.kind).toBe('date');
    expect(axis.noteHtml).toBeNull();
    const labels = xLabels(renderRatingChart(history(120, at), EN.t)).map(([l]) => l);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it.each([
    ['bn', 'all', '29 নভেম্বর, 2026', '29 নভেম্বর, 2026, 9:00 AM UTC'],
    ['hi', 'all', '29 नवंबर 2026', '29 नवंबर 2026, 9:00 am UTC'],
    // day first, as a Nepali sentence says it (CLDR's pattern puts the year first)
    ['ne', 'all', '29 नोभेम्बर 2026', '29 नोभेम्बर 2026, 09:00 UTC'],
    ['sw', 'all', '29 Novemba 2026', '29 Novemba 2026, 09:00 UTC'],
    // lower-case month joined to the year, pinned (browsers have no Tajik data)
    ['tg', 'all', '29 ноябри 2026', '29 ноябри 2026, 09:00 UTC'],
  ] as const)('%s: the notes and point titles say the date in the page language, with the month in full', (lang, _all, day, when) => {
    const t = pageContextOf(lang).t;
    const note = xAxisLabels(history(8, sameDay), t).noteHtml!;
    expect(note).toContain(`data-when="date">${day}</time>`);
    expect(note).not.toMatch(/\d{4}-\d\d-\d\d</);
    const svg = renderRatingChart(history(8, sameDay), t);
    expect(svg).toContain(`data-when-shown="${when}"`);
    const title = /<circle[^>]*data-at="2026-11-29T09:00:00.000Z"[^>]*><title>([^<]*)<\/title>/.exec(svg);
    expect(title?.[1]).toContain(when);
    expect(title?.[1]).not.toMatch(/\d{4}-\d\d-\d\d/);
  });

  it('each point links its game\'s replay; a point without a game (a refund) links nothing', () => {
    const points = history(3);
    const svg = renderRatingChart([...points.slice(0, 2), { ...points[2], gameId: '' }], EN.t);
    expect(svg.match(/<a href="\/play\/g0" data-testid="chart-point-link" aria-label="Game #1, [^"]+"><circle data-testid="chart-point" data-game-id="g0"/g)).toHaveLength(1);
    expect(svg.match(/data-testid="chart-point-link"/g)).toHaveLength(2);
    expect(svg.match(/data-testid="chart-point"/g)).toHaveLength(3);
  });

  it('unparseable times fall back to game numbers', () => {
    const axis = xAxisLabels(history(3, () => 'not a date'), EN.t);
    expect(axis).toEqual({ kind: 'game', labels: ['#1', '#2', '#3'], noteHtml: 'The x axis numbers the rated games.' });
  });

  it('one point: a point and a short band bar, no line', () => {
    const svg = renderRatingChart(history(1), EN.t);
    expect(points(svg)).toHaveLength(1);
    expect(svg).not.toContain('data-testid="rating-line"');
    const band = coords(bandPath(svg)!);
    expect(band).toHaveLength(4);
    const [p] = points(svg).map((m) => [Number(m[1]), Number(m[2])]);
    expect(p[0]).toBeCloseTo(CHART.marginLeft + (CHART.width - CHART.marginLeft - CHART.marginRight) / 2, 1);
    expect(Math.min(...band.map((b) => b[1]))).toBeLessThan(p[1]);
    expect(Math.max(...band.map((b) => b[1]))).toBeGreaterThan(p[1]);
    expect(svg).not.toMatch(/NaN|Infinity/);
  });

  it('no points: an empty chart with a message', () => {
    const svg = renderRatingChart([], EN.t);
    expect(svg).toContain('data-testid="rating-chart"');
    expect(points(svg)).toHaveLength(0);
    expect(svg).toContain('No rated games yet');
    expect(svg).not.toContain('data-testid="rating-band"');
    expect(svg).not.toMatch(/NaN|Infinity/);
  });

  it('produces no NaN for a flat history and escapes game ids', () => {
    const flat = Array.from({ length: 4 }, (_, i) => ({ gameId: `<x"${i}>`, at: 'bad date', rating: 1500, rd: 0, delta: 0 }));
    const svg = renderRatingChart(flat, EN.t);
    expect(svg).not.toMatch(/NaN|Infinity/);
    expect(svg).toContain('data-game-id="&lt;x&quot;0&gt;"');
    expect(svg).not.toContain('<x"');
    expect(points(svg)).toHaveLength(4);
  });
});
