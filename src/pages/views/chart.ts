import { escapeHtml, formatDelta, formatInt, isoDate } from './format.js';

/** One point of a player's rating history (rating and RD after the game). */
export interface RatingHistoryPoint {
  gameId: string | number;
  /** ISO time of the game's end. */
  at: string;
  rating: number;
  rd: number;
  delta: number;
}

/** Geometry of the chart (SVG user units; the SVG scales to its container). */
export const CHART = Object.freeze({
  width: 720,
  height: 260,
  marginLeft: 52,
  marginRight: 18,
  marginTop: 14,
  marginBottom: 34,
});

/** Format an SVG coordinate: one decimal, no "-0". */
function c(n: number): string {
  const s = (Math.round(n * 10) / 10).toFixed(1);
  return s === '-0.0' ? '0.0' : s;
}

/** A "nice" tick step (1, 2, 2.5 or 5 × 10^k) near `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const f = raw / pow;
  const m = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
  return m * pow;
}

/** The y domain [lo, hi] rounded outwards to whole ticks, with the tick values. */
export function yTicks(min: number, max: number, approxCount = 5): { lo: number; hi: number; ticks: number[] } {
  let a = min;
  let b = max;
  if (!(b - a > 1)) {
    a -= 50;
    b += 50;
  }
  const step = niceStep((b - a) / Math.max(1, approxCount - 1));
  const lo = Math.floor(a / step) * step;
  const hi = Math.ceil(b / step) * step;
  const ticks: number[] = [];
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(Math.round(v * 1000) / 1000);
  return { lo, hi, ticks };
}

/** Indexes of up to `count` evenly spread points (always the first and the last). */
function spreadIndexes(n: number, count: number): number[] {
  if (n <= 0) return [];
  if (n <= count) return Array.from({ length: n }, (_, i) => i);
  const out = new Set<number>();
  for (let k = 0; k < count; k += 1) out.add(Math.round((k * (n - 1)) / (count - 1)));
  return [...out];
}

/**
 * An inline SVG chart of a rating history: the rating as a line, a shaded band of
 * rating ± 2·RD, labelled y ticks and a few dated x ticks, one `<circle>` per point
 * (`data-testid="chart-point"`). Points are evenly spaced by game, oldest on the left.
 * With no points the chart says so; with one point the band is a short bar.
 */
export function renderRatingChart(history: readonly RatingHistoryPoint[]): string {
  const { width: W, height: H, marginLeft: ML, marginRight: MR, marginTop: MT, marginBottom: MB } = CHART;
  const pw = W - ML - MR;
  const ph = H - MT - MB;
  const n = history.length;
  const open = `<svg class="chart" data-testid="rating-chart" data-points="${n}" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" preserveAspectRatio="xMidYMid meet" role="img" aria-labelledby="rating-chart-title rating-chart-desc" xmlns="http://www.w3.org/2000/svg">`;
  const title = '<title id="rating-chart-title">Rating history</title>';

  if (n === 0) {
    return (
      open +
      title +
      '<desc id="rating-chart-desc">No rated games yet.</desc>' +
      `<rect x="${ML}" y="${MT}" width="${pw}" height="${ph}" fill="none" stroke="currentColor" stroke-opacity="0.2"/>` +
      `<text data-testid="chart-empty" x="${c(ML + pw / 2)}" y="${c(MT + ph / 2)}" text-anchor="middle">No rated games yet</text>` +
      '</svg>'
    );
  }

  const lows = history.map((p) => p.rating - 2 * p.rd);
  const highs = history.map((p) => p.rating + 2 * p.rd);
  const { lo, hi, ticks } = yTicks(Math.min(...lows), Math.max(...highs));
  const x = (i: number): number => (n === 1 ? ML + pw / 2 : ML + (i * pw) / (n - 1));
  const y = (v: number): number => MT + ((hi - v) / (hi - lo)) * ph;

  const parts: string[] = [open, title];
  const first = history[0];
  const last = history[n - 1];
  parts.push(
    `<desc id="rating-chart-desc">${n} rated game${n === 1 ? '' : 's'}; rating ${formatInt(first.rating)} after the first, ${formatInt(last.rating)} after the last. The shaded band is rating ± 2·RD.</desc>`,
  );

  // Horizontal grid lines and y labels.
  parts.push('<g class="y-axis" data-testid="chart-y-axis">');
  for (const t of ticks) {
    const ty = c(y(t));
    parts.push(
      `<line x1="${ML}" x2="${W - MR}" y1="${ty}" y2="${ty}" stroke="currentColor" stroke-opacity="0.12"/>` +
        `<text x="${ML - 8}" y="${ty}" dy="0.32em" text-anchor="end">${formatInt(t)}</text>`,
    );
  }
  parts.push('</g>');

  // X axis with a few dated ticks.
  parts.push(`<g class="x-axis" data-testid="chart-x-axis"><line x1="${ML}" x2="${W - MR}" y1="${MT + ph}" y2="${MT + ph}" stroke="currentColor" stroke-opacity="0.35"/>`);
  for (const i of spreadIndexes(n, 5)) {
    const tx = c(x(i));
    const label = isoDate(history[i].at) ?? `#${i + 1}`;
    const anchor = n > 1 && i === 0 ? 'start' : n > 1 && i === n - 1 ? 'end' : 'middle';
    parts.push(
      `<line x1="${tx}" x2="${tx}" y1="${MT + ph}" y2="${MT + ph + 4}" stroke="currentColor" stroke-opacity="0.35"/>` +
        `<text x="${tx}" y="${MT + ph + 18}" text-anchor="${anchor}">${escapeHtml(label)}</text>`,
    );
  }
  parts.push('</g>');

  // Band: rating + 2·RD left to right, then rating − 2·RD right to left.
  let band: string;
  if (n === 1) {
    const half = 12;
    const x0 = x(0);
    band = `M${c(x0 - half)},${c(y(highs[0]))} L${c(x0 + half)},${c(y(highs[0]))} L${c(x0 + half)},${c(y(lows[0]))} L${c(x0 - half)},${c(y(lows[0]))} Z`;
  } else {
    const upper = highs.map((v, i) => `${i === 0 ? 'M' : 'L'}${c(x(i))},${c(y(v))}`);
    const lower = lows.map((v, i) => `L${c(x(i))},${c(y(v))}`).reverse();
    band = `${upper.join(' ')} ${lower.join(' ')} Z`;
  }
  parts.push(`<path data-testid="rating-band" class="band" d="${band}" fill="#1f7a4d" fill-opacity="0.15" stroke="none"/>`);

  if (n > 1) {
    const line = history.map((p, i) => `${i === 0 ? 'M' : 'L'}${c(x(i))},${c(y(p.rating))}`).join(' ');
    parts.push(`<path data-testid="rating-line" class="line" d="${line}" fill="none" stroke="#1f7a4d" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/>`);
  }

  parts.push('<g class="points">');
  history.forEach((p, i) => {
    const label = `${isoDate(p.at) ?? p.at}: ${formatInt(p.rating)} (RD ${formatInt(p.rd)}, ${formatDelta(p.delta)})`;
    parts.push(
      `<circle data-testid="chart-point" data-game-id="${escapeHtml(p.gameId)}" data-rating="${formatInt(p.rating)}" data-rd="${formatInt(p.rd)}" cx="${c(x(i))}" cy="${c(y(p.rating))}" r="${n > 60 ? 2 : 3.5}" fill="#1f7a4d" stroke="#fff" stroke-width="1"><title>${escapeHtml(label)}</title></circle>`,
    );
  });
  parts.push('</g></svg>');
  return parts.join('');
}
