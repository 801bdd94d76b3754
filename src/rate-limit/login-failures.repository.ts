import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { LOGIN_FAILURES_FORGET_MS, type LoginAttempt, type LoginFailures } from '../auth/domain/login-throttle.js';
import { Clock } from '../common/clock.js';
import { Db } from '../database/db.js';
import { sql, table } from '../database/sql.js';
import { SWEEP_INTERVAL_MS } from './pg-throttler-storage.js';
import { Periodic } from '../common/periodic.js';

/** The `login_failures` table: a row per key (a username, or a username on a known device). */
const LOGIN_FAILURES = table<LoginFailures & { key: string }>('login_failures', {
  key: ['key', 'text'],
  failures: ['failures', 'int'],
  blockedUntil: ['blocked_until', 'timestamptz'],
  lastFailureAt: ['last_failure_at', 'timestamptz'],
});

const ENSURE = sql<{ key: string }>(
  null,
  (p) => `INSERT INTO login_failures (${LOGIN_FAILURES.names(['key', 'failures', 'blockedUntil', 'lastFailureAt'])})
    VALUES (${p.key}, 0, '-infinity', '-infinity') ON CONFLICT (key) DO NOTHING`,
);
const LOCK = sql<{ key: string }, LoginFailures>(
  null,
  (p) => `SELECT ${LOGIN_FAILURES.select('f', ['failures', 'blockedUntil', 'lastFailureAt'])} FROM login_failures f WHERE f.key = ${p.key} FOR UPDATE`,
);
const CHARGE = sql<LoginFailures & { key: string }>(
  null,
  (p) => `UPDATE login_failures SET failures = ${p.failures}, blocked_until = ${p.blockedUntil}, last_failure_at = ${p.lastFailureAt} WHERE key = ${p.key}`,
);
const CLEAR = sql<{ keys: readonly string[] }>(null, (p) => `DELETE FROM login_failures WHERE key = ANY(${p.keys}::text[])`);
const SWEEP = sql<{ before: Date }, { n: number }>(
  null,
  (p) => `WITH gone AS (DELETE FROM login_failures WHERE last_failure_at < ${p.before} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
);

/**
 * The one owner of `login_failures`: failed sign-ins per username (src/auth/domain/login-throttle.ts),
 * in PostgreSQL so that every app copy counts in the same row. Times are the app's Clock, passed in.
 */
@Injectable()
export class LoginFailuresRepository implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LoginFailuresRepository.name);
  private readonly sweeper = new Periodic(
    () => this.sweep(new Date(this.clock.now().getTime() - LOGIN_FAILURES_FORGET_MS)),
    (err) => this.logger.warn(`login failures sweep failed: ${String(err)}`),
  );

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.sweeper.start(SWEEP_INTERVAL_MS);
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeper.stop();
  }

  /**
   * One attempt on `key`, as one unit of work: its row is locked while `decide` looks at the
   * count, and what it charges is written before the lock is released, so concurrent attempts
   * (from any app copy) are decided one after the other.
   */
  attempt(key: string, decide: (current: LoginFailures | null) => LoginAttempt): Promise<LoginAttempt> {
    return this.db.transaction(async () => {
      await this.db.query(ENSURE({ key }));
      const row = (await this.db.first(LOCK({ key })))!;
      const decision = decide(row.failures === 0 ? null : row);
      if (decision.allowed) await this.db.query(CHARGE({ key, ...decision.charged }));
      return decision;
    });
  }

  /** A correct login: these keys' counts are cleared. */
  async clear(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.query(CLEAR({ keys }));
  }

  /** Deletes the counts whose last failure is older than `before`; returns how many. */
  async sweep(before: Date): Promise<number> {
    return (await this.db.first(SWEEP({ before })))?.n ?? 0;
  }
}
