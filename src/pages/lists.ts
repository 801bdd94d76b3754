/**
 * Lists of words ("d3, c4, f5 and e6", "30 or 60") in a page's language, through Intl.ListFormat.
 * Node's and browsers' ICU have no list patterns for Tajik (Intl falls back to "a, b, c" and
 * "30, ё 60"), so Tajik's are pinned here: "a, b ва c", "a, b ё c". CLDR's Hindi puts a comma before
 * the last word ("a, b, और c"), which Hindi does not write: it goes ("a, b और c"). Pure: the
 * server's views and the browser client use it alike.
 */

type ListType = 'conjunction' | 'disjunction';

const TAJIK: Record<ListType, string> = { conjunction: 'ва', disjunction: 'ё' };

function list(items: readonly string[], locale: string, type: ListType): string {
  if (locale === 'tg' || locale.startsWith('tg-')) {
    if (items.length <= 1) return items.join('');
    return `${items.slice(0, -1).join(', ')} ${TAJIK[type]} ${items[items.length - 1]}`;
  }
  const text = new Intl.ListFormat(locale, { type }).format(items);
  if (locale === 'hi' || locale.startsWith('hi-')) return text.replace(/, (और|या) (?=[^,]*$)/u, ' $1 ');
  return text;
}

/** "a, b and c" in `locale`. */
export function listAnd(items: readonly string[], locale: string): string {
  return list(items, locale, 'conjunction');
}

/** "a, b or c" in `locale`. */
export function listOr(items: readonly string[], locale: string): string {
  return list(items, locale, 'disjunction');
}
