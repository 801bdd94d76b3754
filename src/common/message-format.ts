/**
 * A small ICU MessageFormat subset for the English message modules of issue #20 (until the i18n
 * catalogues of issue #19 bring a real ICU library): `{name}` arguments and
 * `{name, plural, one {…} other {…}}` (`=N` cases too, `#` is the number). Pure: the browser client
 * uses it as well.
 */
export type MessageArgs = Record<string, string | number>;

const plurals = new Intl.PluralRules('en');

/** The index of the `}` closing the `{` at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

function plural(body: string, n: number, args: MessageArgs): string {
  const cases = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const key = /^\s*(=\d+|zero|one|two|few|many|other)\s*/.exec(body.slice(i));
    if (!key) break;
    const open = i + key[0].length;
    const end = closing(body, open);
    if (body[open] !== '{' || end < 0) break;
    cases.set(key[1], body.slice(open + 1, end));
    i = end + 1;
  }
  const chosen = cases.get(`=${n}`) ?? cases.get(plurals.select(n)) ?? cases.get('other') ?? '';
  return formatMessage(chosen.replace(/#/g, String(n)), args);
}

export function formatMessage(template: string, args: MessageArgs = {}): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) break;
    const end = closing(template, open);
    if (end < 0) break;
    out += template.slice(i, open);
    const inner = template.slice(open + 1, end);
    const m = /^\s*(\w+)\s*(?:,\s*plural\s*,([\s\S]*))?$/.exec(inner);
    if (!m) out += template.slice(open, end + 1);
    else if (m[2] !== undefined) out += m[1] in args ? plural(m[2], Number(args[m[1]]), args) : template.slice(open, end + 1);
    else out += m[1] in args ? String(args[m[1]]) : template.slice(open, end + 1);
    i = end + 1;
  }
  return out + template.slice(i);
}
