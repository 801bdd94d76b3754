/**
 * The leaderboard's eligibility rule, stated once: each condition has its TypeScript form (for the
 * rating transaction, which decides a player's flag from the values it is about to write) and its
 * SQL form (for the rebuild, the expiry sweep and `ratings verify`, which decide over the rows).
 * Adding a condition is one entry in CONDITIONS (and a bump of ELIGIBILITY_VERSION, so the flags
 * are rebuilt at the next start); the table test in test/integration/eligibility checks that both
 * forms agree.
 */
import { DEFAULT_GLICKO2_CONFIG, GLICKO2_SCALE, idleDays, inflateRd, PROVISIONAL_RD } from '../../ratings/domain/glicko2.js';

/**
 * Bump when a condition is added, removed or changed: the stored flags and buckets were built with
 * another rule, and the app rebuilds them at start (leaderboard_settings.rules_version).
 * 1: registered, enough games, active. 2: + not provisional. 3: + in good standing (not marked
 * as an engine user by a moderator, not closed).
 */
export const ELIGIBILITY_VERSION = 3;

export interface LeaderboardRules {
  minGames: number;
  activeDays: number;
  /** RD at or above which a player is provisional (and off the leaderboard). */
  provisionalRd: number;
  /** How RD grows while idle (Glicko-2 config): rating periods per idle day, and its cap. */
  periodsPerDay: number;
  maxRd: number;
}

/** The rules from the app's configuration (a structural slice of AppConfig). */
export function leaderboardRules(config: {
  leaderboardMinGames: number;
  leaderboardActiveDays: number;
  ratings: { periodsPerDay: number; maxRd: number };
}): LeaderboardRules {
  return {
    minGames: config.leaderboardMinGames,
    activeDays: config.leaderboardActiveDays,
    provisionalRd: PROVISIONAL_RD,
    periodsPerDay: config.ratings.periodsPerDay,
    maxRd: config.ratings.maxRd,
  };
}

/** What eligibility looks at, in a player's row (column names in SQL: see `column`). */
export interface EligibilityFacts {
  guest: boolean;
  games: number;
  lastRatedAt: Date | null;
  /** RD and volatility as stored (after the last rated game); RD grows from there while idle. */
  rd: number;
  volatility: number;
  /** Set when a moderator marked the account as an engine user. */
  engineMarkedAt: Date | null;
  /** Set when a moderator closed the account. */
  closedAt: Date | null;
}

/** The SQL side of a condition: a column of the player row, and the parameter placeholders. */
export interface SqlTerms {
  column(name: 'guest' | 'games' | 'last_rated_at' | 'rd' | 'volatility' | 'engine_marked_at' | 'closed_at'): string;
  minGames: string;
  activeDays: string;
  provisionalRd: string;
  periodsPerDay: string;
  maxRd: string;
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

/** The RD a player has at `at` (grown while idle, as profiles show it). */
export function rdAt(p: Pick<EligibilityFacts, 'rd' | 'volatility' | 'lastRatedAt'>, rules: Pick<LeaderboardRules, 'periodsPerDay' | 'maxRd'>, at: Date): number {
  return inflateRd(p.rd, p.volatility, idleDays(p.lastRatedAt, at), { ...DEFAULT_GLICKO2_CONFIG, periodsPerDay: rules.periodsPerDay, maxRd: rules.maxRd });
}

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
  {
    name: 'not provisional (RD, grown while idle, below the threshold)',
    holds: (p, rules, at) => rdAt(p, rules, at) < rules.provisionalRd,
    // inflateRd's formula: min(maxRd, √(RD² + idle days × periods per day × (173.7178·σ)²)).
    sql: (t) => {
      const idle = `greatest(0, coalesce(extract(epoch FROM (${t.at} - ${t.column('last_rated_at')}))::float8, 0) / 86400)`;
      const grown = `sqrt(${t.column('rd')} * ${t.column('rd')} + ${idle} * (${t.periodsPerDay})::float8 * power(${GLICKO2_SCALE} * ${t.column('volatility')}, 2))`;
      return `(least((${t.maxRd})::float8, ${grown}) < (${t.provisionalRd})::float8)`;
    },
  },
  {
    name: 'in good standing (not marked as an engine user, not closed)',
    holds: (p) => p.engineMarkedAt === null && p.closedAt === null,
    sql: (t) => `(${t.column('engine_marked_at')} IS NULL AND ${t.column('closed_at')} IS NULL)`,
  },
];

/** On the leaderboard at `at`: registered, enough rated games, one of them recent, not provisional, in good standing. */
export function isEligible(p: EligibilityFacts, rules: LeaderboardRules, at: Date): boolean {
  return CONDITIONS.every((c) => c.holds(p, rules, at));
}

/** Placeholders of the rules as query parameters `$first`…`$first+4`, in eligibilityParams' order. */
export function eligibilityPlaceholders(first = 1): Omit<SqlTerms, 'column' | 'at'> {
  const p = (i: number) => `$${first + i}`;
  return { minGames: p(0), activeDays: p(1), provisionalRd: p(2), periodsPerDay: p(3), maxRd: p(4) };
}

/** The rules' values for eligibilityPlaceholders. */
export function eligibilityParams(rules: LeaderboardRules): number[] {
  return [rules.minGames, rules.activeDays, rules.provisionalRd, rules.periodsPerDay, rules.maxRd];
}

/**
 * The same rule as an SQL boolean expression over the players row aliased `alias` (never NULL).
 * `params` are the placeholders (or literals) of the rules (see eligibilityPlaceholders);
 * `at` defaults to `now()` (the transaction's start).
 */
export function eligibleSql(alias: string, params: Omit<SqlTerms, 'column' | 'at'> & { at?: string }): string {
  const terms: SqlTerms = { ...params, column: (name) => `${alias}.${name}`, at: params.at ?? 'now()' };
  return `(${CONDITIONS.map((c) => c.sql(terms)).join(' AND ')})`;
}
