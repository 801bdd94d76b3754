import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Player } from '../../players/entities/player.entity.js';
import type { ChallengeColour, ChallengeState, DeclineReason } from '../domain/challenge.js';

@Entity('challenges')
/** A player's open challenges, incoming and outgoing (the lobby's list, the one-per-pair rule). */
@Index('challenges_challenged_state_idx', ['challengedId', 'state'])
@Index('challenges_challenger_state_idx', ['challengerId', 'state'])
/** The sweep finds the open challenges that lapsed. */
@Index('challenges_open_expires_idx', ['expiresAt'], { where: `state = 'open'` })
@Check('challenges_state_ck', `state IN ('open', 'accepted', 'declined', 'cancelled', 'expired')`)
@Check('challenges_colour_ck', `colour IN ('random', 'black', 'white')`)
@Check('challenges_clock_ck', `(clock_base_seconds IS NULL) = (clock_increment_seconds IS NULL) AND (NOT rated OR clock_base_seconds IS NOT NULL)`)
@Check('challenges_reason_ck', `(decline_reason IS NULL) = (state <> 'declined')`)
@Check('challenges_players_ck', `challenger_id <> challenged_id`)
export class Challenge {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'challenger_id', type: 'uuid' })
  challengerId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'challenger_id' })
  challenger?: Player;

  @Column({ name: 'challenged_id', type: 'uuid' })
  challengedId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'challenged_id' })
  challenged?: Player;

  @Column({ type: 'boolean' })
  rated: boolean;

  /** The game's clock (base seconds + increment); null: none (casual only). */
  @Column({ name: 'clock_base_seconds', type: 'integer', nullable: true })
  clockBaseSeconds: number | null;

  @Column({ name: 'clock_increment_seconds', type: 'integer', nullable: true })
  clockIncrementSeconds: number | null;

  /** The challenger's colour: random, black or white. */
  @Column({ type: 'varchar', length: 8 })
  colour: ChallengeColour;

  @Column({ type: 'varchar', length: 12, default: 'open' })
  state: ChallengeState;

  @Column({ name: 'decline_reason', type: 'varchar', length: 12, nullable: true })
  declineReason: DeclineReason | null;

  /** For a rematch: the finished game it follows. */
  @Column({ name: 'rematch_of', type: 'uuid', nullable: true })
  rematchOf: string | null;

  /** The game an accepted challenge started. */
  @Column({ name: 'game_id', type: 'uuid', nullable: true })
  gameId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;
}
