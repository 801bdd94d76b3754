import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import type { BucketDelta } from './domain/buckets.js';
import { LeaderboardRules } from './domain/eligibility.js';

/** Arbitrary, fixed: one app copy at a time rebuilds or sweeps the leaderboard. */
const LEADERBOARD_LOCK = 727_002;

/** The rules the flags were built with, and the version of the rule's conditions. */
export interface StoredLeaderboardRules extends LeaderboardRules {
  version: number;
}

/** A bucket count: which leaderboard (bots' or humans'), which rating point, how many players. */
export type BucketCount = [bot: boolean, bucket: number, players: number];

/**
 * The one owner of `leaderboard_buckets` (flagged players per leaderboard and rating point) and
 * `leaderboard_settings` (the rules the flags were built with). The flags themselves are columns
 * of `players`: PlayersRepository keeps them.
 */
@Injectable()
export class LeaderboardRepository {
  constructor(private readonly db: Db) {}

  private query<T>(sql: string, params: unknown[] = []): Promise<T> {
    return this.db.query(sql, params) as Promise<T>;
  }

  /** How many players are on the humans' (or the bots') leaderboard: the sum of its buckets. */
  async total(bot = false): Promise<number> {
    const rows: { n: string | null }[] = await this.query('SELECT sum(players) AS n FROM leaderboard_buckets WHERE bot = $1', [bot]);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Adds these deltas to the bucket counts, in the caller's transaction. `deltas` must be in
   * bucketDeltas' order (humans first, ascending bucket): rows are locked in it, so writers never deadlock.
   */
  async addToBuckets(deltas: readonly BucketDelta[]): Promise<void> {
    for (const [bot, bucket, delta] of deltas) {
      await this.query(
        `INSERT INTO leaderboard_buckets (bot, bucket, players) VALUES ($1, $2, $3)
         ON CONFLICT (bot, bucket) DO UPDATE SET players = leaderboard_buckets.players + EXCLUDED.players`,
        [bot, bucket, delta],
      );
    }
  }

  /** Every stored bucket count (zeros included), humans' first, ascending. */
  async buckets(): Promise<BucketCount[]> {
    const rows: { bot: boolean; bucket: number; players: number }[] = await this.query(
      'SELECT bot, bucket, players FROM leaderboard_buckets ORDER BY bot, bucket',
    );
    return rows.map((r) => [r.bot, r.bucket, r.players]);
  }

  /** Serialises rebuilds across app copies until the caller's transaction ends. */
  async lockForRebuild(): Promise<void> {
    await this.query('SELECT pg_advisory_xact_lock($1)', [LEADERBOARD_LOCK]);
  }

  /** Holds off bucket writes (game ends) until the caller's transaction ends; reads go on. */
  async lockBuckets(): Promise<void> {
    await this.query('LOCK TABLE leaderboard_buckets IN EXCLUSIVE MODE');
  }

  /** Replaces every bucket count with these. */
  async replaceBuckets(counts: readonly BucketCount[]): Promise<void> {
    await this.query('DELETE FROM leaderboard_buckets');
    if (counts.length === 0) return;
    await this.query('INSERT INTO leaderboard_buckets (bot, bucket, players) SELECT * FROM unnest($1::boolean[], $2::int[], $3::int[])', [
      counts.map(([bot]) => bot),
      counts.map(([, b]) => b),
      counts.map(([, , n]) => n),
    ]);
  }

  /** The rules the flags and buckets were last built with, or null before the first build. */
  async settings(): Promise<StoredLeaderboardRules | null> {
    const rows: {
      min_games: number;
      active_days: number;
      rules_version: number;
      provisional_rd: number | null;
      periods_per_day: number | null;
      max_rd: number | null;
    }[] = await this.query(
      'SELECT min_games, active_days, rules_version, provisional_rd, periods_per_day, max_rd FROM leaderboard_settings WHERE id = 1',
    );
    const r = rows[0];
    if (!r) return null;
    return {
      version: r.rules_version,
      minGames: r.min_games,
      activeDays: r.active_days,
      // NaN never equals a configured value: a row from before these columns reads as other rules.
      provisionalRd: r.provisional_rd ?? NaN,
      periodsPerDay: r.periods_per_day ?? NaN,
      maxRd: r.max_rd ?? NaN,
    };
  }

  async saveSettings(rules: StoredLeaderboardRules): Promise<void> {
    await this.query(
      `INSERT INTO leaderboard_settings (id, min_games, active_days, rules_version, provisional_rd, periods_per_day, max_rd, rebuilt_at)
       VALUES (1, $1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (id) DO UPDATE SET min_games = EXCLUDED.min_games, active_days = EXCLUDED.active_days,
         rules_version = EXCLUDED.rules_version, provisional_rd = EXCLUDED.provisional_rd,
         periods_per_day = EXCLUDED.periods_per_day, max_rd = EXCLUDED.max_rd, rebuilt_at = now()`,
      [rules.minGames, rules.activeDays, rules.version, rules.provisionalRd, rules.periodsPerDay, rules.maxRd],
    );
  }
}
