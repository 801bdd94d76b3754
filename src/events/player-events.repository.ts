import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { notifySql } from './notify.js';

/** A stored player event, as /api/me/events replays it. */
export interface StoredPlayerEvent {
  id: number;
  event: string;
  data: unknown;
}

/** The one owner of the `player_events` table. */
@Injectable()
export class PlayerEventsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** `count` new ids for player events, ascending. */
  async nextIds(manager: EntityManager, count: number): Promise<number[]> {
    const rows = (await manager.query(`SELECT nextval('player_events_id_seq')::int8 AS id FROM generate_series(1, $1::int)`, [count])) as { id: string }[];
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  /**
   * Stores the player events and sends the NOTIFY payloads in ONE statement, so an event is stored
   * exactly when it is published (inside the caller's transaction: both on commit, or neither).
   */
  async storeAndNotify(
    manager: EntityManager,
    stored: readonly { id: number; playerId: string; event: string; data: string }[],
    payloads: readonly string[],
    now: Date,
  ): Promise<void> {
    await manager.query(
      `WITH stored AS (
         INSERT INTO player_events (id, player_id, event, data, created_at)
         SELECT id, player_id, event, data::jsonb, $5 FROM unnest($1::int8[], $2::uuid[], $3::text[], $4::text[]) AS e(id, player_id, event, data)
       )
       ${notifySql('$6')}`,
      [stored.map((e) => e.id), stored.map((e) => e.playerId), stored.map((e) => e.event), stored.map((e) => e.data), now, payloads],
    );
  }

  /** The player's stored events after `afterId`, oldest first (at most `limit`). */
  async since(playerId: string, afterId: number, limit: number): Promise<StoredPlayerEvent[]> {
    const rows = (await this.dataSource.query(
      'SELECT id, event, data FROM player_events WHERE player_id = $1 AND id > $2 ORDER BY id LIMIT $3',
      [playerId, afterId, limit],
    )) as { id: string; event: string; data: unknown }[];
    return rows.map((r) => ({ id: Number(r.id), event: r.event, data: r.data }));
  }

  /** Deletes the events stored before `before`; returns how many. */
  async prune(before: Date): Promise<number> {
    const result = (await this.dataSource.query('DELETE FROM player_events WHERE created_at < $1', [before])) as [unknown, number];
    return result[1] ?? 0;
  }
}
