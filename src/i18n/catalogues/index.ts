/**
 * The six catalogues (one JSON file per language, nested by page: `layout.nav.play`), each
 * compiled once on its first use, English filling any key a translation lacks, plus the
 * pseudo-locale built from English. `translator(lang)` is what the server uses; message keys are
 * typed from en.json, so a wrong key does not compile.
 */
import { compileCatalogue, compilePseudo, flatten, withFallback, type FlatMessages } from '../compile.js';
import { LANGUAGES, PSEUDO_LANGUAGE, type Language, type PageLanguage } from '../languages.js';
import { createTranslator, type Translator } from '../translator.js';
import bn from './bn.json';
import en from './en.json';
import hi from './hi.json';
import ne from './ne.json';
import sw from './sw.json';
import tg from './tg.json';

import type { MessageKey } from '../keys.js';

export type { MessageKey };

/** The catalogues as written (nested), by language. */
export const CATALOGUE_FILES: Readonly<Record<Language, object>> = Object.freeze({ en, bn, sw, hi, ne, tg });

/** The catalogues flattened to dotted keys, as written (no fallback). */
export function flatCatalogue(lang: Language): FlatMessages {
  return flatten(CATALOGUE_FILES[lang] as Parameters<typeof flatten>[0]);
}

const translators = new Map<PageLanguage, Translator<MessageKey>>();
let english: FlatMessages | undefined;

/**
 * One language's translator, compiled on its first use apart from the others: a process that
 * answers in English only (most test files) never parses the other catalogues, where all seven
 * together cost about 0.2 CPU-s (profiled).
 */
function build(lang: PageLanguage): Translator<MessageKey> {
  english ??= flatCatalogue('en');
  if (lang === PSEUDO_LANGUAGE) return createTranslator<MessageKey>(PSEUDO_LANGUAGE, compilePseudo(english));
  return createTranslator<MessageKey>(lang, compileCatalogue(withFallback(flatCatalogue(lang), english)));
}

/** The translator of a page language (English for one it does not know), compiled on first use. */
export function translator(lang: PageLanguage): Translator<MessageKey> {
  const known: PageLanguage = lang === PSEUDO_LANGUAGE || (LANGUAGES as readonly string[]).includes(lang) ? lang : 'en';
  let found = translators.get(known);
  if (!found) {
    found = build(known);
    translators.set(known, found);
  }
  return found;
}
