import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Game } from '../../games/entities/game.entity.js';
import { Player } from '../../players/entities/player.entity.js';
import type { ReportReason, ReportStatus } from '../domain/moderation.js';

/** A player's report of their opponent in a game, for the moderators. */
@Entity('reports')
@Check('reports_reason_ck', `reason IN ('engine', 'stalling', 'abuse', 'other')`)
@Check('reports_status_ck', `status IN ('open', 'closed')`)
@Check('reports_players_ck', `reporter_id <> reported_id`)
// One open report per reporter and game (409 ALREADY_REPORTED).
@Index('reports_open_uq', ['reporterId', 'gameId'], { unique: true, where: `status = 'open'` })
@Index('reports_open_idx', ['createdAt'], { where: `status = 'open'` })
@Index('reports_reported_idx', ['reportedId', 'createdAt'])
// The rate limit counts a reporter's recent reports, and weak reporters' per address.
@Index('reports_reporter_idx', ['reporterId', 'createdAt'])
@Index('reports_address_idx', ['reporterAddress', 'createdAt'], { where: `reporter_address IS NOT NULL` })
export class Report {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id' })
  game?: Game;

  @Column({ name: 'reporter_id', type: 'uuid' })
  reporterId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reporter_id' })
  reporter?: Player;

  @Column({ name: 'reported_id', type: 'uuid' })
  reportedId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reported_id' })
  reported?: Player;

  @Column({ type: 'varchar', length: 8 })
  reason: ReportReason;

  @Column({ type: 'varchar', length: 500, nullable: true })
  text: string | null;

  /**
   * How much it counts in the moderators' queue: 1, or less from a guest or an account younger
   * than a day (REPORT_WEAK_WEIGHT), as the reporter was when filing.
   */
  @Column({ type: 'real', default: 1 })
  weight: number;

  /** Keyed hash of the address it was filed from (as account_sightings keeps them); null when unknown. */
  @Column({ name: 'reporter_address', type: 'char', length: 32, nullable: true })
  reporterAddress: string | null;

  @Column({ type: 'varchar', length: 6, default: 'open' })
  status: ReportStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  /** The moderator action that closed it. */
  @Column({ name: 'closed_by_action', type: 'uuid', nullable: true })
  closedByAction: string | null;
}
