/**
 * Catalogue compilation, shared by the server (at startup) and the client build
 * (scripts/build-client.ts, which can import packages and this file only: keep it free of
 * relative imports). A catalogue is nested JSON (page → key → ICU message); compiled, it is a
 * flat map from dotted key to either a plain string (a message without arguments, tags or
 * escapes) or the parsed ICU AST, so the browser needs no parser.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** A catalogue file as written: nested objects whose leaves are ICU messages. */
export interface NestedMessages {
  [key: string]: string | NestedMessages;
}

/** Dotted key → ICU message source. */
export type FlatMessages = Record<string, string>;

/** Dotted key → plain text, or the message's AST. */
export type CompiledMessages = Record<string, string | MessageFormatElement[]>;

/**
 * The top-level sections (pages) of a catalogue that the browser client needs: its bundle
 * carries these only. `client` (the client's own texts), `errors` (an API error code's text),
 * `common`, `learn` (the lesson runs in the browser).
 */
export const CLIENT_SECTIONS: readonly string[] = Object.freeze(['common', 'client', 'errors', 'learn']);

/** The pseudo-locale's tag (see languages.ts). */
export const PSEUDO_TAG = 'en-XA';

/** Flattens a nested catalogue into dotted keys; throws on anything but strings and objects. */
export function flatten(nested: NestedMessages, prefix = '', out: FlatMessages = {}): FlatMessages {
  for (const [key, value] of Object.entries(nested)) {
    if (key === '$comment') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, path, out);
    else throw new Error(`catalogue key ${path}: a message must be a string`);
  }
  return out;
}

/** Parses an ICU message; throws with the key's name when its syntax is wrong. */
export function parseMessage(key: string, source: string): MessageFormatElement[] {
  try {
    return parse(source, { requiresOtherClause: true });
  } catch (err) {
    throw new Error(`catalogue key ${key}: ${(err as Error).message} in ${JSON.stringify(source)}`);
  }
}

/** A message's AST, or its text when it is literal only. */
export function compileAst(ast: MessageFormatElement[]): string | MessageFormatElement[] {
  if (ast.every((el) => el.type === TYPE.literal)) return ast.map((el) => (el as { value: string }).value).join('');
  return ast;
}

/**
 * `messages` over `fallback` (English): every key of the fallback, in the language when it has
 * it; keys the fallback lacks are dropped (a stale key in a translation does nothing).
 */
export function withFallback(messages: FlatMessages, fallback: FlatMessages): FlatMessages {
  const out: FlatMessages = {};
  for (const [key, value] of Object.entries(fallback)) out[key] = Object.prototype.hasOwnProperty.call(messages, key) ? messages[key] : value;
  return out;
}

/** Compiles every message (throws on the first bad one), optionally only some sections. */
export function compileCatalogue(messages: FlatMessages, sections?: readonly string[]): CompiledMessages {
  const out: CompiledMessages = {};
  for (const [key, source] of Object.entries(messages)) {
    if (sections && !sections.includes(key.slice(0, key.indexOf('.')))) continue;
    out[key] = compileAst(parseMessage(key, source));
  }
  return out;
}

// ---- the pseudo-locale -------------------------------------------------------------------------

const ACCENTED: Record<string, string> = {
  a: 'å', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};
const VOWELS = 'aeiouAEIOU';

/**
 * Pseudo-localised text: every letter accented, every vowel doubled (about 40% longer, as
 * translations often are), so untranslated text and layouts that cannot grow stand out.
 */
export function pseudoText(text: string): string {
  let out = '';
  for (const ch of text) {
    const accented = ACCENTED[ch] ?? ch;
    out += VOWELS.includes(ch) ? accented + accented : accented;
  }
  return out;
}

function pseudoElements(ast: MessageFormatElement[]): MessageFormatElement[] {
  return ast.map((el) => {
    switch (el.type) {
      case TYPE.literal:
        return { ...el, value: pseudoText(el.value) };
      case TYPE.plural:
      case TYPE.select: {
        const options: typeof el.options = {};
        for (const [k, opt] of Object.entries(el.options)) options[k] = { ...opt, value: pseudoElements(opt.value) };
        return { ...el, options } as MessageFormatElement;
      }
      case TYPE.tag:
        return { ...el, children: pseudoElements(el.children) };
      default:
        return el;
    }
  });
}

/** A message's AST in the pseudo-locale: its text pseudo-localised, between ⟦ and ⟧ (a cut end shows). */
export function pseudoAst(ast: MessageFormatElement[]): MessageFormatElement[] {
  return [{ type: TYPE.literal, value: '⟦' }, ...pseudoElements(ast), { type: TYPE.literal, value: '⟧' }];
}

/** The pseudo-locale's catalogue, compiled from English. */
export function compilePseudo(english: FlatMessages, sections?: readonly string[]): CompiledMessages {
  const out: CompiledMessages = {};
  for (const [key, source] of Object.entries(english)) {
    if (sections && !sections.includes(key.slice(0, key.indexOf('.')))) continue;
    out[key] = compileAst(pseudoAst(parseMessage(key, source)));
  }
  return out;
}
