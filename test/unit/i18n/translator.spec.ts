import { describe, expect, it } from '@jest/globals';
import { compileAst, compileCatalogue, compilePseudo, flatten, parseMessage, pseudoText, withFallback } from '../../../src/i18n/compile';
import { LANGUAGE_INFO, LANGUAGES, pageLanguageOf } from '../../../src/i18n/languages';
import { pluralCategories, pluralRules } from '../../../src/i18n/plural';
import { createTranslator } from '../../../src/i18n/translator';
import { translator } from '../../../src/i18n';

const messages = compileCatalogue({
  'x.plain': 'Play now',
  'x.count': '{n, plural, one {# disc} other {# discs}}',
  'x.name': 'Hello {name}',
  'x.rich': 'A <b>{what}</b> & more',
  'x.link': 'See <link>the rules</link>.',
  'x.quote': "It's {name}'s turn",
});

describe('translator', () => {
  const t = createTranslator('en', messages);

  it('formats plain text, placeholders and plurals', () => {
    expect(t.t('x.plain')).toBe('Play now');
    expect(t.t('x.name', { name: 'bob' })).toBe('Hello bob');
    expect(t.t('x.count', { n: 1 })).toBe('1 disc');
    expect(t.t('x.count', { n: 0 })).toBe('0 discs');
    expect(t.t('x.count', { n: 1234 })).toBe('1,234 discs');
    expect(t.t('x.quote', { name: 'bob' })).toBe("It's bob's turn");
  });

  it('a missing key renders as the key itself', () => {
    expect(t.t('x.nope')).toBe('x.nope');
    expect(t.has('x.plain')).toBe(true);
    expect(t.has('x.nope')).toBe(false);
  });

  it('html() escapes the text and the values, renders tags, and plain t() drops them', () => {
    expect(t.html('x.rich', { what: '<script>' })).toBe('A <strong>&lt;script&gt;</strong> &amp; more');
    expect(t.t('x.rich', { what: '<x>' })).toBe('A <x> & more');
    expect(t.html('x.link', {}, { link: (c) => `<a href="/rules">${c}</a>` })).toBe('See <a href="/rules">the rules</a>.');
    expect(t.html('x.link')).toBe('See the rules.');
    expect(t.html('x.plain')).toBe('Play now');
  });

  it('bad message syntax is refused with the key named', () => {
    expect(() => parseMessage('k.bad', '{n, plural, one {x}}')).toThrow(/k\.bad/);
    expect(() => parseMessage('k.bad', 'unclosed {name')).toThrow(/k\.bad/);
  });

  it('literal-only messages compile to plain strings, others to an AST', () => {
    expect(compileAst(parseMessage('k', "It''s '{'literal'}'"))).toBe("It's {literal}");
    expect(Array.isArray(compileAst(parseMessage('k', '{a}')))).toBe(true);
  });

  it('a translation falls back to English key by key; stale keys are dropped', () => {
    expect(withFallback({ a: 'A-bn', stale: 'x' }, { a: 'A', b: 'B' })).toEqual({ a: 'A-bn', b: 'B' });
    expect(flatten({ a: { b: 'x', c: { d: 'y' } } })).toEqual({ 'a.b': 'x', 'a.c.d': 'y' });
  });
});

describe('numbers and dates: Latin digits in every language (as the seeds write them)', () => {
  const when = new Date(Date.UTC(2026, 8, 13, 14, 3));
  it.each(LANGUAGES)('%s', (lang) => {
    const t = translator(lang);
    const n = t.number(1234567);
    expect(n.replace(/\D/g, '')).toBe('1234567');
    expect(n).not.toMatch(/[\u09e6-\u09ef\u0966-\u096f]/); // no Bengali or Devanagari digits
    const d = t.date(when, { dateStyle: 'long', timeZone: 'UTC' });
    expect(d).toMatch(/2026/);
    expect(d).toMatch(/13/);
    expect(t.relativeTime(-3, 'minute')).toMatch(/3/);
  });

  it('the default Intl locales would show Bengali and Nepali digits (why we pin -u-nu-latn)', () => {
    expect(new Intl.NumberFormat('bn').format(12)).toBe('১২');
    expect(new Intl.NumberFormat('ne').format(12)).toBe('१२');
    expect(LANGUAGE_INFO.bn.intl).toBe('bn-u-nu-latn');
    expect(LANGUAGE_INFO.ne.intl).toBe('ne-u-nu-latn');
  });

  it('dates and relative times are in the language (month names, words)', () => {
    expect(translator('bn').date(when, { month: 'long', timeZone: 'UTC' })).toBe('সেপ্টেম্বর');
    expect(translator('tg').relativeTime(-3, 'minute')).toBe('3 дақиқа пеш');
    expect(translator('sw').relativeTime(-3, 'minute')).toBe('dakika 3 zilizopita');
  });
});

describe('plural rules', () => {
  it("Node's ICU has no rules for Tajik and silently falls back (the reason for the pin)", () => {
    expect(new Intl.PluralRules('tg').resolvedOptions().locale).not.toBe('tg');
    expect(new Intl.PluralRules('tg').select(0)).toBe('other');
  });

  it("Tajik is pinned to CLDR's rule (as Persian): one for i = 0 or n = 1, other otherwise", () => {
    const tg = pluralRules('tg');
    expect([0, 1, 0.5, 2, 5, 21, 100, 1.5].map((n) => tg.select(n))).toEqual(['one', 'one', 'one', 'other', 'other', 'other', 'other', 'other']);
    expect(pluralRules('tg-u-nu-latn').select(0)).toBe('one');
    expect(pluralCategories('tg')).toEqual(['one', 'other']);
    expect(pluralRules('tg', { type: 'ordinal' }).select(2)).toBe('other');
  });

  it('the Tajik translator uses the pinned rule in messages', () => {
    const t = createTranslator('tg', compileCatalogue({ 'k.n': '{n, plural, one {ONE #} other {OTHER #}}' }));
    expect(t.t('k.n', { n: 0 })).toBe('ONE 0');
    expect(t.t('k.n', { n: 1 })).toBe('ONE 1');
    expect(t.t('k.n', { n: 2 })).toBe('OTHER 2');
  });

  it('the other languages keep their CLDR rules (Bengali and Hindi: 0 is "one"; Swahili and Nepali: "other")', () => {
    expect(pluralRules('bn').select(0)).toBe('one');
    expect(pluralRules('hi').select(0)).toBe('one');
    expect(pluralRules('sw').select(0)).toBe('other');
    expect(pluralRules('ne').select(0)).toBe('other');
  });
});

describe('the pseudo-locale', () => {
  it('accents the text, makes it about 40% longer and keeps placeholders working', () => {
    expect(pseudoText('Play now')).toBe('Þļååý ñööŵ');
    const english = { 'k.a': 'Find an opponent', 'k.n': '{n, plural, one {# move} other {# moves}}' };
    const t = createTranslator('en-XA', compilePseudo(english));
    const a = t.t('k.a');
    expect(a.startsWith('⟦') && a.endsWith('⟧')).toBe(true);
    expect(a.length).toBeGreaterThanOrEqual(Math.round(english['k.a'].length * 1.3));
    expect(t.t('k.n', { n: 3 })).toBe('⟦3 ɱööṽééš⟧');
    expect(t.t('k.n', { n: 1 })).toBe('⟦1 ɱööṽéé⟧');
  });

  it('is a page language for ?lang= only', () => {
    expect(pageLanguageOf('en-xa')).toBe('en-XA');
    expect(pageLanguageOf('BN')).toBe('bn');
    expect(pageLanguageOf('fr')).toBeNull();
  });
});
