import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { LeaderboardRules } from './domain/eligibility.js';

/** Arbitrary, fixed: one app copy at a time rebuilds or sweeps the leaderboard. */
const LEADERBOARD_LOCK = 727_002;

/**
 * The one owner of `leaderboard_buckets` (flagged players per rating point) and
 * `leaderboard_settings` (the rules the flags were built with). The flags themselves are columns
 * of `players`: PlayersRepository keeps them.
 */
@Injectable()
export class LeaderboardRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Raw SQL on the caller's transaction, or on the data source (whose `query` a bench may record). */
  private query<T>(sql: string, params: unknown[], manager?: EntityManager): Promise<T> {
    return (manager ?? this.dataSource).query(sql, params);
  }

  /** How many players are on the leaderboard: the sum of the buckets. */
  async total(manager?: EntityManager): Promise<number> {
    const rows: { n: string | null }[] = await this.query('SELECT sum(players) AS n FROM leaderboard_buckets', [], manager);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Adds these deltas to the bucket counts, in the caller's transaction. `deltas` must be in
   * ascending bucket order (bucketDeltas' order): rows are locked in it, so writers never deadlock.
   */
  async addToBuckets(manager: EntityManager, deltas: readonly (readonly [bucket: number, delta: number])[]): Promise<void> {
    for (const [bucket, delta] of deltas) {
      await manager.query(
        `INSERT INTO leaderboard_buckets (bucket, players) VALUES ($1, $2)
         ON CONFLICT (bucket) DO UPDATE SET players = leaderboard_buckets.players + EXCLUDED.players`,
        [bucket, delta],
      );
    }
  }

  /** Every stored bucket count, ascending (zeros included). */
  async buckets(manager?: EntityManager): Promise<[number, number][]> {
    const rows: { bucket: number; players: number }[] = await this.query('SELECT bucket, players FROM leaderboard_buckets ORDER BY bucket', [], manager);
    return rows.map((r) => [r.bucket, r.players]);
  }

  /** Serialises rebuilds across app copies until the caller's transaction ends. */
  async lockForRebuild(manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [LEADERBOARD_LOCK]);
  }

  /** Holds off bucket writes (game ends) until the caller's transaction ends; reads go on. */
  async lockBuckets(manager: EntityManager): Promise<void> {
    await manager.query('LOCK TABLE leaderboard_buckets IN EXCLUSIVE MODE');
  }

  /** Replaces every bucket count with these (bucket, players) pairs. */
  async replaceBuckets(manager: EntityManager, counts: readonly (readonly [bucket: number, players: number])[]): Promise<void> {
    await manager.query('DELETE FROM leaderboard_buckets');
    if (counts.length === 0) return;
    await manager.query('INSERT INTO leaderboard_buckets (bucket, players) SELECT * FROM unnest($1::int[], $2::int[])', [
      counts.map(([b]) => b),
      counts.map(([, n]) => n),
    ]);
  }

  /** The rules the flags and buckets were last built with, or null before the first build. */
  async settings(manager?: EntityManager): Promise<LeaderboardRules | null> {
    const rows: { min_games: number; active_days: number }[] = await this.query('SELECT min_games, active_days FROM leaderboard_settings WHERE id = 1', [], manager);
    return rows[0] ? { minGames: rows[0].min_games, activeDays: rows[0].active_days } : null;
  }

  async saveSettings(manager: EntityManager, rules: LeaderboardRules): Promise<void> {
    await manager.query(
      `INSERT INTO leaderboard_settings (id, min_games, active_days, rebuilt_at) VALUES (1, $1, $2, now())
       ON CONFLICT (id) DO UPDATE SET min_games = EXCLUDED.min_games, active_days = EXCLUDED.active_days, rebuilt_at = now()`,
      [rules.minGames, rules.activeDays],
    );
  }
}
