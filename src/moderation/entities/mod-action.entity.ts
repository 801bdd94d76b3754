import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Player } from '../../players/entities/player.entity.js';
import type { ModActionKind } from '../domain/moderation.js';

/**
 * The moderation audit log: every moderator action on a player (and every grant or revocation of
 * the moderator role by the `outflank` command), with who, when and why. Rows are never changed,
 * except that a warning records when its player saw it.
 */
@Entity('mod_actions')
@Check('mod_actions_action_ck', `action IN ('engine', 'dismiss', 'warn', 'close', 'reopen', 'unmark', 'grant-moderator', 'revoke-moderator')`)
@Index('mod_actions_player_idx', ['playerId', 'createdAt'])
// Unseen warnings of a player.
@Index('mod_actions_unseen_warning_idx', ['playerId'], { where: `action = 'warn' AND seen_at IS NULL` })
export class ModAction {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id' })
  player?: Player;

  /** null: the `outflank` command (an operator on the server). */
  @Column({ name: 'moderator_id', type: 'uuid', nullable: true })
  moderatorId: string | null;

  @ManyToOne(() => Player, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'moderator_id' })
  moderator?: Player;

  @Column({ type: 'varchar', length: 16 })
  action: ModActionKind;

  /** The moderator's note: for the audit log and other moderators, never shown to the player. */
  @Column({ type: 'varchar', length: 500 })
  reason: string;

  /** A warning: what its player is shown (null on older warnings, whose reason was shown). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  message: string | null;

  /** What the action did (e.g. the refunds of an engine mark). */
  @Column({ type: 'jsonb', nullable: true })
  details: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** A warning: when its player saw it (they see it once). */
  @Column({ name: 'seen_at', type: 'timestamptz', nullable: true })
  seenAt: Date | null;
}
