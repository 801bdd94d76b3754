/**
 * One concept, one word: each glossary's "One word per concept" table names the word a language
 * uses for a concept and the words it does not; no catalogue entry of that language may use one of
 * those (except in the keys the table names). A reader who meets "queue" as two different words on
 * two pages takes them for two different things.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flatCatalogue } from '../../../src/i18n/catalogues';
import { LANGUAGES, type Language } from '../../../src/i18n/languages';

interface TermRule {
  concept: string;
  word: string;
  not: string[];
  exceptIn: string[];
}

const GLOSSARY_DIR = join(__dirname, '../../../src/i18n/glossary');

/** The rows of the "One word per concept" table of a glossary file's text. */
function termRules(markdown: string): TermRule[] {
  const start = markdown.indexOf('## One word per concept');
  if (start < 0) return [];
  const rules: TermRule[] = [];
  for (const line of markdown.slice(start).split('\n').slice(1)) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('|')) continue;
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length !== 4 || cells[0] === 'concept' || /^-+$/.test(cells[0])) continue;
    const [concept, word, not, except] = cells;
    rules.push({
      concept,
      word,
      not: not.split(' · ').map((w) => w.trim()).filter(Boolean),
      // A key, maybe followed by a note in parentheses.
      exceptIn: except.split(/,\s*(?![^()]*\))/).map((k) => k.replace(/\(.*\)/s, '').trim()).filter(Boolean),
    });
  }
  return rules;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The entries that use a word a rule excludes: matched where a word starts (so "लाइन" is not found
 * in "अनलाइन"), with any ending after it (so "ल्याडरमा" and "কিউতে" are found), letter case ignored.
 */
function inconsistencies(messages: Record<string, string>, rules: TermRule[]): string[] {
  const found: string[] = [];
  for (const rule of rules) {
    for (const word of rule.not) {
      const re = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${escape(word)}`, 'iu');
      for (const [key, text] of Object.entries(messages)) {
        if (!rule.exceptIn.includes(key) && re.test(text)) found.push(`${key}: "${word}" where the glossary says "${rule.word}" (${rule.concept})`);
      }
    }
  }
  return found;
}

/** Repeats that are the language's own: "hivyo hivyo" (just so), hi "खेल खेल रहे" (playing a game). */
const NATURAL_REPEATS = ['hivyo hivyo', 'खेल खेल', 'ধাপে ধাপে', 'সঙ্গে সঙ্গে', 'moja moja'];

const rulesOf = (lang: Language) => termRules(readFileSync(join(GLOSSARY_DIR, `${lang}.md`), 'utf8'));

describe('glossary: one word per concept', () => {
  it('finds a word the glossary excludes, at the start of a word with any ending, and nowhere else', () => {
    const rules = termRules(
      [
        '## One word per concept',
        '',
        '| concept | word | not | except in |',
        '|---|---|---|---|',
        '| queue | लाम | लाइन · कतार |  |',
        '| registered | сабтиномшуда | бақайдгирифта | rules.othello.body (a trademark, as the seed) |',
      ].join('\n'),
    );
    expect(rules).toEqual([
      { concept: 'queue', word: 'लाम', not: ['लाइन', 'कतार'], exceptIn: [] },
      { concept: 'registered', word: 'сабтиномшуда', not: ['бақайдгирифта'], exceptIn: ['rules.othello.body'] },
    ]);
    const sample = {
      'a.joined': 'तपाईं पहिल्यै लाइनमा हुनुहुन्छ',
      'a.online': 'अनलाइन रिभर्सी खेल्नुहोस्',
      'a.fine': 'तपाईं लाममा हुनुहुन्छ',
      'b.capital': 'Бақайдгирифта бозигарон',
      'rules.othello.body': 'тамғаи молии бақайдгирифтаи Othello Co.',
    };
    expect(inconsistencies(sample, rules)).toEqual([
      'a.joined: "लाइन" where the glossary says "लाम" (queue)',
      'b.capital: "бақайдгирифта" where the glossary says "сабтиномшуда" (registered)',
    ]);
  });

  it('every translation has a table of terms to keep', () => {
    const without = LANGUAGES.filter((lang) => lang !== 'en' && rulesOf(lang).length === 0);
    expect(without).toEqual([]);
  });

  it('the excepted keys exist (a renamed key would silently lift the rule)', () => {
    const missing: string[] = [];
    for (const lang of LANGUAGES) {
      const messages = flatCatalogue(lang);
      for (const rule of rulesOf(lang)) for (const key of rule.exceptIn) if (!(key in messages)) missing.push(`${lang}: ${key}`);
    }
    expect(missing).toEqual([]);
  });

  describe.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s', (lang) => {
    it('uses the glossary word for each concept in every entry', () => {
      expect(inconsistencies(flatCatalogue(lang), rulesOf(lang))).toEqual([]);
    });

    it('repeats no word twice in a row ("रेटिङ रेटिङ")', () => {
      const doubled = Object.entries(flatCatalogue(lang))
        .map(([key, text]) => [key, /(?<![\p{L}\p{M}])([\p{L}\p{M}]{2,})\s+\1(?![\p{L}\p{M}])/iu.exec(text)] as const)
        .filter(([, m]) => m && !NATURAL_REPEATS.includes(m[0].toLowerCase()))
        .map(([key, m]) => `${key}: ${m![0]}`);
      expect(doubled).toEqual([]);
    });
  });
});

/**
 * The game ends when neither player can move: a translation that reads "when a player has no
 * move" contradicts the pass rule (that player passes, and the other plays on). Each language's
 * word for "both / neither" (its seed's own: bn "দুজনের", hi "दोनों", ne "दुवै" or "कुनै पनि",
 * sw "wote", tg "ҳеҷ бозигар") must be in every key that states the end rule.
 */
describe('the end-of-game rule says "neither player"', () => {
  const END_RULE_KEYS = ['rules.what.body', 'rules.end.when', 'rules.pass.end'];
  const NEITHER: Record<Exclude<Language, 'en'>, RegExp> = {
    bn: /দুজনের/u,
    hi: /दोनों/u,
    ne: /(दुवै|कुनै पनि) खेलाडी/u,
    sw: /wote wakikosa/iu,
    tg: /(ҳеҷ|ҳарду|ҳар ду) бозигар/iu,
  };
  it.each(Object.keys(NEITHER) as (keyof typeof NEITHER)[])('%s', (lang) => {
    const messages = flatCatalogue(lang);
    const wrong = END_RULE_KEYS.filter((key) => !NEITHER[lang].test(messages[key]));
    expect(wrong).toEqual([]);
  });

  it('fails on the wording that reads "when a player has no move"', () => {
    expect(NEITHER.ne.test('बोर्ड भरिँदा वा कुनै खेलाडीको चाल बाँकी नहुँदा खेल सकिन्छ।')).toBe(false);
  });
});

/**
 * Numbers are written with Latin digits in every language, as the seeds write them ("2 জন, প্রায়
 * 10 মিনিট") and as the formatted numbers are: a translator's "২৪ ঘণ্টা" beside a formatted
 * "24 ঘণ্টা" reads as two different styles on one page.
 */
describe('numbers in the catalogues are Latin digits', () => {
  const NATIVE_DIGIT = /[\u09e6-\u09ef\u0966-\u096f]/u; // Bengali, Devanagari
  it('finds a Bengali or Devanagari digit', () => {
    expect(['গত ২৪ ঘণ্টায়', 'पछिल्ला २४ घण्टामा'].map((s) => NATIVE_DIGIT.test(s))).toEqual([true, true]);
    expect(NATIVE_DIGIT.test('গত 24 ঘণ্টায়')).toBe(false);
  });
  it.each(LANGUAGES)('%s', (lang) => {
    const native = Object.entries(flatCatalogue(lang)).filter(([, text]) => NATIVE_DIGIT.test(text)).map(([key]) => key);
    expect(native).toEqual([]);
  });
});

/**
 * Nepali writes a postposition joined to its noun ("{name}ले", "कालोको"), the name included: a
 * space before "ले" or "को" after a player's name reads as a separate word.
 */
describe('Nepali: postpositions joined to a player\'s name', () => {
  const APART = /\{(name|host)\} (ले|को|लाई|सँग|का|की)(?![\p{L}\p{M}])/u;
  it('finds one written apart, and not one joined', () => {
    expect(APART.test('{name} ले चाल खेल्नुभयो।')).toBe(true);
    expect(APART.test('{name}ले चाल खेल्नुभयो।')).toBe(false);
  });
  it('ne', () => {
    const apart = Object.entries(flatCatalogue('ne')).filter(([, text]) => APART.test(text)).map(([key]) => key);
    expect(apart).toEqual([]);
  });
});
