import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Player } from '../../players/entities/player.entity.js';

@Entity('rooms')
/** Rooms a host opened lately: the ROOMS_PER_HOUR cap counts them. */
@Index('rooms_host_created_idx', ['hostId', 'createdAt'])
@Check('rooms_turn_seconds_ck', `turn_seconds IN (30, 60)`)
@Check('rooms_clock_ck', `(clock_base_seconds IS NULL) = (clock_increment_seconds IS NULL) AND (clock_base_seconds IS NULL OR turn_seconds IS NULL)`)
@Check('rooms_rematch_ck', `(rematch_offered_by IS NULL) = (rematch_expires_at IS NULL)`)
export class Room {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Short shareable code, upper case. */
  @Index('rooms_code_uq', { unique: true })
  @Column({ type: 'varchar', length: 12 })
  code: string;

  @Column({ name: 'host_id', type: 'uuid' })
  hostId: string;

  @Column({ name: 'turn_seconds', type: 'integer', nullable: true })
  turnSeconds: number | null;

  /** The room's clock for its games (base seconds + increment); null: none. Never with a turn limit. */
  @Column({ name: 'clock_base_seconds', type: 'integer', nullable: true })
  clockBaseSeconds: number | null;

  @Column({ name: 'clock_increment_seconds', type: 'integer', nullable: true })
  clockIncrementSeconds: number | null;

  @Column({ name: 'show_legal_moves', type: 'boolean', default: true })
  showLegalMoves: boolean;

  @Column({ name: 'swap_colors', type: 'boolean', default: true })
  swapColors: boolean;

  /** The first seat is the host's. */
  @Column({ name: 'seat1_id', type: 'uuid' })
  seat1Id: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'seat1_id' })
  seat1?: Player;

  @Column({ name: 'seat2_id', type: 'uuid', nullable: true })
  seat2Id: string | null;

  @ManyToOne(() => Player, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'seat2_id' })
  seat2?: Player;

  @Column({ name: 'current_game_id', type: 'uuid', nullable: true })
  currentGameId: string | null;

  /** A standing rematch offer between games: who asked, and when it lapses (both null when none). */
  @Column({ name: 'rematch_offered_by', type: 'uuid', nullable: true })
  rematchOfferedBy: string | null;

  @Column({ name: 'rematch_expires_at', type: 'timestamptz', nullable: true })
  rematchExpiresAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
