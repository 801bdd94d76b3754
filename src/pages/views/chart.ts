import type { MessageKey } from '../../i18n/keys.js';
import type { Translator } from '../../i18n/translator.js';
import { escapeHtml, formatDelta, formatInt, isoDate, isoTime, replayHref } from './format.js';

type T = Translator<MessageKey>;

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
  marginLeft: 64,
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

/**
 * Indexes 0, step, 2·step, … and always the last one; a multiple of the step closer than half a
 * step to the last is dropped.
 */
function stepIndexes(n: number, step: number): number[] {
  if (n <= 0) return [];
  const out: number[] = [];
  for (let i = 0; i < n - 1; i += step) out.push(i);
  if (out.length > 1 && n - 1 - out[out.length - 1] < step / 2) out.pop();
  out.push(n - 1);
  return out;
}

/**
 * Font sizes of the chart's text in SVG user units: `normal` on wide screens, then larger sizes
 * under narrower media queries (the SVG shrinks with the page, so its text must grow to stay
 * readable: at 390 px wide one user unit is about 0.47 px). At or below `hideMinorAt` px the
 * "minor" x labels are hidden so that the larger ones still fit. layout.ts turns this into CSS.
 */
export const CHART_TEXT = Object.freeze({
  normal: 11,
  steps: Object.freeze([
    Object.freeze({ maxWidth: 800, size: 13 }),
    Object.freeze({ maxWidth: 640, size: 14 }),
    Object.freeze({ maxWidth: 540, size: 17 }),
    Object.freeze({ maxWidth: 440, size: 21 }),
  ]),
  hideMinorAt: 640,
});
/** The largest text while every x label shows, and the largest of all (the narrowest screens). */
const ALL_LABELS_TEXT = Math.max(CHART_TEXT.normal, ...CHART_TEXT.steps.filter((s) => s.maxWidth > CHART_TEXT.hideMinorAt).map((s) => s.size));
const LARGEST_TEXT = Math.max(CHART_TEXT.normal, ...CHART_TEXT.steps.map((s) => s.size));
/** A generous width of one label character, in ems (digits are 0.64 em in DejaVu Sans, less elsewhere). */
const CHAR_EM = 0.64;
/** Space kept between two x labels, in user units. */
const LABEL_GAP = 10;

/** What the x-axis labels show: the game's UTC date, its UTC time (all on one day) or its number. */
export type XLabelKind = 'date' | 'time' | 'game';

interface XTick {
  index: number;
  x: number;
  anchor: 'start' | 'middle' | 'end';
  label: string;
}

function tickAt(n: number, index: number, x: number, label: string): XTick {
  const anchor = n > 1 && index === 0 ? 'start' : n > 1 && index === n - 1 ? 'end' : 'middle';
  return { index, x, anchor, label };
}

/** Left and right edges of a tick's label at `font` user units. */
function extent(t: XTick, font: number): [number, number] {
  const w = t.label.length * CHAR_EM * font;
  if (t.anchor === 'start') return [t.x, t.x + w];
  if (t.anchor === 'end') return [t.x - w, t.x];
  return [t.x - w / 2, t.x + w / 2];
}

/** True when the labels of `ticks` (left to right) do not overlap at `font`. */
function labelsFit(ticks: readonly XTick[], font: number): boolean {
  for (let i = 1; i < ticks.length; i += 1) {
    if (extent(ticks[i - 1], font)[1] + LABEL_GAP > extent(ticks[i], font)[0]) return false;
  }
  return true;
}

/** At most 8 ticks at the smallest whole step whose labels fit side by side at `font`. */
function pickTicks(labels: readonly string[], xOf: (i: number) => number, font: number): XTick[] {
  const n = labels.length;
  if (n === 0) return [];
  if (n === 1) return [tickAt(n, 0, xOf(0), labels[0])];
  for (let step = 1; step < n - 1; step += 1) {
    const indexes = stepIndexes(n, step);
    if (indexes.length > 8) continue;
    const ticks = indexes.map((i) => tickAt(n, i, xOf(i), labels[i]));
    if (labelsFit(ticks, font)) return ticks;
  }
  return [0, n - 1].map((i) => tickAt(n, i, xOf(i), labels[i]));
}

/**
 * The ticks still labelled on narrow screens, where the text is larger: always the first and the
 * last, and each one between that fits beside its neighbours.
 */
function majorTicks(ticks: readonly XTick[], font: number): Set<number> {
  if (ticks.length <= 2) return new Set(ticks.map((t) => t.index));
  const last = ticks[ticks.length - 1];
  const kept: XTick[] = [ticks[0]];
  for (const t of ticks.slice(1, -1)) {
    if (labelsFit([kept[kept.length - 1], t, last], font)) kept.push(t);
  }
  if (labelsFit([kept[kept.length - 1], last], font)) kept.push(last);
  return new Set(kept.map((t) => t.index));
}

/**
 * The x-axis labels of a history: UTC dates when the labelled games all fall on different days;
 * when they would repeat a date, UTC times if every game was on one day and the times differ,
 * otherwise game numbers (#1, #2…). `noteHtml` says what the axis shows when it is not dates
 * (a sentence for under the chart; its dates are `<time>` elements).
 */
export function xAxisLabels(history: readonly RatingHistoryPoint[], t: T): { kind: XLabelKind; labels: string[]; noteHtml: string | null } {
  const n = history.length;
  const { width: W, marginLeft: ML, marginRight: MR } = CHART;
  const pw = W - ML - MR;
  const xOf = (i: number): number => (n === 1 ? ML + pw / 2 : ML + (i * pw) / (n - 1));
  const distinctAtTicks = (labels: (string | null)[]): labels is string[] => {
    if (labels.some((l) => l === null)) return false;
    const shown = pickTicks(labels as string[], xOf, ALL_LABELS_TEXT).map((t) => t.label);
    return new Set(shown).size === shown.length;
  };

  // The notes' days have the month's full name in the page's language. Beside UTC times of day the
  // day stays the UTC one; otherwise the browser rewrites it in the reader's time zone (data-when).
  const day = (d: string, local = true) => (c: string): string => `<time datetime="${escapeHtml(d)}"${local ? ' data-when="date"' : ''}>${c}</time>`;
  const long = (d: string): string => t.longDate(`${d}T12:00:00Z`, { timeZone: 'UTC' });
  const dates = history.map((p) => isoDate(p.at));
  if (distinctAtTicks(dates)) return { kind: 'date', labels: dates, noteHtml: null };
  const days = new Set(dates);
  const oneDay = days.size === 1 && dates[0] !== null ? dates[0] : null;
  if (oneDay !== null) {
    const times = history.map((p) => isoTime(p.at));
    if (distinctAtTicks(times)) return { kind: 'time', labels: times, noteHtml: t.html('chart.axisTimes', { day: long(oneDay) }, { d: day(oneDay, false) }) };
  }
  const numbers = history.map((_, i) => `#${i + 1}`);
  let noteHtml = t.html('chart.axisNumbers');
  if (oneDay !== null) noteHtml = t.html('chart.axisNumbersOneDay', { day: long(oneDay) }, { d: day(history[0].at) });
  else {
    const [from, to] = [dates[0], dates[n - 1]];
    if (from !== null && to !== null) {
      noteHtml = t.html('chart.axisNumbersRange', { from: long(from), to: long(to) }, { d1: day(history[0].at), d2: day(history[n - 1].at) });
    }
  }
  return { kind: 'game', labels: numbers, noteHtml };
}

/**
 * An inline SVG chart of a rating history: the rating as a line, a shaded band of
 * rating ± 2·RD, labelled y ticks and a few labelled x ticks (see xAxisLabels), one `<circle>` per point
 * (`data-testid="chart-point"`). Points are evenly spaced by game, oldest on the left.
 * With no points the chart says so; with one point the band is a short bar.
 */
export function renderRatingChart(history: readonly RatingHistoryPoint[], t: T): string {
  const { width: W, height: H, marginLeft: ML, marginRight: MR, marginTop: MT, marginBottom: MB } = CHART;
  const pw = W - ML - MR;
  const ph = H - MT - MB;
  const n = history.length;
  const open = `<svg class="chart" data-testid="rating-chart" data-points="${n}" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" preserveAspectRatio="xMidYMid meet" role="img" aria-labelledby="rating-chart-title rating-chart-desc" xmlns="http://www.w3.org/2000/svg">`;
  const title = `<title id="rating-chart-title">${t.html('chart.title')}</title>`;

  if (n === 0) {
    return (
      open +
      title +
      `<desc id="rating-chart-desc">${t.html('chart.emptyDesc')}</desc>` +
      `<rect x="${ML}" y="${MT}" width="${pw}" height="${ph}" fill="none" stroke="currentColor" stroke-opacity="0.2"/>` +
      `<text data-testid="chart-empty" x="${c(ML + pw / 2)}" y="${c(MT + ph / 2)}" text-anchor="middle">${t.html('chart.empty')}</text>` +
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
    `<desc id="rating-chart-desc">${t.html('chart.desc', { count: n, first: formatInt(first.rating), last: formatInt(last.rating) })}</desc>`,
  );

  // Horizontal grid lines and y labels.
  parts.push('<g class="y-axis" data-testid="chart-y-axis">');
  for (const t of ticks) {
    const ty = c(y(t));
    parts.push(
      `<line x1="${ML}" x2="${W - MR}" y1="${ty}" y2="${ty}" stroke="currentColor" stroke-opacity="0.12"/>` +
        `<text x="${ML - 6}" y="${ty}" dy="0.32em" text-anchor="end">${formatInt(t)}</text>`,
    );
  }
  parts.push('</g>');

  // X axis with a few labelled ticks (dates, else times or game numbers); on narrow screens,
  // where the text is larger, the "minor" labels are hidden by the page's CSS.
  const axis = xAxisLabels(history, t);
  const xTicks = pickTicks(axis.labels, x, ALL_LABELS_TEXT);
  const major = majorTicks(xTicks, LARGEST_TEXT);
  parts.push(
    `<g class="x-axis" data-testid="chart-x-axis" data-labels="${axis.kind}"><line x1="${ML}" x2="${W - MR}" y1="${MT + ph}" y2="${MT + ph}" stroke="currentColor" stroke-opacity="0.35"/>`,
  );
  for (const t of xTicks) {
    const tx = c(t.x);
    const cls = major.has(t.index) ? '' : ' class="minor"';
    parts.push(
      `<line x1="${tx}" x2="${tx}" y1="${MT + ph}" y2="${MT + ph + 4}" stroke="currentColor" stroke-opacity="0.35"/>` +
        `<text${cls} x="${tx}" y="${MT + ph + 6}" dy="0.95em" text-anchor="${t.anchor}">${escapeHtml(t.label)}</text>`,
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
    // The page's language and UTC; the browser client rewrites `data-when-shown` in the title as
    // the reader's local date and time (src/client/common/times.ts).
    const valid = isoDate(p.at) !== null;
    const when = valid ? `${t.longDate(p.at, { time: true, timeZone: 'UTC' })} UTC` : p.at;
    const at = valid ? ` data-at="${escapeHtml(new Date(Date.parse(p.at)).toISOString())}" data-when-shown="${escapeHtml(when)}"` : '';
    const label = t.html('chart.point', { number: i + 1, when, rating: formatInt(p.rating), rd: formatInt(p.rd), delta: formatDelta(p.delta) });
    const circle = `<circle data-testid="chart-point" data-game-id="${escapeHtml(p.gameId)}"${at} data-rating="${formatInt(p.rating)}" data-rd="${formatInt(p.rd)}" cx="${c(x(i))}" cy="${c(y(p.rating))}" r="${n > 60 ? 2 : 3.5}" fill="#1f7a4d" stroke="#fff" stroke-width="1"><title>${label}</title></circle>`;
    // Each point opens its game's replay (a refund has no game of its own).
    const linked = p.gameId !== null && p.gameId !== undefined && String(p.gameId) !== '';
    const name = t.t('chart.point', { number: i + 1, when, rating: formatInt(p.rating), rd: formatInt(p.rd), delta: formatDelta(p.delta) });
    parts.push(linked ? `<a href="${escapeHtml(replayHref(p.gameId))}" data-testid="chart-point-link" aria-label="${escapeHtml(name)}">${circle}</a>` : circle);
  });
  parts.push('</g></svg>');
  return parts.join('');
}
