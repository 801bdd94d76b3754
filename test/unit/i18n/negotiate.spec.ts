import { describe, expect, it } from '@jest/globals';
import { fromAcceptLanguage, negotiateLanguage, readCookie } from '../../../src/i18n/negotiate';

describe('negotiateLanguage: ?lang > saved preference > cookie > Accept-Language > English', () => {
  const all = { query: 'sw', saved: 'hi', cookie: 'ne', acceptLanguage: 'bn' };
  it.each([
    [all, 'sw', 'query'],
    [{ ...all, query: undefined }, 'hi', 'saved'],
    [{ ...all, query: undefined, saved: null }, 'ne', 'cookie'],
    [{ ...all, query: undefined, saved: null, cookie: null }, 'bn', 'header'],
    [{}, 'en', 'default'],
    // Anything unknown falls through to the next signal.
    [{ query: 'fr', saved: 'xx', cookie: 'de', acceptLanguage: 'tg' }, 'tg', 'header'],
    [{ query: ['HI', 'bn'] }, 'hi', 'query'],
    [{ query: { lang: 'bn' } }, 'en', 'default'],
    // The pseudo-locale: by URL or cookie, never as a saved preference.
    [{ query: 'en-XA' }, 'en-XA', 'query'],
    [{ saved: 'en-XA', cookie: 'bn' }, 'bn', 'cookie'],
  ] as const)('%j → %s (%s)', (signals, lang, source) => {
    expect(negotiateLanguage(signals)).toEqual({ lang, source });
  });
});

describe('fromAcceptLanguage', () => {
  it.each([
    ['bn-BD,bn;q=0.9,en-US;q=0.8,en;q=0.7', 'bn'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,sw;q=0.5', 'sw'],
    ['hi-IN', 'hi'],
    ['ne-NP;q=0.4, tg-Cyrl-TJ;q=0.6', 'tg'],
    ['sw;q=0, en;q=0.1', 'en'],
    ['*', null],
    ['fr, de', null],
    ['', null],
    ['bn;q=abc', null],
    ['BN', 'bn'],
    ['en;q=0.5, hi;q=0.5', 'en'],
  ])('%j → %s', (header, lang) => {
    expect(fromAcceptLanguage(header)).toBe(lang);
  });
});

describe('readCookie', () => {
  it('finds a cookie among others', () => {
    expect(readCookie('a=1; outflank_lang=bn; b=2', 'outflank_lang')).toBe('bn');
    expect(readCookie('a=1', 'outflank_lang')).toBeNull();
    expect(readCookie(undefined, 'outflank_lang')).toBeNull();
    expect(readCookie('outflank_lang=%E0%A4', 'outflank_lang')).toBeNull();
  });
});
