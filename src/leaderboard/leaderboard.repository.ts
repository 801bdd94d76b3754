import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql, table } from '../database/sql.js';
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

/** A row of `leaderboard_buckets`. */
interface BucketRow {
  bot: boolean;
  bucket: number;
  players: number;
}

/** The `leaderboard_buckets` table. */
const BUCKETS = table<BucketRow>('leaderboard_buckets', {
  bot: ['bot', 'boolean'],
  bucket: ['bucket', 'int'],
  players: ['players', 'int'],
});

/** The `leaderboard_settings` row (id 1): the rules the flags were built with. */
const SETTINGS = table<StoredLeaderboardRules>('leaderboard_settings', {
  version: ['rules_version', 'int'],
  minGames: ['min_games', 'int'],
  activeDays: ['active_days', 'int'],
  provisionalRd: ['provisional_rd', 'double precision'],
  periodsPerDay: ['periods_per_day', 'double precision'],
  maxRd: ['max_rd', 'double precision'],
});
const SETTINGS_KEYS = Object.keys(SETTINGS.columns) as (keyof StoredLeaderboardRules)[];

const BUCKET_KEYS = ['bot', 'bucket', 'players'] as const;
const TOTAL = sql<{ bot: boolean }, { n: string | null }>(null, (p) => `SELECT sum(players) AS n FROM ${BUCKETS.name} WHERE bot = ${p.bot}`);
const ADD_TO_BUCKET = sql<BucketRow>(
  'leaderboard_add_to_bucket',
  (p) => `INSERT INTO ${BUCKETS.name} AS b (${BUCKETS.names(BUCKET_KEYS)}) VALUES (${p.bot}, ${p.bucket}, ${p.players})
    ON CONFLICT (bot, bucket) DO UPDATE SET players = b.players + EXCLUDED.players`,
);
const ALL_BUCKETS = sql<Record<string, never>, BucketRow>(null, () => `SELECT ${BUCKETS.select('b')} FROM ${BUCKETS.name} b ORDER BY b.bot, b.bucket`);
const ADVISORY_XACT_LOCK = sql<{ key: number }>(null, (p) => `SELECT pg_advisory_xact_lock(${p.key})`);
const LOCK_BUCKETS = sql<Record<string, never>>(null, () => `LOCK TABLE ${BUCKETS.name} IN EXCLUSIVE MODE`);
const DELETE_BUCKETS = sql<Record<string, never>>(null, () => `DELETE FROM ${BUCKETS.name}`);
const INSERT_BUCKETS = sql<{ bots: boolean[]; buckets: number[]; players: number[] }>(
  null,
  (p) => `INSERT INTO ${BUCKETS.name} (${BUCKETS.names(BUCKET_KEYS)}) SELECT * FROM unnest(${p.bots}::boolean[], ${p.buckets}::int[], ${p.players}::int[])`,
);
/** Nullable columns (rows from before they existed) read as null. */
const READ_SETTINGS = sql<Record<string, never>, { [K in keyof StoredLeaderboardRules]: number | null }>(
  null,
  () => `SELECT ${SETTINGS.select('s')} FROM ${SETTINGS.name} s WHERE s.id = 1`,
);
const SAVE_SETTINGS = sql<StoredLeaderboardRules>(
  null,
  (p) => `INSERT INTO ${SETTINGS.name} (id, ${SETTINGS.names(SETTINGS_KEYS)}, rebuilt_at)
    VALUES (1, ${SETTINGS_KEYS.map((k) => p[k]).join(', ')}, now())
    ON CONFLICT (id) DO UPDATE SET ${SETTINGS_KEYS.map((k) => `${SETTINGS.col(k)} = EXCLUDED.${SETTINGS.col(k)}`).join(', ')}, rebuilt_at = now()`,
);

/**
 * The one owner of `leaderboard_buckets` (flagged players per leaderboard and rating point) and
 * `leaderboard_settings` (the rules the flags were built with). The flags themselves are columns
 * of `players`: PlayersRepository keeps them.
 */
@Injectable()
export class LeaderboardRepository {
  constructor(private readonly db: Db) {}

  /** How many players are on the humans' (or the bots') leaderboard: the sum of its buckets. */
  async total(bot = false): Promise<number> {
    const row = await this.db.first(TOTAL({ bot }));
    return Number(row?.n ?? 0);
  }

  /**
   * Adds these deltas to the bucket counts, in the caller's transaction. `deltas` must be in
   * bucketDeltas' order (humans first, ascending bucket): rows are locked in it, so writers never deadlock.
   */
  async addToBuckets(deltas: readonly BucketDelta[]): Promise<void> {
    for (const [bot, bucket, players] of deltas) await this.db.query(ADD_TO_BUCKET({ bot, bucket, players }));
  }

  /** Every stored bucket count (zeros included), humans' first, ascending. */
  async buckets(): Promise<BucketCount[]> {
    return (await this.db.query(ALL_BUCKETS({}))).map((r) => [r.bot, r.bucket, r.players]);
  }

  /** Serialises rebuilds across app copies until the caller's transaction ends. */
  async lockForRebuild(): Promise<void> {
    await this.db.query(ADVISORY_XACT_LOCK({ key: LEADERBOARD_LOCK }));
  }

  /** Holds off bucket writes (game ends) until the caller's transaction ends; reads go on. */
  async lockBuckets(): Promise<void> {
    await this.db.query(LOCK_BUCKETS({}));
  }

  /** Replaces every bucket count with these. */
  async replaceBuckets(counts: readonly BucketCount[]): Promise<void> {
    await this.db.query(DELETE_BUCKETS({}));
    if (counts.length === 0) return;
    await this.db.query(INSERT_BUCKETS({ bots: counts.map(([bot]) => bot), buckets: counts.map(([, b]) => b), players: counts.map(([, , n]) => n) }));
  }

  /** The rules the flags and buckets were last built with, or null before the first build. */
  async settings(): Promise<StoredLeaderboardRules | null> {
    const r = await this.db.first(READ_SETTINGS({}));
    if (!r) return null;
    return {
      version: r.version ?? NaN,
      minGames: r.minGames ?? NaN,
      activeDays: r.activeDays ?? NaN,
      // NaN never equals a configured value: a row from before these columns reads as other rules.
      provisionalRd: r.provisionalRd ?? NaN,
      periodsPerDay: r.periodsPerDay ?? NaN,
      maxRd: r.maxRd ?? NaN,
    };
  }

  async saveSettings(rules: StoredLeaderboardRules): Promise<void> {
    await this.db.query(SAVE_SETTINGS(rules));
  }
}
