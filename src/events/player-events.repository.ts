import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql, table } from '../database/sql.js';

/** A stored player event, as /api/me/events replays it. */
export interface StoredPlayerEvent {
  id: number;
  event: string;
  data: unknown;
}

/** A row of `player_events`. */
interface PlayerEventRow {
  id: string;
  playerId: string;
  event: string;
  data: unknown;
  createdAt: Date;
}

/** The `player_events` table. */
const PLAYER_EVENTS = table<PlayerEventRow>('player_events', {
  id: ['id', 'int8'],
  playerId: ['player_id', 'uuid'],
  event: ['event', 'text'],
  data: ['data', 'jsonb'],
  createdAt: ['created_at', 'timestamptz'],
});
const ROW_KEYS = ['id', 'playerId', 'event', 'data', 'createdAt'] as const;

const SINCE = sql<{ playerId: string; afterId: number; limit: number }, Pick<PlayerEventRow, 'id' | 'event' | 'data'>>(
  'player_events_since',
  (p) => `SELECT ${PLAYER_EVENTS.select('e', ['id', 'event', 'data'])} FROM ${PLAYER_EVENTS.name} e
    WHERE e.player_id = ${p.playerId} AND e.id > ${p.afterId} ORDER BY e.id LIMIT ${p.limit}`,
);
const RECENT = sql<{ playerIds: readonly string[]; since: Date }, Pick<PlayerEventRow, 'id' | 'playerId' | 'event' | 'data' | 'createdAt'>>(
  'player_events_recent',
  (p) => `SELECT ${PLAYER_EVENTS.select('e', ['id', 'playerId', 'event', 'data', 'createdAt'])} FROM ${PLAYER_EVENTS.name} e
    WHERE e.player_id = ANY(${p.playerIds}::uuid[]) AND e.created_at >= ${p.since} ORDER BY e.id`,
);
const PRUNE = sql<{ before: Date }>(null, (p) => `DELETE FROM ${PLAYER_EVENTS.name} WHERE created_at < ${p.before}`);

/**
 * New ids for player events and the rows stored with them, in one statement: the ids ascending
 * in the events' order (taken from the sequence, then ranked), each event stored under its own.
 * One round trip where there were two, inside the unit of work of what the events announce (a
 * rated game's end, whose transaction holds a pool connection for each of them).
 */
const STORE_NEW = sql<{ count: number; playerIds: string[]; events: string[]; data: string[]; now: Date }, { id: string }>(
  null,
  (p) => `WITH taken AS (SELECT nextval('player_events_id_seq')::int8 AS id FROM generate_series(1, ${p.count}::int)),
     ranked AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM taken),
     stored AS (
       INSERT INTO ${PLAYER_EVENTS.name} (${PLAYER_EVENTS.names(ROW_KEYS)})
       SELECT r.id, e.player_id, e.event, e.data::jsonb, ${p.now}
       FROM ranked r JOIN unnest(${p.playerIds}::uuid[], ${p.events}::text[], ${p.data}::text[]) WITH ORDINALITY AS e(player_id, event, data, n) ON e.n = r.n
     )
     SELECT id FROM ranked ORDER BY n`,
);

/** The one owner of the `player_events` table. */
@Injectable()
export class PlayerEventsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores the player events under new ids, ascending in their order, and answers the ids (in the
   * caller's unit of work: EventsService publishes them once it has committed).
   */
  async storeNew(events: readonly { playerId: string; event: string; data: string }[], now: Date): Promise<number[]> {
    if (!events.length) return [];
    const rows = await this.db.query(
      STORE_NEW({ count: events.length, playerIds: events.map((e) => e.playerId), events: events.map((e) => e.event), data: events.map((e) => e.data), now }),
    );
    return rows.map((r) => Number(r.id));
  }

  /** The player's stored events after `afterId`, oldest first (at most `limit`). */
  async since(playerId: string, afterId: number, limit: number): Promise<StoredPlayerEvent[]> {
    const rows = await this.db.query(SINCE({ playerId, afterId, limit }));
    return rows.map((r) => ({ id: Number(r.id), event: r.event, data: r.data }));
  }

  /** These players' events stored since `since`, oldest first. */
  async recent(playerIds: readonly string[], since: Date): Promise<(StoredPlayerEvent & { playerId: string; createdAt: Date })[]> {
    const rows = await this.db.query(RECENT({ playerIds, since }));
    return rows.map((r) => ({ id: Number(r.id), playerId: r.playerId, event: r.event, data: r.data, createdAt: r.createdAt }));
  }

  /** Deletes the events stored before `before`; returns how many. */
  async prune(before: Date): Promise<number> {
    return (await this.db.execute(PRUNE({ before }))).rowCount;
  }
}
