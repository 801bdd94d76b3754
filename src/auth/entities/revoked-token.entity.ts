import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Player } from '../../players/entities/player.entity.js';

/**
 * A token signed out on its own device before it expired (its `jti`): refused from then on. Kept
 * until the token would have expired anyway; each app copy holds the live ones in memory.
 */
@Entity('revoked_tokens')
@Index('revoked_tokens_revoked_at_idx', ['revokedAt'])
export class RevokedToken {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  jti: string;

  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id' })
  player?: Player;

  /** The token's own expiry: after it the row is of no use. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz' })
  revokedAt: Date;
}
