import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql } from '../database/sql.js';
import type { GameState } from './domain/game.js';
import { GAMES } from './game-rows.js';

const ACTIVE_SEATS = sql<Record<string, never>, Pick<GameState, 'blackId' | 'whiteId'>>(null, () => `SELECT ${GAMES.select('g', ['blackId', 'whiteId'])} FROM games g WHERE g.status = 'active'`);

const RANKED_BETWEEN = sql<{ as: string[]; bs: string[]; since: Date }, { a: string; b: string; games: number }>(
  null,
  (p) => `SELECT p.a, p.b, (
      (SELECT count(*) FROM games g WHERE g.rated AND g.status <> 'aborted' AND g.black_id = p.a AND g.white_id = p.b AND g.created_at >= ${p.since})
      + (SELECT count(*) FROM games g WHERE g.rated AND g.status <> 'aborted' AND g.black_id = p.b AND g.white_id = p.a AND g.created_at >= ${p.since}))::int AS games
    FROM unnest(${p.as}::uuid[], ${p.bs}::uuid[]) AS p(a, b)`,
);

const BLACK_IN_LAST_10 = sql<{ playerIds: readonly string[] }, { id: string; n: number }>(
  null,
  (p) => `SELECT p.id, (SELECT count(*) FILTER (WHERE l.black) FROM (
        SELECT true AS black, created_at FROM games WHERE rated AND black_id = p.id
        UNION ALL SELECT false, created_at FROM games WHERE rated AND white_id = p.id
        ORDER BY created_at DESC LIMIT 10) l)::int AS n
    FROM unnest(${p.playerIds}::uuid[]) AS p(id)`,
);

/** What the queues' pairing needs of the games (one statement each for a whole wave). Reads only. */
@Injectable()
export class PairingReadsRepository {
  constructor(private readonly db: Db) {}

  /** Which of these players are seated in an active game. */
  async playersInActiveGames(playerIds: readonly string[]): Promise<Set<string>> {
    if (playerIds.length === 0) return new Set();
    // The active games are few next to a wave's players: read them all (games_active_idx) and intersect here.
    const rows = await this.db.query(ACTIVE_SEATS({}));
    const wanted = new Set(playerIds);
    const busy = new Set<string>();
    for (const r of rows) {
      if (wanted.has(r.blackId)) busy.add(r.blackId);
      if (wanted.has(r.whiteId)) busy.add(r.whiteId);
    }
    return busy;
  }

  /** Ranked (rated) games created since `since` between each of these pairs (either colours); aborted games do not count. */
  async rankedGamesBetween(pairs: readonly { a: string; b: string }[], since: Date): Promise<{ a: string; b: string; games: number }[]> {
    if (pairs.length === 0) return [];
    return this.db.query(RANKED_BETWEEN({ as: pairs.map((x) => x.a), bs: pairs.map((x) => x.b), since }));
  }

  /** For each of these players, how many of their last 10 ranked (rated) games they played with Black. */
  async blackCountsInLast10(playerIds: readonly string[]): Promise<Map<string, number>> {
    if (playerIds.length === 0) return new Map();
    const rows = await this.db.query(BLACK_IN_LAST_10({ playerIds }));
    return new Map(rows.filter((r) => r.n > 0).map((r) => [r.id, r.n]));
  }
}
