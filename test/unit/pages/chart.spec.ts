import { describe, it, expect } from '@jest/globals';
import { CHART, niceStep, renderRatingChart, yTicks, type RatingHistoryPoint } from '../../../src/pages/views/chart.js';

function history(n: number): RatingHistoryPoint[] {
  return Array.from({ length: n }, (_, i) => ({
    gameId: `g${i}`,
    at: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
    rating: 1500 + 20 * Math.sin(i) + i * 5,
    rd: Math.max(60, 350 - i * 30),
    delta: i === 0 ? 160 : 5,
  }));
}

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
    const svg = renderRatingChart(history(n));
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
    const svg = renderRatingChart(h);
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
    const svg = renderRatingChart(history(30));
    const y = svg.match(/<g class="y-axis"[\s\S]*?<\/g>/)![0];
    const x = svg.match(/<g class="x-axis"[\s\S]*?<\/g>/)![0];
    const yLabels = [...y.matchAll(/<text[^>]*>(\d+)<\/text>/g)].map((m) => Number(m[1]));
    expect(yLabels.length).toBeGreaterThanOrEqual(3);
    expect([...yLabels].sort((a, b) => a - b)).toEqual(yLabels);
    const xLabels = [...x.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
    expect(xLabels).toEqual(['2024-01-01', '2024-01-08', '2024-01-16', '2024-01-23', '2024-01-30']);
  });

  it('one point: a point and a short band bar, no line', () => {
    const svg = renderRatingChart(history(1));
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
    const svg = renderRatingChart([]);
    expect(svg).toContain('data-testid="rating-chart"');
    expect(points(svg)).toHaveLength(0);
    expect(svg).toContain('No rated games yet');
    expect(svg).not.toContain('data-testid="rating-band"');
    expect(svg).not.toMatch(/NaN|Infinity/);
  });

  it('produces no NaN for a flat history and escapes game ids', () => {
    const flat = Array.from({ length: 4 }, (_, i) => ({ gameId: `<x"${i}>`, at: 'bad date', rating: 1500, rd: 0, delta: 0 }));
    const svg = renderRatingChart(flat);
    expect(svg).not.toMatch(/NaN|Infinity/);
    expect(svg).toContain('data-game-id="&lt;x&quot;0&gt;"');
    expect(svg).not.toContain('<x"');
    expect(points(svg)).toHaveLength(4);
  });
});
