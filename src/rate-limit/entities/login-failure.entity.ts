import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Failed sign-ins on one username (from any address), for the per-account sign-in limit
 * (src/auth/domain/login-throttle.ts): every app copy counts in the same row. A correct login
 * deletes the row; rows are swept a day after their last failure.
 */
@Entity('login_failures')
@Index('login_failures_last_idx', ['lastFailureAt'])
export class LoginFailure {
  /** `u:` + the username key (lower case), or `d:<device hash>:` + it for a device the account signed in from before. */
  @PrimaryColumn({ type: 'varchar', length: 128 })
  key: string;

  /** Failures counted (each attempt is charged before its password is checked; a correct login clears the row). */
  @Column({ type: 'integer' })
  failures: number;

  /** No attempt on this key has its password checked before this. */
  @Column({ name: 'blocked_until', type: 'timestamptz' })
  blockedUntil: Date;

  @Column({ name: 'last_failure_at', type: 'timestamptz' })
  lastFailureAt: Date;
}
