/**
 * Which language a request gets. Pure: the caller reads the request.
 *
 * In this order: an explicit choice (`?lang=xx` on any page URL: the header's picker
 * is links with it), the signed-in player's saved preference, the cookie that remembers the
 * last choice on this device, the browser's Accept-Language, English. The saved preference comes
 * before the cookie: a cookie left by another account or an old visit must not beat what the
 * player saved.
 */
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, pageLanguageOf, type Language, type PageLanguage } from './languages.js';

/** The cookie that remembers the language chosen on this device. */
export const LANGUAGE_COOKIE = 'outflank_lang';
/** How long it lasts (a year). */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export type LanguageSource = 'query' | 'saved' | 'cookie' | 'header' | 'default';

export interface LanguageSignals {
  /** The `lang` query parameter (a string, an array when repeated, or absent). */
  query?: unknown;
  /** The signed-in player's saved `language`, if known. */
  saved?: string | null;
  /** The language cookie's value. */
  cookie?: string | null;
  /** The Accept-Language header. */
  acceptLanguage?: string | null;
}

export interface NegotiatedLanguage {
  lang: PageLanguage;
  source: LanguageSource;
}

/**
 * The best of our languages for an Accept-Language header (`bn-BD,bn;q=0.9,en;q=0.5`): by
 * q-value, ties in the header's order; a regional tag matches its language (`hi-IN` → hi); `*`
 * and unknown languages match nothing; q=0 refuses. Null when nothing matches.
 */
export function fromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header || header.length > 1000) return null;
  const ranges: { lang: Language; q: number; order: number }[] = [];
  header.split(',').forEach((part, order) => {
    const [tag, ...params] = part.trim().split(';');
    const base = tag.trim().toLowerCase().split('-')[0];
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*(.*?)\s*$/i.exec(p);
      if (m) q = /^[01](\.\d{0,3})?$/.test(m[1]) ? Number(m[1]) : NaN;
    }
    if (isLanguage(base) && Number.isFinite(q) && q > 0) ranges.push({ lang: base, q, order });
  });
  ranges.sort((a, b) => b.q - a.q || a.order - b.order);
  return ranges[0]?.lang ?? null;
}

/** A cookie's value from a Cookie header, or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    if (pair.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The `lang` query value as a page language (the first when repeated), or null. */
export function fromQuery(query: unknown): PageLanguage | null {
  return pageLanguageOf(Array.isArray(query) ? query[0] : query);
}

/** The language of a request, and what decided it. */
export function negotiateLanguage(signals: LanguageSignals): NegotiatedLanguage {
  const query = fromQuery(signals.query);
  if (query) return { lang: query, source: 'query' };
  if (isLanguage(signals.saved)) return { lang: signals.saved, source: 'saved' };
  const cookie = pageLanguageOf(signals.cookie);
  if (cookie) return { lang: cookie, source: 'cookie' };
  const header = fromAcceptLanguage(signals.acceptLanguage);
  if (header) return { lang: header, source: 'header' };
  return { lang: DEFAULT_LANGUAGE, source: 'default' };
}

/** The languages a page links to as alternates (`hreflang`): all but the pseudo-locale. */
export const ALTERNATE_LANGUAGES: readonly Language[] = LANGUAGES;
