import { Column, Entity, Generated, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Game } from '../../games/entities/game.entity.js';
import { Player } from '../../players/entities/player.entity.js';

/** One row per player per rated game: the values before and after, for history and audit. */
@Entity('rating_history')
@Index('rating_history_player_idx', ['playerId', 'at'])
export class RatingHistory {
  @PrimaryColumn({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'game_id' })
  game?: Game;

  @PrimaryColumn({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'player_id' })
  player?: Player;

  /** Order in which ratings were applied (taken after both player rows were locked): the audit replays in it. */
  @Index('rating_history_seq_uq', { unique: true })
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq: string;

  @Column({ type: 'timestamptz' })
  at: Date;

  @Column({ name: 'rating_before', type: 'double precision' })
  ratingBefore: number;

  @Column({ name: 'rd_before', type: 'double precision' })
  rdBefore: number;

  @Column({ name: 'volatility_before', type: 'double precision' })
  volatilityBefore: number;

  @Column({ type: 'double precision' })
  rating: number;

  @Column({ type: 'double precision' })
  rd: number;

  @Column({ type: 'double precision' })
  volatility: number;

  @Column({ type: 'double precision' })
  delta: number;

  /** 1 win, 0.5 draw, 0 loss. */
  @Column({ type: 'double precision' })
  score: number;
}
