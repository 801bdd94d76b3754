/**
 * Dates and relative times as a reader of each language writes them, the same on the server and
 * in every browser. Pure (Intl only).
 *
 * - Long month names ("13 September 2026", "13 সেপ্টেম্বর, 2026"): the medium style abbreviates
 *   months in ways that read oddly ("13 Sep" in Swahili, an English abbreviation).
 * - Nepali: CLDR's Nepali pattern puts the year first ("2026 सेप्टेम्बर 13"); a Nepali sentence
 *   says the day first, "13 सेप्टेम्बर 2026".
 * - Tajik is pinned whole (months, time, relative times), as its plural rule is (plural.ts):
 *   browsers ship without Tajik data and would fall back to English, and CLDR capitalises Tajik
 *   month names, which Tajik writes in lower case ("13 сентябри 2026", the month joined to the year
 *   by the izafat -и). The relative words are CLDR's own ("3 рӯз пеш", "пас аз 2 соат", "дирӯз").
 */

export interface LongDateOptions {
  /** Add the time of day ("14:03"). */
  time?: boolean;
  /** An IANA time zone ("UTC"); the runtime's own when absent (the reader's, in a browser). */
  timeZone?: string;
}

/** Intl formatters are costly to make and pages format many dates: one per locale and options. */
const cache = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>(kind: string, locale: string, options: object | undefined, make: () => F): F {
  const key = `${kind}|${locale}|${JSON.stringify(options ?? {})}`;
  let f = cache.get(key) as F | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}
const dateTimeFormat = (locale: string, o: Intl.DateTimeFormatOptions) => cached('d', locale, o, () => new Intl.DateTimeFormat(locale, o));

const TAJIK_MONTHS = ['январ', 'феврал', 'март', 'апрел', 'май', 'июн', 'июл', 'август', 'сентябр', 'октябр', 'ноябр', 'декабр'];

function baseLanguage(locale: string): string {
  return locale.split(/[-_]/)[0].toLowerCase();
}

/** The calendar fields of `ms` in `timeZone` (Latin digits, whatever the locale). */
function fields(ms: number, timeZone: string | undefined): { year: number; month: number; day: number; hour: number; minute: number } {
  const parts = dateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute') };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** A date with its month's full name, in `locale`, optionally with the time of day. */
export function longDate(value: Date | number | string, locale: string, options: LongDateOptions = {}): string {
  const ms = typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : value.getTime();
  const { timeZone, time } = options;
  const lang = baseLanguage(locale);
  if (lang === 'tg') {
    const f = fields(ms, timeZone);
    const date = `${f.day} ${TAJIK_MONTHS[f.month - 1]}и ${f.year}`;
    return time ? `${date}, ${pad(f.hour)}:${pad(f.minute)}` : date;
  }
  let date: string;
  if (lang === 'ne') {
    const parts = dateTimeFormat(locale, { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).formatToParts(ms);
    const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
    date = `${part('day')} ${part('month')} ${part('year')}`;
  } else {
    date = dateTimeFormat(locale, { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(ms);
  }
  if (!time) return date;
  return `${date}, ${dateTimeFormat(locale, { timeZone, timeStyle: 'short' }).format(ms)}`;
}

type TajikUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

const TAJIK_UNITS: Record<TajikUnit, string> = { second: 'сония', minute: 'дақиқа', hour: 'соат', day: 'рӯз', week: 'ҳафта', month: 'моҳ', year: 'сол' };

/** `numeric: 'auto'` words for -1, 0 and +1 (CLDR's Tajik). */
const TAJIK_AUTO: Partial<Record<TajikUnit, Record<string, string>>> = {
  second: { '0': 'ҳозир' },
  minute: { '0': 'дақиқаи ҷорӣ' },
  hour: { '0': 'соати ҷорӣ' },
  day: { '-1': 'дирӯз', '0': 'имрӯз', '1': 'фардо' },
  week: { '-1': 'ҳафтаи гузашта', '0': 'ҳафтаи ҷорӣ', '1': 'ҳафтаи оянда' },
  month: { '-1': 'моҳи гузашта', '0': 'моҳи ҷорӣ', '1': 'моҳи оянда' },
  year: { '-1': 'соли гузашта', '0': 'соли ҷорӣ', '1': 'соли оянда' },
};

function tajikUnit(unit: Intl.RelativeTimeFormatUnit): TajikUnit {
  const singular = unit.endsWith('s') ? unit.slice(0, -1) : unit;
  return (singular === 'quarter' ? 'month' : singular) as TajikUnit;
}

/**
 * "3 minutes ago", "in 2 days" in `locale`: Intl.RelativeTimeFormat, with Tajik pinned. Negative
 * zero reads as the past ("0 сония пеш"), as Intl has it.
 */
export function relativeTime(value: number, unit: Intl.RelativeTimeFormatUnit, locale: string, options?: Intl.RelativeTimeFormatOptions): string {
  const base = baseLanguage(locale);
  if (base !== 'tg') {
    const text = cached('r', locale, options, () => new Intl.RelativeTimeFormat(locale, options)).format(value, unit);
    // CLDR's Swahili capitalises the seconds alone ("Sekunde 30 zilizopita" beside "dakika 5
    // zilizopita"): every relative time starts in lower case, as the others do.
    return base === 'sw' ? text.charAt(0).toLocaleLowerCase('sw') + text.slice(1) : text;
  }
  const u = tajikUnit(unit);
  if (unit === 'quarter' || unit === 'quarters') value *= 3;
  if (options?.numeric === 'auto') {
    const word = TAJIK_AUTO[u]?.[String(value)];
    if (word !== undefined && !Object.is(value, -0)) return word;
  }
  const n = cached('n', 'en-US', undefined, () => new Intl.NumberFormat('en-US', { maximumFractionDigits: 3, useGrouping: false })).format(Math.abs(value));
  return value < 0 || Object.is(value, -0) ? `${n} ${TAJIK_UNITS[u]} пеш` : `пас аз ${n} ${TAJIK_UNITS[u]}`;
}
