import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql } from '../database/sql.js';

/** One of a player's ranked games that ended, as the abort cooldown reads it. */
export interface EndedRankedGameRow {
  endedAt: Date;
  abortedByMe: boolean;
}

/** A ranked loss, as the sandbagging rule and the moderators' list read it. */
export interface RankedLossRow {
  gameId: string;
  endedAt: Date;
  reason: 'board' | 'resign' | 'abandoned';
  loserId: string;
  loserUsername: string;
  winnerId: string;
  winnerUsername: string;
  /** The winner's rating change in that game. */
  winnerGain: number;
  /** Moves of their own (not the CPU's, not passes) the loser made. */
  ownMoves: number;
}

const ENDED_RANKED_OF = sql<{ playerId: string; since: Date; limit: number }, { endedAt: Date; abortedByMe: boolean | null }>(
  null,
  (p) => `SELECT finished_at AS "endedAt",
      (aborted_by = 'black' AND black_id = ${p.playerId}) OR (aborted_by = 'white' AND white_id = ${p.playerId}) AS "abortedByMe"
    FROM games WHERE rated AND status <> 'active' AND (black_id = ${p.playerId} OR white_id = ${p.playerId}) AND finished_at >= ${p.since}
    ORDER BY finished_at DESC LIMIT ${p.limit}`,
);

/**
 * Ranked losses since `since`, at most `limit` per loser, of one player (`playerId`) or of every
 * player with a cheap loss (by resignation or abandonment before their own `cheapBelowMoves`-th
 * move) in that time; with the moves of their own the loser made, the winner and its gain.
 */
const RANKED_LOSSES = sql<{ since: Date; playerId: string | null; limit: number; cheapBelowMoves: number }, RankedLossRow>(
  null,
  (p) => `WITH losses AS (
      SELECT g.id, g.finished_at, g.result_reason,
        CASE WHEN g.winner = 'white' THEN g.black_id ELSE g.white_id END AS loser_id,
        CASE WHEN g.winner = 'white' THEN g.white_id ELSE g.black_id END AS winner_id,
        CASE WHEN g.winner = 'white' THEN g.white_rating_change ELSE g.black_rating_change END AS winner_gain,
        (SELECT count(*) FROM moves m WHERE m.game_id = g.id AND m.color = (CASE WHEN g.winner = 'white' THEN 'black' ELSE 'white' END)
           AND m.by = 'player' AND NOT m.pass)::int AS own_moves
      FROM games g
      WHERE g.rated AND g.status = 'finished' AND g.winner IS NOT NULL AND g.finished_at >= ${p.since}
        AND (${p.playerId}::uuid IS NULL OR g.black_id = ${p.playerId} OR g.white_id = ${p.playerId})
    ), ranked AS (
      SELECT l.*, row_number() OVER (PARTITION BY l.loser_id ORDER BY l.finished_at DESC, l.id) AS n FROM losses l
      WHERE (${p.playerId}::uuid IS NULL OR l.loser_id = ${p.playerId})
        AND (${p.playerId}::uuid IS NOT NULL OR l.loser_id IN (
          SELECT c.loser_id FROM losses c WHERE c.result_reason IN ('resign', 'abandoned') AND c.own_moves < ${p.cheapBelowMoves}))
    )
    SELECT r.id AS "gameId", r.finished_at AS "endedAt", r.result_reason AS "reason", r.loser_id AS "loserId", lp.username AS "loserUsername",
      r.winner_id AS "winnerId", wp.username AS "winnerUsername", coalesce(r.winner_gain, 0) AS "winnerGain", r.own_moves AS "ownMoves"
    FROM ranked r JOIN players lp ON lp.id = r.loser_id JOIN players wp ON wp.id = r.winner_id
    WHERE r.n <= ${p.limit} ORDER BY r.loser_id, r.finished_at DESC, r.id`,
);

/** A player's recent ranked games, for the fair-play rules (src/fair-play). Reads only. */
@Injectable()
export class RankedHistoryRepository {
  constructor(private readonly db: Db) {}

  /**
   * A player's latest `limit` ranked games that ended (finished or aborted) since `since`, newest
   * first, with whether the player aborted it (the abort cooldown's input).
   */
  async endedRankedGamesOf(playerId: string, since: Date, limit: number): Promise<EndedRankedGameRow[]> {
    return (await this.db.query(ENDED_RANKED_OF({ playerId, since, limit }))).map((r) => ({ endedAt: r.endedAt, abortedByMe: r.abortedByMe === true }));
  }

  /**
   * Ranked losses that ended since `since`, newest first, at most `limit` per loser: of one
   * player, or of every player who has a loss by resignation or abandonment before their own
   * `cheapBelowMoves`-th move in that time (the moderators' list).
   */
  rankedLosses(since: Date, limit: number, who: { playerId: string } | { cheapBelowMoves: number }): Promise<RankedLossRow[]> {
    const one = 'playerId' in who;
    return this.db.query(RANKED_LOSSES({ since, limit, playerId: one ? who.playerId : null, cheapBelowMoves: one ? 0 : who.cheapBelowMoves }));
  }
}
