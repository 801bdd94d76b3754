import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One rate-limit window of one client on one route (the throttler's key): every app copy counts
 * in the same row, so a limit holds however many copies serve the clients.
 */
@Entity('rate_limit_counters')
@Index('rate_limit_counters_expires_idx', ['expiresAt'])
export class RateLimitCounter {
  /** The throttler's key (a hash of route, throttler name and client address). */
  @PrimaryColumn({ type: 'varchar', length: 128 })
  key: string;

  /** Requests counted in the current window (including refused ones). */
  @Column({ type: 'integer' })
  hits: number;

  /** End of the current window; the row is dead (and swept) after it. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}
