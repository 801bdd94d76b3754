/**
 * The browser client's translator: the same catalogues and library as the server's pages
 * (src/i18n/), in the page's language.
 *
 * The page names its language in `<html lang>` and loads `/assets/i18n-<lang>-<hash>.js` before
 * the client bundle; that script sets `globalThis.__OUTFLANK_I18N__` to the client's sections of
 * the catalogue (`common`, `client`, `errors`, `learn`), precompiled (scripts/build-client.ts).
 *
 *   import { t, i18n } from '../i18n';
 *   t('client.lobby.findOpponent');                 // typed key: a wrong one does not compile
 *   t('client.game.discs', { count: 12 });          // ICU placeholders and plurals
 *   i18n.number(1234); i18n.date(iso, { dateStyle: 'medium' }); i18n.relativeTime(-3, 'minute');
 *   errorText(err)                                   // an API error's text for its code
 */
import type { CompiledMessages } from '../../i18n/compile';
import type { ClientMessageKey } from '../../i18n/keys';
import { pageLanguageOf, type PageLanguage } from '../../i18n/languages';
import { createTranslator, type MessageValues, type Translator } from '../../i18n/translator';

declare global {
  var __OUTFLANK_I18N__: { lang: string; messages: CompiledMessages } | undefined;
}

export type { ClientMessageKey };

function pageLanguage(): PageLanguage {
  const fromHtml = typeof document === 'undefined' ? null : pageLanguageOf(document.documentElement.lang);
  return fromHtml ?? pageLanguageOf(globalThis.__OUTFLANK_I18N__?.lang) ?? 'en';
}

/** The page's language (`<html lang>`). */
export const lang: PageLanguage = pageLanguage();

/** The translator of the page's language. */
export const i18n: Translator<ClientMessageKey> = createTranslator<ClientMessageKey>(lang, globalThis.__OUTFLANK_I18N__?.messages ?? {});

/** A message in the page's language. */
export function t(key: ClientMessageKey, values?: MessageValues): string {
  return i18n.t(key, values);
}

/**
 * The text the client shows for an API error: its own catalogue's sentence for the error's
 * `code` (`errors.<CODE>`), else `fallback` (e.g. the server's message, already in the page's
 * language since the request carried the language cookie), else a generic sentence.
 */
export function errorText(code: string | undefined, fallback?: string): string {
  const key = `errors.${code ?? ''}`;
  if (code && i18n.has(key)) return i18n.t(key);
  return fallback || i18n.t('errors.INTERNAL_ERROR');
}
