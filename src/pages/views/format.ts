/**
 * HTML escaping and number/date formatting shared by the server-rendered pages.
 * Pure functions only (no framework imports).
 */

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

/** A rating rounded to an integer, with a trailing "?" when provisional. */
export function formatRating(rating: number, provisional: boolean): string {
  return formatInt(rating) + (provisional ? '?' : '');
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

/** Formats a date for a page: the translator's `date` (src/i18n), or anything with that shape. */
export interface DateFormatter {
  date(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
}

/**
 * A `<time>` element showing the UTC date of an ISO time, in the page's language when a
 * formatter is given (`t.date`: "1 May 2024", "১ মে, ২০২৪" with Latin digits…), else as
 * YYYY-MM-DD; a dash when absent. The title is the exact UTC time, language-neutral.
 */
export function formatDate(iso: string | null | undefined, t?: DateFormatter): string {
  if (!iso) return DASH;
  const day = isoDate(iso);
  if (day === null) return escapeHtml(iso);
  const full = new Date(Date.parse(iso)).toISOString();
  const shown = t ? t.date(full, { dateStyle: 'medium', timeZone: 'UTC' }) : day;
  return `<time datetime="${escapeHtml(full)}" title="${escapeHtml(full.replace('T', ' ').slice(0, 16))} UTC">${escapeHtml(shown)}</time>`;
}

/** Link target of a player's page. */
export function playerHref(username: string): string {
  return `/players/${encodeURIComponent(username)}`;
}

/** Link target of a game's plain-text transcript. */
export function transcriptHref(gameId: string | number): string {
  return `/api/games/${encodeURIComponent(String(gameId))}/transcript`;
}
