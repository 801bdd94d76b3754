import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql } from '../database/sql.js';
import type { AbortFigures, AbortKind } from './domain/aborts.js';

const MARK = sql<{ gameId: string; playerId: string; kind: AbortKind; at: Date }>(
  'abort_mark',
  (p) => `INSERT INTO abort_marks (game_id, player_id, kind, at) VALUES (${p.gameId}, ${p.playerId}, ${p.kind}, ${p.at}) ON CONFLICT (game_id) DO NOTHING`,
);

/** A player's last games from the queue (rooms are the host's affair), and the aborts among them that are theirs. */
const FIGURES = sql<{ playerId: string; recent: number }, { games: number; aborts: number; latest: Date | null }>(
  'abort_figures',
  (p) => `WITH recent AS (
    SELECT g.id FROM games g
    WHERE (g.black_id = ${p.playerId} OR g.white_id = ${p.playerId}) AND g.room_id IS NULL
    ORDER BY g.created_at DESC LIMIT ${p.recent}
  )
  SELECT (SELECT count(*) FROM recent)::int AS games, count(m.game_id)::int AS aborts, max(m.at) AS latest
  FROM recent JOIN abort_marks m ON m.game_id = recent.id AND m.player_id = ${p.playerId}`,
);

@Injectable()
export class AbortMarksRepository {
  constructor(private readonly db: Db) {}

  async mark(gameId: string, playerId: string, kind: AbortKind, at: Date): Promise<void> {
    await this.db.query(MARK({ gameId, playerId, kind, at }));
  }

  async figures(playerId: string, recent: number): Promise<AbortFigures> {
    const row = await this.db.first(FIGURES({ playerId, recent }));
    return { games: row?.games ?? 0, aborts: row?.aborts ?? 0, latest: row?.latest ?? null };
  }
}
