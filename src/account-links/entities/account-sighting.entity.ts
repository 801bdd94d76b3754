import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Player } from '../../players/entities/player.entity.js';

export type SightingKind = 'address' | 'device';

/**
 * An account was registered or signed in from this address or device: only a keyed hash of it is
 * kept (see domain/sightings.ts). Two accounts with a sighting of the same hash within
 * RANKED_LINK_DAYS are linked, and ranked pairing never pairs them (RANKED_SEPARATE_ADDRESSES).
 */
@Entity('account_sightings')
@Check('account_sightings_kind_ck', `kind IN ('address', 'device')`)
@Index('account_sightings_hash_idx', ['kind', 'hash', 'lastSeenAt'])
export class AccountSighting {
  @PrimaryColumn({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id' })
  player?: Player;

  @PrimaryColumn({ type: 'varchar', length: 7 })
  kind: SightingKind;

  /** HMAC-SHA-256 of the address (IPv6: its /64) or device id, keyed from JWT_SECRET, first 128 bits in hex. */
  @PrimaryColumn({ type: 'char', length: 32 })
  hash: string;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt: Date;
}
