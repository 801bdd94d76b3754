import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many players of a leaderboard (the humans' or the bots') have a rating in [bucket, bucket + 1):
 * summing the buckets above a player's gives their rank without counting hundreds of thousands of rows.
 */
@Entity('leaderboard_buckets')
export class LeaderboardBucket {
  @PrimaryColumn({ type: 'boolean' })
  bot: boolean;

  @PrimaryColumn({ type: 'integer' })
  bucket: number;

  @Column({ type: 'integer' })
  players: number;
}

/** The eligibility rules the flags and buckets were built with: a change of them rebuilds both. */
@Entity('leaderboard_settings')
export class LeaderboardSettings {
  @PrimaryColumn({ type: 'smallint' })
  id: number;

  @Column({ name: 'min_games', type: 'integer' })
  minGames: number;

  @Column({ name: 'active_days', type: 'integer' })
  activeDays: number;

  /** ELIGIBILITY_VERSION of the rule's conditions (1 before the provisional rule). */
  @Column({ name: 'rules_version', type: 'integer', default: 1 })
  rulesVersion: number;

  @Column({ name: 'provisional_rd', type: 'double precision', nullable: true })
  provisionalRd: number | null;

  @Column({ name: 'periods_per_day', type: 'double precision', nullable: true })
  periodsPerDay: number | null;

  @Column({ name: 'max_rd', type: 'double precision', nullable: true })
  maxRd: number | null;

  @Column({ name: 'rebuilt_at', type: 'timestamptz' })
  rebuiltAt: Date;
}
