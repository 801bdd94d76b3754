import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { Db } from '../database/db.js';
import { sql } from '../database/sql.js';
import { Periodic } from '../common/periodic.js';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** How often each app copy deletes the windows that ended (ms). */
export const SWEEP_INTERVAL_MS = 60_000;
/** The throttler never counts past this (the column is an integer). */
const MAX_HITS = 1_000_000_000;

/** Counts a hit in the key's window (a new window when the last one ended). */
const INCREMENT = sql<{ key: string; ttlMs: number }, { hits: number; msLeft: string }>(
  'rate_limit_increment',
  (p) => `INSERT INTO rate_limit_counters AS c (key, hits, expires_at)
    VALUES (${p.key}, 1, clock_timestamp() + ${p.ttlMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN c.expires_at <= clock_timestamp() THEN 1 ELSE LEAST(c.hits + 1, ${MAX_HITS}) END,
      expires_at = CASE WHEN c.expires_at <= clock_timestamp() THEN EXCLUDED.expires_at ELSE c.expires_at END
    RETURNING hits, GREATEST(0, ceil(extract(epoch FROM c.expires_at - clock_timestamp()) * 1000)) AS "msLeft"`,
);
const SWEEP = sql<Record<string, never>, { n: number }>(
  null,
  () => `WITH gone AS (DELETE FROM rate_limit_counters WHERE expires_at <= clock_timestamp() RETURNING 1) SELECT count(*)::int AS n FROM gone`,
);

/**
 * @nestjs/throttler's storage in PostgreSQL (table rate_limit_counters): one fixed window per key,
 * counted by one atomic upsert, so every app copy on the database shares the same counts. A
 * refused request still counts; the window, and any block, ends `ttl` after its first request.
 * This table's only reader and writer.
 */
@Injectable()
export class PgThrottlerStorage implements ThrottlerStorage, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(PgThrottlerStorage.name);
  private readonly sweeper = new Periodic(
    () => this.sweepExpired(),
    (err) => this.logger.warn(`rate-limit sweep failed: ${String(err)}`),
  );

  constructor(private readonly db: Db) {}

  onModuleInit(): void {
    this.sweeper.start(SWEEP_INTERVAL_MS);
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeper.stop();
  }

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const rows = await this.db.query(INCREMENT({ key: `${throttlerName}:${key}`.slice(0, 128), ttlMs: Math.max(1, Math.round(ttl)) }));
    const hits = Number(rows[0].hits);
    const secondsLeft = Math.max(1, Math.ceil(Number(rows[0].msLeft) / 1000));
    const isBlocked = hits > limit;
    return { totalHits: hits, timeToExpire: secondsLeft, isBlocked, timeToBlockExpire: isBlocked ? secondsLeft : 0 };
  }

  /** Deletes the windows that have ended; returns how many. */
  async sweepExpired(): Promise<number> {
    const rows = await this.db.query(SWEEP({}));
    return rows[0].n;
  }
}
