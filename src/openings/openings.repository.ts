import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import type { IndexRow } from './domain/index-rows.js';
import type { ExplorerSourceName } from './entities/explorer.entities.js';

/** One row of the index as read: a move's sums from one source. */
export interface MoveSums {
  source: ExplorerSourceName;
  childKey: string;
  games: number;
  blackHalfPoints: number;
  discDiff: number;
}

/** A rated game to sum into the index: its moves (passes left out) and its end. */
export interface LadderGameRecord {
  gameId: string;
  squares: number[];
  winner: 'black' | 'white' | null;
  discDiff: number;
}

/**
 * The explorer's index (explorer_moves, explorer_sources, explorer_ladder_games). It reads the
 * finished rated games and their moves to sum them in, as the analysis queue reads finished games.
 */
@Injectable()
export class OpeningsRepository {
  constructor(private readonly db: Db) {}

  /** Every move played from a position, both sources (the primary key's index answers it). */
  async movesFrom(parentKey: string): Promise<MoveSums[]> {
    return this.db.query<MoveSums>({
      name: 'explorer_moves_from',
      text: `SELECT source, child_key AS "childKey", games, black_half_points AS "blackHalfPoints", disc_diff AS "discDiff"
        FROM explorer_moves WHERE source IN ('master', 'ladder') AND parent_key = $1`,
      values: [parentKey],
    });
  }

  /** The games of one source that reached each of these positions, summed (a position is reached once per game). */
  async reached(source: ExplorerSourceName, keys: readonly string[]): Promise<MoveSums[]> {
    return this.db.query<MoveSums>({
      name: 'explorer_reached',
      text: `SELECT source, child_key AS "childKey", sum(games)::int AS games, sum(black_half_points)::int AS "blackHalfPoints", sum(disc_diff)::int AS "discDiff"
        FROM explorer_moves WHERE source = $1 AND child_key = ANY($2::char(65)[]) GROUP BY source, child_key`,
      values: [source, keys],
    });
  }

  /**
   * Claims up to `limit` finished rated games not yet in the index (oldest first) and answers them
   * with their moves. Call inside a transaction with {@link addLadderRows}: a game another copy
   * claimed first waits for that copy's commit, then is skipped, so each game counts once.
   */
  async claimLadderGames(limit: number): Promise<LadderGameRecord[]> {
    const games = await this.db.query<{ id: string; winner: 'black' | 'white' | null; discDiff: number }>(
      `WITH todo AS (
          SELECT g.id FROM games g
          WHERE g.rated AND g.status = 'finished'
            AND NOT EXISTS (SELECT 1 FROM explorer_ladder_games x WHERE x.game_id = g.id)
          ORDER BY g.finished_at LIMIT $1),
        claimed AS (
          INSERT INTO explorer_ladder_games (game_id) SELECT id FROM todo ON CONFLICT (game_id) DO NOTHING RETURNING game_id)
        SELECT g.id, g.winner, coalesce(g.black_discs, 0) - coalesce(g.white_discs, 0) AS "discDiff"
        FROM games g JOIN claimed c ON c.game_id = g.id`,
      [limit],
    );
    if (games.length === 0) return [];
    const moves = await this.db.query<{ gameId: string; square: number }>(
      `SELECT game_id AS "gameId", square FROM moves WHERE game_id = ANY($1::uuid[]) AND NOT pass ORDER BY game_id, ply`,
      [games.map((g) => g.id)],
    );
    const byGame = new Map<string, number[]>(games.map((g) => [g.id, []]));
    for (const m of moves) byGame.get(m.gameId)!.push(m.square);
    return games.map((g) => ({ gameId: g.id, squares: byGame.get(g.id)!, winner: g.winner, discDiff: g.discDiff }));
  }

  /** Adds summed rows to the ladder's side of the index. */
  async addLadderRows(rows: readonly IndexRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.query(
      `INSERT INTO explorer_moves AS e (source, parent_key, child_key, games, black_half_points, disc_diff)
        SELECT 'ladder', * FROM unnest($1::char(65)[], $2::char(65)[], $3::int[], $4::int[], $5::int[])
        ON CONFLICT (source, parent_key, child_key) DO UPDATE SET games = e.games + excluded.games,
          black_half_points = e.black_half_points + excluded.black_half_points, disc_diff = e.disc_diff + excluded.disc_diff`,
      [rows.map((r) => r.parent), rows.map((r) => r.child), rows.map((r) => r.games), rows.map((r) => r.blackHalfPoints), rows.map((r) => r.discDiff)],
    );
  }

  /** The first `plies` records' squares of each game (passes left out), for naming their openings. */
  async openingMoves(gameIds: readonly string[], plies: number): Promise<Map<string, number[]>> {
    const out = new Map<string, number[]>(gameIds.map((id) => [id, []]));
    if (gameIds.length === 0) return out;
    const rows = await this.db.query<{ gameId: string; square: number }>(
      `SELECT game_id AS "gameId", square FROM moves WHERE game_id = ANY($1::uuid[]) AND ply < $2 AND NOT pass ORDER BY game_id, ply`,
      [gameIds, plies],
    );
    for (const r of rows) out.get(r.gameId)?.push(r.square);
    return out;
  }
}
