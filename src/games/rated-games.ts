import { EntityManager } from 'typeorm';

/** A finished rated game as `ratings verify` replays it. */
export interface RatedGameRow {
  id: string;
  blackId: string;
  whiteId: string;
  winner: 'black' | 'white' | null;
  finishedAt: Date;
  blackRatingChange: number | null;
  whiteRatingChange: number | null;
}

/**
 * Every finished rated game (for the audit's snapshot transaction). A read of the games table for
 * `ratings verify`: it belongs in the games module's repository, where it moves with the games rewrite.
 */
export async function ratedFinishedGames(manager: EntityManager): Promise<RatedGameRow[]> {
  const rows: {
    id: string;
    black_id: string;
    white_id: string;
    winner: 'black' | 'white' | null;
    finished_at: Date;
    black_rating_change: number | null;
    white_rating_change: number | null;
  }[] = await manager.query(
    `SELECT id, black_id, white_id, winner, finished_at, black_rating_change, white_rating_change
     FROM games WHERE rated AND status = 'finished'`,
  );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((g) => ({
    id: g.id,
    blackId: g.black_id,
    whiteId: g.white_id,
    winner: g.winner,
    finishedAt: g.finished_at,
    blackRatingChange: num(g.black_rating_change),
    whiteRatingChange: num(g.white_rating_change),
  }));
}
