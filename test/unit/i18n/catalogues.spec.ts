/**
 * Every catalogue has every English key, the same placeholders and tags, the plural categories
 * its language needs, and valid ICU syntax.
 */
import { describe, expect, it } from '@jest/globals';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { flatCatalogue } from '../../../src/i18n/catalogues';
import { parseMessage } from '../../../src/i18n/compile';
import { LANGUAGE_INFO, LANGUAGES } from '../../../src/i18n/languages';
import { pluralCategories } from '../../../src/i18n/plural';

interface Shape {
  args: Set<string>;
  tags: Set<string>;
  plurals: { arg: string; options: string[] }[];
}

function shapeOf(ast: MessageFormatElement[], shape: Shape = { args: new Set(), tags: new Set(), plurals: [] }): Shape {
  for (const el of ast) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) shape.args.add(el.value);
    else if (el.type === TYPE.select || el.type === TYPE.plural) {
      shape.args.add(el.value);
      if (el.type === TYPE.plural) shape.plurals.push({ arg: el.value, options: Object.keys(el.options) });
      for (const opt of Object.values(el.options)) shapeOf(opt.value, shape);
    } else if (el.type === TYPE.tag) {
      shape.tags.add(el.value);
      shapeOf(el.children, shape);
    }
  }
  return shape;
}

const english = flatCatalogue('en');
const sorted = (s: Set<string>) => [...s].sort();

describe('catalogues', () => {
  it('there is one catalogue file per language and no other', () => {
    const files = readdirSync(join(__dirname, '../../../src/i18n/catalogues')).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
  });

  it('English has messages', () => {
    expect(Object.keys(english).length).toBeGreaterThan(10);
  });

  describe.each(LANGUAGES)('%s', (lang) => {
    const messages = flatCatalogue(lang);
    const needed = pluralCategories(LANGUAGE_INFO[lang].intl);

    it('has exactly the English keys', () => {
      expect(Object.keys(messages).filter((k) => !(k in english))).toEqual([]);
      expect(Object.keys(english).filter((k) => !(k in messages))).toEqual([]);
    });

    it('every message parses, is not empty, and has the English placeholders and tags', () => {
      const problems: string[] = [];
      for (const [key, source] of Object.entries(messages)) {
        if (!(key in english)) continue;
        let shape: Shape;
        try {
          shape = shapeOf(parseMessage(key, source));
        } catch (err) {
          problems.push((err as Error).message);
          continue;
        }
        if (source.trim() === '') problems.push(`${key}: empty`);
        const en = shapeOf(parseMessage(key, english[key]));
        if (sorted(shape.args).join() !== sorted(en.args).join()) problems.push(`${key}: placeholders ${sorted(shape.args)} ≠ English ${sorted(en.args)}`);
        if (sorted(shape.tags).join() !== sorted(en.tags).join()) problems.push(`${key}: tags ${sorted(shape.tags)} ≠ English ${sorted(en.tags)}`);
        // Tags and placeholders share one namespace of values: a tag named like a placeholder hides it.
        const clash = [...shape.tags].filter((tag) => shape.args.has(tag));
        if (clash.length) problems.push(`${key}: tag and placeholder both named ${clash}`);
      }
      expect(problems).toEqual([]);
    });

    it(`every plural gives the categories ${lang} needs and no others`, () => {
      const problems: string[] = [];
      for (const [key, source] of Object.entries(messages)) {
        for (const p of shapeOf(parseMessage(key, source)).plurals) {
          const categories = p.options.filter((o) => !o.startsWith('='));
          const missing = needed.filter((c) => !categories.includes(c));
          const extra = categories.filter((c) => !needed.includes(c as Intl.LDMLPluralRule));
          if (missing.length || extra.length) problems.push(`${key} {${p.arg}}: missing ${missing}, not in ${lang}: ${extra}`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
