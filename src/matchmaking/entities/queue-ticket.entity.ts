import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Player } from '../../players/entities/player.entity.js';

export type QueueMode = 'ranked' | 'unranked';
export type TicketState = 'waiting' | 'matched' | 'cancelled';

@Entity('queue_tickets')
@Check('queue_tickets_mode_ck', `mode IN ('ranked', 'unranked')`)
@Check('queue_tickets_state_ck', `state IN ('waiting', 'matched', 'cancelled')`)
@Check('queue_tickets_turn_seconds_ck', `turn_seconds IN (30, 60)`)
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

  @Column({ type: 'varchar', length: 9 })
  state: TicketState;

  @CreateDateColumn({ name: 'joined_at', type: 'timestamptz' })
  joinedAt: Date;

  @Column({ name: 'game_id', type: 'uuid', nullable: true })
  gameId: string | null;
}
