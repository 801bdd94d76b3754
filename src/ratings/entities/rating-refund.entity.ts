import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Player } from '../../players/entities/player.entity.js';

/**
 * Rating points given back to a player who lost them in ranked games to an account marked as an
 * engine user (lichess's practice): one row per player at the mark, and one per game that ended
 * against it after the mark, in the rating history beside the games; a lifted mark takes each
 * back with a row of its own (`reverses`, negative points). `seq` comes from the rating history's
 * sequence, so the audit (`outflank ratings verify`) replays games and refunds in the order they
 * were applied.
 */
@Entity('rating_refunds')
@Index('rating_refunds_player_idx', ['playerId', 'at'])
@Index('rating_refunds_source_idx', ['sourcePlayerId'])
export class RatingRefund {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'player_id' })
  player?: Player;

  /** The account marked as an engine user. */
  @Column({ name: 'source_player_id', type: 'uuid' })
  sourcePlayerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'source_player_id' })
  sourcePlayer?: Player;

  /** The ranked games whose lost points it gives back. */
  @Column({ name: 'game_ids', type: 'uuid', array: true })
  gameIds: string[];

  @Column({ type: 'double precision' })
  points: number;

  @Column({ name: 'rating_before', type: 'double precision' })
  ratingBefore: number;

  @Column({ type: 'double precision' })
  rating: number;

  /** RD and volatility at the refund (unchanged by it), for the history's points. */
  @Column({ type: 'double precision' })
  rd: number;

  @Column({ type: 'double precision' })
  volatility: number;

  @Column({ type: 'timestamptz' })
  at: Date;

  /** A lifted engine mark: the refund this row takes back (its points negated); null for a refund. */
  @Index('rating_refunds_reverses_uq', { unique: true })
  @Column({ type: 'uuid', nullable: true })
  reverses: string | null;

  /** nextval of rating_history's sequence, taken when the refund is written: the apply order the audit replays in. */
  @Index('rating_refunds_seq_uq', { unique: true })
  @Column({ type: 'bigint' })
  seq: string;
}
