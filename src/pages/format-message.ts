/**
 * A stopgap formatter for the ICU-style messages of rules.messages.en.ts until the site's message
 * catalogues (src/i18n, issue #19) land: `{name}`, `{n, plural, =0 {…} one {…} other {…}}` with `#`,
 * and `{c, select, black {…} other {…}}`. The messages are written in ICU MessageFormat, so moving
 * them into the catalogues is a copy; this file then goes away. Pure, for the server and the client.
 */

export type MessageParams = Readonly<Record<string, string | number>>;

interface Cursor {
  readonly text: string;
  pos: number;
}

/** Reads literal text and placeholders up to an unmatched `}` (or the end). */
function readText(c: Cursor, params: MessageParams, locale: string, pound: string | null): string {
  let out = '';
  while (c.pos < c.text.length) {
    const ch = c.text[c.pos];
    if (ch === '}') break;
    if (ch === '{') {
      c.pos++;
      out += readArgument(c, params, locale);
    } else if (ch === '#' && pound !== null) {
      out += pound;
      c.pos++;
    } else if (ch === "'" && c.text[c.pos + 1] === "'") {
      out += "'";
      c.pos += 2;
    } else {
      out += ch;
      c.pos++;
    }
  }
  return out;
}

function readName(c: Cursor): string {
  const m = /^\s*([A-Za-z0-9_=]+)\s*/.exec(c.text.slice(c.pos));
  if (!m) throw new SyntaxError(`bad message at ${c.pos}: ${c.text}`);
  c.pos += m[0].length;
  return m[1];
}

function expect(c: Cursor, ch: string): void {
  while (c.text[c.pos] === ' ') c.pos++;
  if (c.text[c.pos] !== ch) throw new SyntaxError(`expected "${ch}" at ${c.pos}: ${c.text}`);
  c.pos++;
}

function show(value: string | number | undefined, name: string, locale: string): string {
  if (value === undefined) throw new RangeError(`missing message parameter "${name}"`);
  return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : value;
}

/** After the opening `{`: a plain argument, a plural or a select; consumes the closing `}`. */
function readArgument(c: Cursor, params: MessageParams, locale: string): string {
  const name = readName(c);
  const value = params[name];
  if (c.text[c.pos] === '}') {
    c.pos++;
    return show(value, name, locale);
  }
  expect(c, ',');
  const kind = readName(c);
  if (kind !== 'plural' && kind !== 'select') throw new SyntaxError(`unsupported argument type ${kind}: ${c.text}`);
  expect(c, ',');
  const shown = show(value, name, locale);
  const wanted =
    kind === 'plural' ? [`=${Number(value)}`, new Intl.PluralRules(locale).select(Number(value)), 'other'] : [String(value), 'other'];
  let chosen: string | null = null;
  let chosenRank = Infinity;
  for (;;) {
    while (c.text[c.pos] === ' ') c.pos++;
    if (c.text[c.pos] === '}') {
      c.pos++;
      break;
    }
    const key = readName(c);
    expect(c, '{');
    const body = readText(c, params, locale, kind === 'plural' ? shown : null);
    expect(c, '}');
    const rank = wanted.indexOf(key);
    if (rank >= 0 && rank < chosenRank) {
      chosen = body;
      chosenRank = rank;
    }
  }
  if (chosen === null) throw new SyntaxError(`no "other" case: ${c.text}`);
  return chosen;
}

/** Formats one ICU-style message in `locale`. Throws on a missing parameter or a malformed message. */
export function formatMessage(message: string, params: MessageParams = {}, locale = 'en'): string {
  const c: Cursor = { text: message, pos: 0 };
  const out = readText(c, params, locale, null);
  if (c.pos !== message.length) throw new SyntaxError(`unbalanced "}" at ${c.pos}: ${message}`);
  return out;
}

/** "a, b or c" in `locale`. */
export function listOr(items: readonly string[], locale = 'en'): string {
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(items);
}

/** "a, b and c" in `locale`. */
export function listAnd(items: readonly string[], locale = 'en'): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
}
