/**
 * `msg(key, params)`: a message of ./messages.en.ts formatted with its arguments (ICU
 * MessageFormat, by intl-messageformat: no eval, so the strict CSP holds). A wrong key is a
 * compile error. An argument may itself be a Text (formatted first).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { en, type MessageKey } from './messages.en';

export type { MessageKey } from './messages.en';
/** A message named by the state modules and shown by the views (no DOM, no language in state). */
export interface Text {
  readonly key: MessageKey;
  readonly params?: Params;
}

export type Params = Readonly<Record<string, string | number | boolean | Text>>;

/** A Text. */
export const t = (key: MessageKey, params?: Params): Text => ({ key, params });

const LOCALE = 'en';
const compiled = new Map<MessageKey, IntlMessageFormat>();

/** The formatted message. Numbers pass through Intl in the page's language: give ratings and squares as strings. */
export function msg(key: MessageKey, params?: Params): string {
  let format = compiled.get(key);
  if (!format) compiled.set(key, (format = new IntlMessageFormat(en[key], LOCALE)));
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params ?? {})) values[k] = typeof v === 'object' ? msg(v.key, v.params) : typeof v === 'boolean' ? String(v) : v;
  return String(format.format(values));
}

/** A Text as a string. */
export const show = (text: Text): string => msg(text.key, text.params);
