/**
 * HTML escaping and number/date formatting shared by the server-rendered pages.
 * Pure functions only (no framework imports).
 */

import { ratingLabel } from '../../ratings/domain/rating-label.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escape text for use in HTML element content and in quoted attribute values. */
export function escapeHtml(s: unknown): string {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Placeholder shown for a missing value. */
export const DASH = '—';

/** A number rounded to an integer ("-0" shown as "0"); a dash when not finite. */
export function formatInt(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return DASH;
  const r = Math.round(n);
  return String(r === 0 ? 0 : r);
}

/** A rating rounded to an integer, with a trailing "?" when provisional (the shared ratingLabel); a dash when absent. */
export function formatRating(rating: number, provisional: boolean): string {
  return ratingLabel({ rating, provisional }) ?? DASH;
}

/** A rating change with its sign: "+12", "-7", "0"; a dash when absent. */
export function formatDelta(delta: number | null | undefined): string {
  if (delta === null || delta === undefined || !Number.isFinite(delta)) return DASH;
  const s = formatInt(delta);
  return Math.round(delta) > 0 ? `+${s}` : s;
}

/** "W–D–L", e.g. "12–3–5". */
export function formatRecord(wins: number, draws: number, losses: number): string {
  return `${formatInt(wins)}–${formatInt(draws)}–${formatInt(losses)}`;
}

/** The UTC calendar date ("2024-05-01") of an ISO time, or null when it does not parse. */
export function isoDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return null;
  return new Date(ms).toISOString().slice(0, 10);
}

/** The UTC time of day ("14:03") of an ISO time, or null when it does not parse. */
export function isoTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return null;
  return new Date(ms).toISOString().slice(11, 16);
}

/** Formats a date for a page: the translator's `longDate` (src/i18n/dates.ts), or anything with that shape. */
export interface DateFormatter {
  longDate(value: Date | number | string, options?: { time?: boolean; timeZone?: string }): string;
}

/**
 * A `<time>` element showing the UTC date of an ISO time, in the page's language when a
 * formatter is given (`t.longDate`: "May 1, 2024", "1 মে, 2024", with Latin digits…), else as
 * YYYY-MM-DD; a dash when absent. The title is the exact UTC time, language-neutral.
 */
export function formatDate(iso: string | null | undefined, t?: DateFormatter): string {
  if (!iso) return DASH;
  const day = isoDate(iso);
  if (day === null) return escapeHtml(iso);
  const full = new Date(Date.parse(iso)).toISOString();
  const shown = t ? t.longDate(full, { timeZone: 'UTC' }) : day;
  return `<time datetime="${escapeHtml(full)}"${t ? ' data-when="date"' : ''} title="${escapeHtml(full.replace('T', ' ').slice(0, 16))} UTC">${escapeHtml(shown)}</time>`;
}

/** Link target of a player's page. */
export function playerHref(username: string): string {
  return `/players/${encodeURIComponent(username)}`;
}

/** Link target of a game's replay (the board page, which replays a finished game move by move). */
export function replayHref(gameId: string | number): string {
  return `/play/${encodeURIComponent(String(gameId))}`;
}

/** The game as GGF (NBoard, Edax, GGS), a download. */
export function ggfHref(gameId: string | number): string {
  return `/api/games/${encodeURIComponent(String(gameId))}/ggf`;
}

/** Link target of a game's plain-text transcript. */
export function transcriptHref(gameId: string | number): string {
  return `/api/games/${encodeURIComponent(String(gameId))}/transcript`;
}

/** A time difference as Intl.RelativeTimeFormat's value and unit: the largest unit it makes at least one of. */
export function relativeParts(ms: number): { value: number; unit: 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year' } {
  const sign = ms < 0 ? -1 : 1;
  const abs = Math.abs(ms);
  const s = abs / 1000;
  const steps = [
    ['year', 365 * 86_400],
    ['month', 30 * 86_400],
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ] as const;
  for (const [unit, size] of steps) {
    if (s >= size) return { value: sign * Math.floor(s / size), unit };
  }
  return { value: sign * Math.floor(s), unit: 'second' };
}

/** Formats relative times for a page: the translator's `relativeTime` (src/i18n). */
export interface RelativeFormatter {
  relativeTime(value: number, unit: Intl.RelativeTimeFormatUnit, options?: Intl.RelativeTimeFormatOptions): string;
}

/**
 * A `<time data-when>` showing how long ago an ISO time was ("3 days ago", "hace…" in the page's
 * language, `numeric: 'auto'`: "yesterday"), its title the exact UTC time (language-neutral). The browser client rewrites the
 * title as the reader's local date and time and keeps the words current (src/client/common/times.ts).
 */
export function formatWhen(iso: string | null | undefined, t: RelativeFormatter, now: number = Date.now()): string {
  if (!iso) return DASH;
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return escapeHtml(iso);
  const full = new Date(ms).toISOString();
  const { value, unit } = relativeParts(ms - now);
  const shown = t.relativeTime(value, unit, { numeric: 'auto' });
  const title = `${full.replace('T', ' ').slice(0, 16)} UTC`;
  return `<time datetime="${escapeHtml(full)}" data-when="relative" title="${escapeHtml(title)}">${escapeHtml(shown)}</time>`;
}
