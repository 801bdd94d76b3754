/**
 * The leaderboard's eligibility rule, stated once: each condition has its TypeScript form (for the
 * rating transaction, which decides a player's flag from the values it is about to write) and its
 * SQL form (for the rebuild, the expiry sweep and `ratings verify`, which decide over the rows).
 * Adding a condition is one entry in CONDITIONS; the table test in test/e2e/eligibility checks
 * that both forms agree.
 */

export interface LeaderboardRules {
  minGames: number;
  activeDays: number;
}

/** What eligibility looks at, in a player's row (column names in SQL: see `column`). */
export interface EligibilityFacts {
  guest: boolean;
  games: number;
  lastRatedAt: Date | null;
}

/** The SQL side of a condition: a column of the player row, and the parameter placeholders. */
export interface SqlTerms {
  column(name: 'guest' | 'games' | 'last_rated_at'): string;
  minGames: string;
  activeDays: string;
  /** The instant eligibility is judged at, as an SQL expression. */
  at: string;
}

interface Condition {
  /** What it asks of a player. */
  name: string;
  holds(p: EligibilityFacts, rules: LeaderboardRules, at: Date): boolean;
  /** Must be true or false, never NULL, for every row. */
  sql(t: SqlTerms): string;
}

const DAY_MS = 86_400_000;

const CONDITIONS: readonly Condition[] = [
  {
    name: 'registered (not a guest)',
    holds: (p) => !p.guest,
    sql: (t) => `NOT ${t.column('guest')}`,
  },
  {
    name: 'enough rated games',
    holds: (p, rules) => p.games >= rules.minGames,
    sql: (t) => `${t.column('games')} >= ${t.minGames}`,
  },
  {
    name: 'a rated game in the active window',
    holds: (p, rules, at) => p.lastRatedAt !== null && at.getTime() - p.lastRatedAt.getTime() <= rules.activeDays * DAY_MS,
    // Whole 24-hour days, like the TypeScript form (a `days` interval would follow DST).
    sql: (t) =>
      `(${t.column('last_rated_at')} IS NOT NULL AND ${t.column('last_rated_at')} >= ${t.at} - make_interval(hours => 24 * ${t.activeDays}))`,
  },
];

/** On the leaderboard at `at`: registered, enough rated games, one of them recent. */
export function isEligible(p: EligibilityFacts, rules: LeaderboardRules, at: Date): boolean {
  return CONDITIONS.every((c) => c.holds(p, rules, at));
}

/**
 * The same rule as an SQL boolean expression over the players row aliased `alias` (never NULL).
 * `params` are the placeholders (or literals) of the rules, e.g. `{ minGames: '$1', activeDays: '$2' }`;
 * `at` defaults to `now()` (the transaction's start).
 */
export function eligibleSql(alias: string, params: { minGames: string; activeDays: string; at?: string }): string {
  const terms: SqlTerms = {
    column: (name) => `${alias}.${name}`,
    minGames: params.minGames,
    activeDays: params.activeDays,
    at: params.at ?? 'now()',
  };
  return `(${CONDITIONS.map((c) => c.sql(terms)).join(' AND ')})`;
}
