/**
 * The six catalogues (one JSON file per language, nested by page: `layout.nav.play`), compiled
 * once at startup, English filling any key a translation lacks, plus the pseudo-locale built
 * from English. `translator(lang)` is what the server uses; message keys are typed from en.json,
 * so a wrong key does not compile.
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

let translators: Map<PageLanguage, Translator<MessageKey>> | undefined;

function build(): Map<PageLanguage, Translator<MessageKey>> {
  const english = flatCatalogue('en');
  const out = new Map<PageLanguage, Translator<MessageKey>>();
  for (const lang of LANGUAGES) {
    out.set(lang, createTranslator<MessageKey>(lang, compileCatalogue(withFallback(flatCatalogue(lang), english))));
  }
  out.set(PSEUDO_LANGUAGE, createTranslator<MessageKey>(PSEUDO_LANGUAGE, compilePseudo(english)));
  return out;
}

/** The translator of a page language (all six and the pseudo-locale compiled on first use). */
export function translator(lang: PageLanguage): Translator<MessageKey> {
  translators ??= build();
  return translators.get(lang) ?? translators.get('en')!;
}
