import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/** A stored player event, as /api/me/events replays it. */
export interface StoredPlayerEvent {
  id: number;
  event: string;
  data: unknown;
}

/**
 * The one owner of the `player_events` table. Publishing writes the player-topic events and
 * sends every NOTIFY of the batch in ONE statement, so a player event is stored exactly when it
 * is published (inside the caller's transaction: both happen on commit, or neither).
 */
@Injectable()
export class PlayerEventsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Sends `payloads` on `channel` in order. Entries with a player id are also stored; their stored
   * id is written into the payload's `id` field (the SSE id).
   */
  async publish(manager: EntityManager, channel: string, payloads: readonly string[], playerIds: readonly (string | null)[], now: Date): Promise<void> {
    await manager.query(
      `WITH e AS MATERIALIZED (
         SELECT x.n, x.payload::jsonb AS j, x.player_id,
                CASE WHEN x.player_id IS NULL THEN NULL ELSE nextval('player_events_id_seq') END AS id
         FROM unnest($2::text[], $3::uuid[]) WITH ORDINALITY AS x(payload, player_id, n)
       ), stored AS (
         INSERT INTO player_events (id, player_id, event, data, created_at)
         SELECT id, player_id, j->>'event', coalesce(j->'data', 'null'::jsonb), $4 FROM e WHERE id IS NOT NULL
       )
       SELECT pg_notify($1, CASE WHEN e.id IS NULL THEN e.j::text ELSE jsonb_set(e.j, '{id}', to_jsonb(e.id))::text END)
       FROM e ORDER BY e.n`,
      [channel, payloads, playerIds, now],
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
