/**
 * The languages of the site. Pure data: no framework imports (the browser client uses it too).
 *
 * Numbers are written with Latin digits (0–9) in every language, as the seed pages themselves do
 * ("2 জন, প্রায় 10 মিনিট", "32 डिस्क") and as the board's coordinates (a–h, 1–8) are: the Intl
 * locales pin `-u-nu-latn`, so Bengali and Nepali do not switch to their own digits (which
 * `Intl.NumberFormat('bn')` and `('ne')` would do by default).
 */

/** The site's languages, English first (the fallback). */
export const LANGUAGES = ['en', 'bn', 'sw', 'hi', 'ne', 'tg'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The pseudo-locale for layout tests: English, accented and about 40% longer. Reachable with
 * `?lang=en-XA` only; never offered by the picker, listed in hreflang or saved on a player.
 */
export const PSEUDO_LANGUAGE = 'en-XA';
/** What a page can be rendered in: a language, or the pseudo-locale. */
export type PageLanguage = Language | typeof PSEUDO_LANGUAGE;

export const DEFAULT_LANGUAGE: Language = 'en';

/** The writing system of a language (ISO 15924): which self-hosted font a page needs. */
export type Script = 'Latn' | 'Beng' | 'Deva' | 'Cyrl';

export interface LanguageInfo {
  /** The language's own name (the picker shows it). */
  readonly name: string;
  /** Its name in English (the picker's title, for people who cannot read the script). */
  readonly english: string;
  readonly script: Script;
  /** The locale handed to Intl: the language with Latin digits pinned. */
  readonly intl: string;
}

export const LANGUAGE_INFO: Readonly<Record<PageLanguage, LanguageInfo>> = Object.freeze({
  en: { name: 'English', english: 'English', script: 'Latn', intl: 'en' },
  bn: { name: 'বাংলা', english: 'Bengali', script: 'Beng', intl: 'bn-u-nu-latn' },
  sw: { name: 'Kiswahili', english: 'Swahili', script: 'Latn', intl: 'sw-u-nu-latn' },
  hi: { name: 'हिन्दी', english: 'Hindi', script: 'Deva', intl: 'hi-u-nu-latn' },
  ne: { name: 'नेपाली', english: 'Nepali', script: 'Deva', intl: 'ne-u-nu-latn' },
  tg: { name: 'Тоҷикӣ', english: 'Tajik', script: 'Cyrl', intl: 'tg-u-nu-latn' },
  'en-XA': { name: 'Ƥšéûðö', english: 'Pseudo-locale', script: 'Latn', intl: 'en' },
});

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A page language from a tag as typed in a URL (`BN`, `en-xa`), or null. */
export function pageLanguageOf(value: unknown): PageLanguage | null {
  if (typeof value !== 'string') return null;
  const tag = value.trim().toLowerCase();
  if (tag === PSEUDO_LANGUAGE.toLowerCase()) return PSEUDO_LANGUAGE;
  return isLanguage(tag) ? tag : null;
}
