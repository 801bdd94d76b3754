import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { CooldownReason } from '../../fair-play/domain/cooldown.js';
import { Player } from '../../players/entities/player.entity.js';

export type QueueMode = 'ranked' | 'unranked';
export type TicketState = 'waiting' | 'matched' | 'cancelled';
/** Why a ticket was cancelled: its owner left (DELETE /api/queue), or was absent too long. */
export type CancelReason = 'left' | 'absent';
export type { CooldownReason };

@Entity('queue_tickets')
@Check('queue_tickets_mode_ck', `mode IN ('ranked', 'unranked')`)
@Check('queue_tickets_state_ck', `state IN ('waiting', 'matched', 'cancelled')`)
@Check('queue_tickets_turn_seconds_ck', `turn_seconds IN (30, 60)`)
@Check('queue_tickets_clock_ck', `clock IS NULL OR turn_seconds IS NULL`)
@Check('queue_tickets_reason_ck', `reason IS NULL OR (reason IN ('left', 'absent') AND state = 'cancelled')`)
@Check('queue_tickets_cooldown_ck', `(eligible_at IS NULL) = (cooldown_reason IS NULL) AND cooldown_reason IN ('aborts', 'sandbagging')`)
@Index('queue_tickets_one_waiting_uq', ['playerId'], { unique: true, where: `state = 'waiting'` })
@Index('queue_tickets_waiting_idx', ['mode', 'turnSeconds', 'joinedAt'], { where: `state = 'waiting'` })
@Index('queue_tickets_player_idx', ['playerId', 'joinedAt'])
export class QueueTicket {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id' })
  player?: Player;

  @Column({ type: 'varchar', length: 8 })
  mode: QueueMode;

  @Column({ name: 'turn_seconds', type: 'integer', nullable: true })
  turnSeconds: number | null;

  /** The clock asked for, "minutes+seconds" (a preset: each is a pool of its own); null: none. Ranked tickets always name one. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  clock: string | null;

  @Column({ type: 'varchar', length: 9 })
  state: TicketState;

  @CreateDateColumn({ name: 'joined_at', type: 'timestamptz' })
  joinedAt: Date;

  /** Set when a ticket is cancelled (null for waiting and matched tickets). */
  @Column({ type: 'varchar', length: 6, nullable: true })
  reason: CancelReason | null;

  /**
   * The owner's last sign of presence (an open /api/me/events stream, marked every few seconds,
   * or a GET /api/queue): a waiting ticket not seen for QUEUE_PRESENCE_SECONDS is cancelled.
   */
  @Column({ name: 'last_seen_at', type: 'timestamptz', default: () => 'now()' })
  lastSeenAt: Date;

  /** When the ticket stopped waiting (matched or cancelled). */
  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  @Column({ name: 'game_id', type: 'uuid', nullable: true })
  gameId: string | null;

  /**
   * A ranked ticket of a player on a cooldown (aborts, sandbagging; decided when they joined):
   * not paired before this moment. null: no cooldown.
   */
  @Column({ name: 'eligible_at', type: 'timestamptz', nullable: true })
  eligibleAt: Date | null;

  @Column({ name: 'cooldown_reason', type: 'varchar', length: 12, nullable: true })
  cooldownReason: CooldownReason | null;
}
