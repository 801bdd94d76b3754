import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A published event of a player's own topic (matched, game, rematch), kept for an hour so a
 * client that reconnects to /api/me/events with Last-Event-ID gets what it missed. The id is
 * the event's SSE id.
 */
@Entity('player_events')
@Index('player_events_player_idx', ['playerId', 'id'])
@Index('player_events_created_idx', ['createdAt'])
export class PlayerEvent {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  /** No foreign key on purpose: a pairing wave stores thousands of events at once, and rows live an hour. */
  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @Column({ type: 'varchar', length: 32 })
  event: string;

  @Column({ type: 'jsonb' })
  data: unknown;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
