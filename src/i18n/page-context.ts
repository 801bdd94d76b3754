import { translator } from './catalogues/index.js';
import type { MessageKey } from './keys.js';
import type { PageLanguage } from './languages.js';
import type { LanguageSource } from './negotiate.js';
import type { Translator } from './translator.js';

/** What a server-rendered page needs to speak the request's language. */
export interface PageContext {
  readonly t: Translator<MessageKey>;
  readonly lang: PageLanguage;
  /** What decided the language (the browser client saves a signed-in player's choice when it was `query`). */
  readonly source: LanguageSource;
  /** The page's path and query, without `lang` (the picker and the hreflang links add their own). */
  readonly path: string;
}

/** The page context of a language, e.g. for rendering a view in a test: `pageContextOf('bn', '/play')`. */
export function pageContextOf(lang: PageLanguage, path = '/', source: LanguageSource = 'default'): PageContext {
  return { t: translator(lang), lang, source, path };
}
