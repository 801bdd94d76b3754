import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LOGIN_FAILURES_FORGET_MS, type LoginAttempt, type LoginFailures } from '../auth/domain/login-throttle.js';
import { Clock } from '../common/clock.js';
import { SWEEP_INTERVAL_MS } from './pg-throttler-storage.js';

/**
 * The one owner of `login_failures`: failed sign-ins per username, in PostgreSQL so that every app
 * copy counts in the same row. Times are the app's Clock, passed in.
 */
@Injectable()
export class LoginFailuresRepository implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LoginFailuresRepository.name);
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.sweeper = setInterval(() => {
      this.sweep(new Date(this.clock.now().getTime() - LOGIN_FAILURES_FORGET_MS)).catch((err) => this.logger.warn(`login failures sweep failed: ${String(err)}`));
    }, SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /**
   * One attempt on `key`: its row is locked while `decide` looks at the count, and what it charges
   * is written before the lock is released, so concurrent attempts (from any app copy) are decided
   * one after the other. One transaction, in this one method.
   */
  async attempt(key: string, decide: (current: LoginFailures | null) => LoginAttempt): Promise<LoginAttempt> {
    return this.dataSource.transaction(async (m) => {
      await m.query(
        `INSERT INTO login_failures (key, failures, blocked_until, last_failure_at) VALUES ($1, 0, '-infinity', '-infinity')
         ON CONFLICT (key) DO NOTHING`,
        [key],
      );
      const rows = (await m.query('SELECT failures, blocked_until, last_failure_at FROM login_failures WHERE key = $1 FOR UPDATE', [key])) as {
        failures: number; blocked_until: Date; last_failure_at: Date;
      }[];
      const r = rows[0];
      const current = r.failures === 0 ? null : { failures: r.failures, blockedUntil: new Date(r.blocked_until), lastFailureAt: new Date(r.last_failure_at) };
      const decision = decide(current);
      if (decision.allowed) {
        const c = decision.charged;
        await m.query('UPDATE login_failures SET failures = $2, blocked_until = $3, last_failure_at = $4 WHERE key = $1', [
          key, c.failures, c.blockedUntil, c.lastFailureAt,
        ]);
      }
      return decision;
    });
  }

  /** A correct login: these keys' counts are cleared. */
  async clear(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.dataSource.query('DELETE FROM login_failures WHERE key = ANY($1::text[])', [keys]);
  }

  /** Deletes the counts whose last failure is older than `before`; returns how many. */
  async sweep(before: Date): Promise<number> {
    const rows = (await this.dataSource.query(
      'WITH gone AS (DELETE FROM login_failures WHERE last_failure_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone',
      [before],
    )) as { n: number }[];
    return rows[0].n;
  }
}
