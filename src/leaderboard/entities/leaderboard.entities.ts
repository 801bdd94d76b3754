import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many leaderboard players have a rating in [bucket, bucket + 1): summing the buckets above a
 * player's gives their rank without counting hundreds of thousands of rows.
 */
@Entity('leaderboard_buckets')
export class LeaderboardBucket {
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

  @Column({ name: 'rebuilt_at', type: 'timestamptz' })
  rebuiltAt: Date;
}
