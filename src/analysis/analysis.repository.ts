import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PlayerSummary } from './domain/analysis.js';
import type { GamePhases } from './domain/fair-play.js';
import type { AnalysisJobState } from './entities/analysis-job.entity.js';
import type { StoredMoveAnalysis } from './entities/game-analysis.entity.js';

/** A claimed job: the game to analyse and how many times it was claimed (this one included). */
export interface ClaimedJob {
  gameId: string;
  attempts: number;
}

/** One player's side of an analysed game, as written. */
export interface AnalysedSide {
  color: 'black' | 'white';
  playerId: string;
  summary: PlayerSummary;
  phases: GamePhases;
  moveSeconds: number[];
}

export interface NewAnalysis {
  gameId: string;
  rated: boolean;
  finishedAt: Date;
  exactFromEmpties: number;
  depth: number;
  engineMs: number;
  moves: StoredMoveAnalysis[];
  sides: AnalysedSide[];
}

export interface StoredAnalysis {
  exactFromEmpties: number;
  depth: number;
  moves: StoredMoveAnalysis[];
  players: Record<'black' | 'white', PlayerSummary>;
}

/** One of a player's analysed rated games, for the moderators. */
export interface PlayerAnalysedGame extends GamePhases {
  gameId: string;
  color: 'black' | 'white';
  finishedAt: Date;
  summary: PlayerSummary;
  moveSeconds: number[];
}

/** A player's totals over their latest analysed rated games, with their rating: one member of the comparison population. */
export interface PopulationRow {
  playerId: string;
  username: string;
  rating: number;
  phases: GamePhases[];
}

type SideRow = {
  game_id: string;
  color: 'black' | 'white';
  finished_at: Date;
  counted: number;
  mean_loss: number;
  best_share: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  exact_counted: number;
  exact_best: number;
  exact_loss: number;
  estimated_counted: number;
  estimated_best: number;
  estimated_loss: number;
  move_seconds: number[];
};

const summaryOf = (r: SideRow): PlayerSummary => ({
  counted: r.counted,
  meanLoss: Number(r.mean_loss),
  bestShare: Number(r.best_share),
  inaccuracies: r.inaccuracies,
  mistakes: r.mistakes,
  blunders: r.blunders,
});

const phasesOf = (r: SideRow): GamePhases => ({
  exact: { counted: r.exact_counted, best: r.exact_best, lossSum: Number(r.exact_loss) },
  estimated: { counted: r.estimated_counted, best: r.estimated_best, lossSum: Number(r.estimated_loss) },
});

/**
 * The one owner of the analysis tables: `analysis_jobs` (the durable queue), `game_analyses` (the
 * moves) and `analysis_player_games` (each player's side). Every method is one statement or one
 * transaction of its own: no caller's transaction reaches here.
 */
@Injectable()
export class AnalysisRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Queues the games that finished since the newest queued one (less `overlapSeconds`, so a game
   * whose ending transaction committed late is not missed), oldest first, at most `limit`;
   * ranked games get the first priority. Also gives up on jobs whose runner died `maxAttempts`
   * times (their lease ran out each time). Returns how many games were queued.
   */
  async discover(overlapSeconds: number, limit: number, maxAttempts: number): Promise<number> {
    await this.dataSource.query(
      `UPDATE analysis_jobs SET state = 'failed', lease_until = NULL,
         last_error = coalesce(last_error, 'its runner stopped ' || attempts || ' times')
       WHERE state = 'running' AND lease_until < now() AND attempts >= $1`,
      [maxAttempts],
    );
    const rows: { n: number }[] = await this.dataSource.query(
      `WITH inserted AS (
         INSERT INTO analysis_jobs (game_id, priority, finished_at)
         SELECT g.id, CASE WHEN g.rated THEN 0 ELSE 1 END, g.finished_at FROM games g
         WHERE g.status = 'finished'
           AND g.finished_at >= coalesce((SELECT max(finished_at) FROM analysis_jobs), '-infinity'::timestamptz) - make_interval(secs => $1)
           AND NOT EXISTS (SELECT 1 FROM analysis_jobs j WHERE j.game_id = g.id)
         ORDER BY g.finished_at LIMIT $2
         ON CONFLICT (game_id) DO NOTHING
         RETURNING 1)
       SELECT count(*)::int AS n FROM inserted`,
      [overlapSeconds, limit],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Claims the next job (ranked first, newest first) for `leaseSeconds`: a queued one, or a running
   * one whose lease ran out (its runner died). Copies skip each other's locked rows.
   */
  async claim(claimedBy: string, leaseSeconds: number, maxAttempts: number): Promise<ClaimedJob | null> {
    // TypeORM answers an UPDATE … RETURNING with [rows, count].
    const [rows]: [{ game_id: string; attempts: number }[], number] = await this.dataSource.query(
      `UPDATE analysis_jobs j SET state = 'running', attempts = j.attempts + 1, claimed_by = $1,
         lease_until = now() + make_interval(secs => $2)
       WHERE j.game_id = (
         SELECT game_id FROM analysis_jobs
         WHERE (state = 'queued' OR (state = 'running' AND lease_until < now())) AND attempts < $3
         ORDER BY priority, finished_at DESC
         LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING j.game_id, j.attempts`,
      [claimedBy, leaseSeconds, maxAttempts],
    );
    const row = rows[0];
    return row ? { gameId: row.game_id, attempts: row.attempts } : null;
  }

  /** Stores a finished analysis and closes its job, in one transaction (a second writer of the same game changes nothing). */
  async complete(a: NewAnalysis): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.query(
        `INSERT INTO game_analyses (game_id, exact_from_empties, depth, moves, engine_ms) VALUES ($1, $2, $3, $4::jsonb, $5)
         ON CONFLICT (game_id) DO NOTHING`,
        [a.gameId, a.exactFromEmpties, a.depth, JSON.stringify(a.moves), a.engineMs],
      );
      for (const s of a.sides) {
        await m.query(
          `INSERT INTO analysis_player_games (game_id, color, player_id, rated, finished_at, counted, mean_loss, best_share,
             inaccuracies, mistakes, blunders, exact_counted, exact_best, exact_loss, estimated_counted, estimated_best,
             estimated_loss, move_seconds)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18::real[])
           ON CONFLICT (game_id, color) DO NOTHING`,
          [
            a.gameId, s.color, s.playerId, a.rated, a.finishedAt, s.summary.counted, s.summary.meanLoss, s.summary.bestShare,
            s.summary.inaccuracies, s.summary.mistakes, s.summary.blunders, s.phases.exact.counted, s.phases.exact.best,
            s.phases.exact.lossSum, s.phases.estimated.counted, s.phases.estimated.best, s.phases.estimated.lossSum, s.moveSeconds,
          ],
        );
      }
      await m.query(`UPDATE analysis_jobs SET state = 'done', done_at = now(), lease_until = NULL, last_error = NULL WHERE game_id = $1`, [a.gameId]);
    });
  }

  /** A job that threw: queued again, or failed for good after maxAttempts. */
  async fail(gameId: string, error: string, maxAttempts: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE analysis_jobs SET state = CASE WHEN attempts >= $3 THEN 'failed' ELSE 'queued' END, lease_until = NULL, last_error = $2
       WHERE game_id = $1 AND state = 'running'`,
      [gameId, error.slice(0, 2000), maxAttempts],
    );
  }

  /** A copy shutting down hands its running jobs back (without counting the attempt). */
  async release(claimedBy: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE analysis_jobs SET state = 'queued', lease_until = NULL, attempts = greatest(0, attempts - 1)
       WHERE state = 'running' AND claimed_by = $1`,
      [claimedBy],
    );
  }

  /** Jobs waiting or running (the metrics' queue length). */
  async queueLengths(): Promise<{ queued: number; running: number }> {
    const rows: { state: string; n: number }[] = await this.dataSource.query(
      `SELECT state, count(*)::int AS n FROM analysis_jobs WHERE state IN ('queued', 'running') GROUP BY state`,
    );
    return { queued: rows.find((r) => r.state === 'queued')?.n ?? 0, running: rows.find((r) => r.state === 'running')?.n ?? 0 };
  }

  async jobState(gameId: string): Promise<AnalysisJobState | null> {
    const rows: { state: AnalysisJobState }[] = await this.dataSource.query('SELECT state FROM analysis_jobs WHERE game_id = $1', [gameId]);
    return rows[0]?.state ?? null;
  }

  /** A game's stored analysis, or null. */
  async analysisOf(gameId: string): Promise<StoredAnalysis | null> {
    const rows: { exact_from_empties: number; depth: number; moves: StoredMoveAnalysis[] }[] = await this.dataSource.query(
      'SELECT exact_from_empties, depth, moves FROM game_analyses WHERE game_id = $1',
      [gameId],
    );
    if (!rows[0]) return null;
    const sides: SideRow[] = await this.dataSource.query('SELECT * FROM analysis_player_games WHERE game_id = $1', [gameId]);
    const side = (c: 'black' | 'white') => sides.find((s) => s.color === c);
    const black = side('black');
    const white = side('white');
    if (!black || !white) return null;
    return { exactFromEmpties: rows[0].exact_from_empties, depth: rows[0].depth, moves: rows[0].moves, players: { black: summaryOf(black), white: summaryOf(white) } };
  }

  /** A player's latest analysed rated games, newest first. */
  async ratedSidesOf(playerId: string, limit: number): Promise<PlayerAnalysedGame[]> {
    const rows: SideRow[] = await this.dataSource.query(
      `SELECT * FROM analysis_player_games WHERE player_id = $1 AND rated ORDER BY finished_at DESC LIMIT $2`,
      [playerId, limit],
    );
    return rows.map((r) => ({
      gameId: r.game_id,
      color: r.color,
      finishedAt: new Date(r.finished_at),
      summary: summaryOf(r),
      moveSeconds: (r.move_seconds ?? []).map(Number),
      ...phasesOf(r),
    }));
  }

  /**
   * Every player with an analysed rated game within `activeDays`, with their latest `perPlayer`
   * analysed rated games' phase totals and their rating: the population the bands come from.
   * (A scan of analysis_player_games: it runs for the moderators' page, not on the play path.)
   */
  async population(perPlayer: number, activeDays: number): Promise<PopulationRow[]> {
    const rows: {
      player_id: string; username: string; rating: number;
      phases: Array<{ ec: number; eb: number; el: number; sc: number; sb: number; sl: number }>;
    }[] = await this.dataSource.query(
      `WITH recent AS (
         SELECT a.*, row_number() OVER (PARTITION BY a.player_id ORDER BY a.finished_at DESC) AS n
         FROM analysis_player_games a
         WHERE a.rated AND a.player_id IN (
           SELECT DISTINCT player_id FROM analysis_player_games WHERE rated AND finished_at > now() - make_interval(days => $2)))
       SELECT r.player_id, p.username, p.rating,
         json_agg(json_build_object('ec', r.exact_counted, 'eb', r.exact_best, 'el', r.exact_loss,
           'sc', r.estimated_counted, 'sb', r.estimated_best, 'sl', r.estimated_loss)) AS phases
       FROM recent r JOIN players p ON p.id = r.player_id
       WHERE r.n <= $1
       GROUP BY r.player_id, p.username, p.rating`,
      [perPlayer, activeDays],
    );
    return rows.map((r) => ({
      playerId: r.player_id,
      username: r.username,
      rating: Number(r.rating),
      phases: r.phases.map((x) => ({
        exact: { counted: x.ec, best: x.eb, lossSum: Number(x.el) },
        estimated: { counted: x.sc, best: x.sb, lossSum: Number(x.sl) },
      })),
    }));
  }
}
