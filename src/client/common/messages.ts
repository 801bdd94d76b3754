/**
 * `msg(key, params)`: a message of the `client` section of the page's language catalogue
 * (src/i18n/catalogues/<lang>.json), formatted with its arguments by the client's translator
 * (../i18n: ICU MessageFormat through intl-messageformat, precompiled, no eval, so the strict CSP
 * holds). A wrong key is a compile error. An argument may itself be a Text (formatted first).
 */
import type en from '../../i18n/catalogues/en.json';
import { i18n } from '../i18n';

/** A key of the catalogues' `client` section. */
export type MessageKey = keyof typeof en.client;

/** A message named by the state modules and shown by the views (no DOM, no language in state). */
export interface Text {
  readonly key: MessageKey;
  readonly params?: Params;
}

export type Params = Readonly<Record<string, string | number | boolean | Text>>;

/** A Text. */
export const t = (key: MessageKey, params?: Params): Text => ({ key, params });

/** The formatted message. Numbers pass through Intl in the page's language: give ratings and squares as strings. */
export function msg(key: MessageKey, params?: Params): string {
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params ?? {})) values[k] = typeof v === 'object' ? msg(v.key, v.params) : typeof v === 'boolean' ? String(v) : v;
  return i18n.t(`client.${key}`, values);
}

/** A Text as a string. */
export const show = (text: Text): string => msg(text.key, text.params);

/** A failed request's sentence (already in the reader's language: ApiError chose it), as a Text. */
export const errorMessage = (e: unknown): Text => t('server.message', { message: (e as Error).message });
