/**
 * Plural rules, with Tajik pinned. Node's ICU (and today's browsers) has no plural rules for `tg`:
 * `new Intl.PluralRules('tg')` silently falls back to the default locale (en-US), whose rule puts
 * 0 in "other". CLDR gives Tajik Persian's rule (CLDR-19513: `tg` joins `fa`'s group):
 *   one:   i = 0 or n = 1      (0, 1, and every decimal below 1)
 *   other: everything else
 * (In Tajik, as in Persian, a noun after a numeral stays singular, so "one" and "other" texts
 * are often the same; the catalogue still gives both.)
 */

type PluralCategory = Intl.LDMLPluralRule;

/** The locales whose rules we pin ourselves, by base language. */
const PINNED: Readonly<Record<string, { categories: PluralCategory[]; select(n: number): PluralCategory }>> = {
  tg: {
    categories: ['one', 'other'],
    select(n: number): PluralCategory {
      const abs = Math.abs(n);
      const i = Math.trunc(abs);
      return i === 0 || abs === 1 ? 'one' : 'other';
    },
  },
};

function baseLanguage(locale: string): string {
  return locale.split(/[-_]/)[0].toLowerCase();
}

/**
 * An Intl.PluralRules for `locale`, or the pinned rule when the runtime's ICU has none (cardinal
 * rules only: ordinal Tajik has a single "other" form, which the fallback gives too).
 */
export function pluralRules(locales?: string | string[], options?: Intl.PluralRulesOptions): Intl.PluralRules {
  const locale = Array.isArray(locales) ? locales[0] : locales;
  const pinned = locale ? PINNED[baseLanguage(locale)] : undefined;
  if (!pinned) return new Intl.PluralRules(locales, options);
  if (options?.type === 'ordinal') {
    return Object.assign(Object.create(Intl.PluralRules.prototype) as Intl.PluralRules, {
      select: (): PluralCategory => 'other',
      resolvedOptions: () => ({ ...new Intl.PluralRules('en', options).resolvedOptions(), locale: baseLanguage(locale!), pluralCategories: ['other'] as PluralCategory[] }),
    });
  }
  return Object.assign(Object.create(Intl.PluralRules.prototype) as Intl.PluralRules, {
    select: (n: number): PluralCategory => pinned.select(n),
    resolvedOptions: () => ({ ...new Intl.PluralRules('en', options).resolvedOptions(), locale: baseLanguage(locale!), pluralCategories: [...pinned.categories] }),
  });
}

/** The cardinal plural categories a language's messages must give (besides "other"). */
export function pluralCategories(locale: string): PluralCategory[] {
  return pluralRules(locale).resolvedOptions().pluralCategories as PluralCategory[];
}
