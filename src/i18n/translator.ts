/**
 * The translator: one per language, pure (the server's views, the API's error messages and the
 * browser client all use it). Messages are ICU MessageFormat, formatted by FormatJS's
 * intl-messageformat; numbers, dates and relative times go through Intl in the page's language
 * (with Latin digits, see languages.ts); Tajik's plural rule (plural.ts), dates and relative times
 * (dates.ts) are pinned.
 */
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat, type Formatters, type PrimitiveType } from 'intl-messageformat';
import { LANGUAGE_INFO, type PageLanguage } from './languages.js';
import { longDate, relativeTime, type LongDateOptions } from './dates.js';
import { pluralRules } from './plural.js';
import type { CompiledMessages } from './compile.js';

/** Values of a message's placeholders. */
export type MessageValues = Record<string, PrimitiveType>;

/** A rich-text tag's renderer: gets its content (already HTML in `html()`), returns HTML. */
export type TagRenderer = (chunks: string) => string;

export type RelativeUnit = Intl.RelativeTimeFormatUnit;

export interface Translator<K extends string = string> {
  /** The page language (`<html lang>`). */
  readonly lang: PageLanguage;
  /** The locale handed to Intl. */
  readonly locale: string;
  /** A message as plain text (rich-text tags keep their content only). */
  t(key: K, values?: MessageValues): string;
  /**
   * A message as HTML: its text and string values escaped, its tags rendered by `tags` (by
   * default `<b>` → strong, `<em>`, `<code>`; a tag the message uses and `tags` lacks keeps its
   * content only).
   */
  html(key: K, values?: MessageValues, tags?: Record<string, TagRenderer>): string;
  /** True when the catalogue has `key` (for keys built at run time, e.g. from an error code). */
  has(key: string): key is K;
  /** A number in the page's language. */
  number(n: number, options?: Intl.NumberFormatOptions): string;
  /** A date (and/or time) in the page's language. */
  date(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
  /** A date with the month's full name ("13 September 2026"), maybe with the time (dates.ts). */
  longDate(value: Date | number | string, options?: LongDateOptions): string;
  /** "3 minutes ago", "in 2 days". */
  relativeTime(value: number, unit: RelativeUnit, options?: Intl.RelativeTimeFormatOptions): string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(s: unknown): string {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A message's own text in HTML: `&`, `<`, `>` and `"` escaped (an apostrophe needs nothing). */
const escapeText = (s: string): string => s.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

function escapeAst(ast: MessageFormatElement[]): MessageFormatElement[] {
  return ast.map((el) => {
    switch (el.type) {
      case TYPE.literal:
        return { ...el, value: escapeText(el.value) };
      case TYPE.plural:
      case TYPE.select: {
        const options: typeof el.options = {};
        for (const [k, opt] of Object.entries(el.options)) options[k] = { ...opt, value: escapeAst(opt.value) };
        return { ...el, options } as MessageFormatElement;
      }
      case TYPE.tag:
        return { ...el, children: escapeAst(el.children) };
      default:
        return el;
    }
  });
}

function tagNames(ast: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of ast) {
    if (el.type === TYPE.tag) {
      out.add(el.value);
      tagNames(el.children, out);
    } else if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const opt of Object.values(el.options)) tagNames(opt.value, out);
    }
  }
  return out;
}

const DEFAULT_TAGS: Record<string, TagRenderer> = {
  b: (c) => `<strong>${c}</strong>`,
  em: (c) => `<em>${c}</em>`,
  code: (c) => `<code>${c}</code>`,
};

const join = (chunks: unknown): string => (Array.isArray(chunks) ? chunks.join('') : String(chunks ?? ''));

function memo<A, R>(make: (a: A) => R): (a: A) => R {
  const cache = new Map<string, R>();
  return (a: A) => {
    const k = JSON.stringify(a);
    let v = cache.get(k);
    if (v === undefined) {
      v = make(a);
      cache.set(k, v);
    }
    return v;
  };
}

/**
 * A translator over compiled messages (compile.ts: English already filled in for missing keys).
 * A key the catalogue lacks renders as the key itself (typed keys make that a compile error).
 */
export function createTranslator<K extends string = string>(lang: PageLanguage, messages: CompiledMessages): Translator<K> {
  const locale = LANGUAGE_INFO[lang].intl;
  const numberFormat = memo((o: Intl.NumberFormatOptions | undefined) => new Intl.NumberFormat(locale, o));
  const dateFormat = memo((o: Intl.DateTimeFormatOptions | undefined) => new Intl.DateTimeFormat(locale, o));
  const formatters: Formatters = {
    getNumberFormat: (_l, o) => numberFormat(o as Intl.NumberFormatOptions | undefined),
    getDateTimeFormat: (_l, o) => dateFormat(o),
    getPluralRules: (_l, o) => pluralRules(locale, o),
  };
  interface Entry {
    format: IntlMessageFormat | string;
    tags: ReadonlySet<string>;
  }
  const caches = { plain: new Map<string, Entry>(), html: new Map<string, Entry>() };

  function entryOf(key: string, escape: boolean): Entry | undefined {
    const cache = escape ? caches.html : caches.plain;
    let entry = cache.get(key);
    if (entry) return entry;
    const source = messages[key];
    if (source === undefined) return undefined;
    if (typeof source === 'string') entry = { format: escape ? escapeText(source) : source, tags: new Set() };
    else entry = { format: new IntlMessageFormat(escape ? escapeAst(source) : source, locale, undefined, { formatters }), tags: tagNames(source) };
    cache.set(key, entry);
    return entry;
  }

  function run(key: string, values: MessageValues | undefined, escape: boolean, tags: Record<string, TagRenderer>): string {
    const entry = entryOf(key, escape);
    if (!entry) return escape ? escapeHtml(key) : key;
    if (typeof entry.format === 'string') return entry.format;
    const all: Record<string, unknown> = {};
    if (values) for (const [k, v] of Object.entries(values)) all[k] = escape && typeof v === 'string' ? escapeHtml(v) : v;
    for (const name of entry.tags) {
      const render = escape ? tags[name] : undefined;
      all[name] = (chunks: unknown) => (render ? render(join(chunks)) : join(chunks));
    }
    return join(entry.format.format(all as Record<string, PrimitiveType>));
  }

  return {
    lang,
    locale,
    t: (key, values) => run(key, values, false, {}),
    html: (key, values, tags) => run(key, values, true, { ...DEFAULT_TAGS, ...tags }),
    has: (key: string): key is K => Object.prototype.hasOwnProperty.call(messages, key),
    number: (n, options) => numberFormat(options).format(n),
    date: (value, options) => dateFormat(options).format(typeof value === 'string' ? new Date(value) : value),
    longDate: (value, options) => longDate(value, locale, options),
    relativeTime: (value, unit, options) => relativeTime(value, unit, locale, options),
  };
}
