/**
 * Dates, relative times and lists as each language writes them (src/i18n/dates.ts, lists.ts).
 */
import { describe, expect, it } from '@jest/globals';
import { longDate, relativeTime } from '../../../src/i18n/dates';
import { LANGUAGE_INFO } from '../../../src/i18n/languages';
import { listAnd, listOr } from '../../../src/pages/lists';

const AT = '2026-09-13T14:03:00.000Z';
const locale = (lang: keyof typeof LANGUAGE_INFO) => LANGUAGE_INFO[lang].intl;

describe('longDate', () => {
  it.each([
    ['en', 'September 13, 2026'],
    ['bn', '13 সেপ্টেম্বর, 2026'],
    ['hi', '13 सितंबर 2026'],
    ['ne', '13 सेप्टेम्बर 2026'],
    ['sw', '13 Septemba 2026'],
    ['tg', '13 сентябри 2026'],
  ] as const)('%s: the month in full, Latin digits: %s', (lang, expected) => {
    expect(longDate(AT, locale(lang), { timeZone: 'UTC' })).toBe(expected);
  });

  it('adds the time of day, in the time zone asked for', () => {
    expect(longDate(AT, locale('sw'), { timeZone: 'UTC', time: true })).toBe('13 Septemba 2026, 14:03');
    expect(longDate(AT, locale('tg'), { timeZone: 'Asia/Dushanbe', time: true })).toBe('13 сентябри 2026, 19:03');
    expect(longDate(AT, locale('ne'), { timeZone: 'Asia/Kathmandu' })).toBe('13 सेप्टेम्बर 2026');
    expect(longDate('2026-12-31T23:30:00Z', locale('tg'), { timeZone: 'Asia/Dushanbe' })).toBe('1 январи 2027');
  });
});

describe('relativeTime', () => {
  it('Tajik is pinned, with the words of CLDR (which browsers lack): the same as an ICU that has them', () => {
    const units = ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const;
    const hasTajik = Intl.RelativeTimeFormat.supportedLocalesOf(['tg']).length > 0;
    for (const numeric of ['always', 'auto'] as const) {
      for (const unit of units) {
        for (const value of [-12, -2, -1, 0, 1, 2, 45]) {
          const ours = relativeTime(value, unit, locale('tg'), { numeric });
          expect(ours).not.toMatch(/[a-z]/i);
          if (hasTajik) expect(`${unit} ${value} ${numeric}: ${ours}`).toBe(`${unit} ${value} ${numeric}: ${new Intl.RelativeTimeFormat('tg', { numeric }).format(value, unit)}`);
        }
      }
    }
    expect(relativeTime(-3, 'day', locale('tg'))).toBe('3 рӯз пеш');
    expect(relativeTime(2, 'hours', locale('tg'))).toBe('пас аз 2 соат');
    expect(relativeTime(-1, 'day', locale('tg'), { numeric: 'auto' })).toBe('дирӯз');
  });

  it('other languages go through Intl', () => {
    expect(relativeTime(-3, 'minute', locale('sw'))).toBe('dakika 3 zilizopita');
    expect(relativeTime(-1, 'day', 'en', { numeric: 'auto' })).toBe('yesterday');
  });

  it('Swahili relative times all start in lower case (CLDR capitalises the seconds alone)', () => {
    expect(relativeTime(-30, 'second', locale('sw'))).toBe('sekunde 30 zilizopita');
    for (const unit of ['second', 'minute', 'hour', 'day', 'month', 'year'] as const) {
      for (const numeric of ['always', 'auto'] as const) {
        for (const value of [-30, -2, -1, 0, 1, 2]) {
          const text = relativeTime(value, unit, locale('sw'), { numeric });
          expect({ unit, value, numeric, first: text.charAt(0) }).toEqual({ unit, value, numeric, first: text.charAt(0).toLowerCase() });
        }
      }
    }
  });
});

describe('lists', () => {
  it('Hindi writes no comma before और / या', () => {
    expect(listAnd(['d3', 'c4', 'f5'], locale('hi'))).toBe('d3, c4 और f5');
    expect(listOr(['30', '45', '60'], locale('hi'))).toBe('30, 45 या 60');
    expect(listAnd(['d3', 'c4'], locale('hi'))).toBe('d3 और c4');
    // English keeps its serial comma
    expect(listAnd(['d3', 'c4', 'f5'], 'en')).toBe('d3, c4, and f5');
  });
});
