import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql, table } from '../database/sql.js';
import type { PlayerSummary } from './domain/analysis.js';
import type { GamePhases } from './domain/fair-play.js';
import type { AnalysisJobState } from './entities/analysis-job.entity.js';
import type { AnalysisPlayerGame } from './entities/analysis-player-game.entity.js';
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
  /** The other player's username (null if that account is gone). */
  opponent: string | null;
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

type Side = Omit<AnalysisPlayerGame, 'game' | 'player'>;

/** The `analysis_player_games` table: a row reads as an AnalysisPlayerGame. */
export const ANALYSIS_PLAYER_GAMES = table<Side>('analysis_player_games', {
  gameId: ['game_id', 'uuid'],
  color: ['color', 'text'],
  playerId: ['player_id', 'uuid'],
  rated: ['rated', 'boolean'],
  finishedAt: ['finished_at', 'timestamptz'],
  counted: ['counted', 'int'],
  meanLoss: ['mean_loss', 'float8'],
  bestShare: ['best_share', 'float8'],
  inaccuracies: ['inaccuracies', 'int'],
  mistakes: ['mistakes', 'int'],
  blunders: ['blunders', 'int'],
  exactCounted: ['exact_counted', 'int'],
  exactBest: ['exact_best', 'int'],
  exactLoss: ['exact_loss', 'float8'],
  estimatedCounted: ['estimated_counted', 'int'],
  estimatedBest: ['estimated_best', 'int'],
  estimatedLoss: ['estimated_loss', 'float8'],
  moveSeconds: ['move_seconds', 'real[]'],
});
const SIDE_KEYS = Object.keys(ANALYSIS_PLAYER_GAMES.columns) as (keyof Side)[];
const SIDE = ANALYSIS_PLAYER_GAMES.select('a');

const FAIL_DEAD = sql<{ maxAttempts: number }>(
  null,
  (p) => `UPDATE analysis_jobs SET state = 'failed', lease_until = NULL,
      last_error = coalesce(last_error, 'its runner stopped ' || attempts || ' times')
    WHERE state = 'running' AND lease_until < now() AND attempts >= ${p.maxAttempts}`,
);
/**
 * The games that finished since the newest queued one (less the overlap: a game whose ending
 * transaction committed late is not missed), oldest first. Priority 0: ranked games; 1: other
 * games between accounts; 2: casual games with a guest, analysed only when nothing else waits
 * (two guests can finish a game in seconds, each an analysis of seconds of engine time).
 */
const DISCOVER = sql<{ overlapSeconds: number; limit: number }, { n: number }>(
  null,
  (p) => `WITH inserted AS (
      INSERT INTO analysis_jobs (game_id, priority, finished_at)
      SELECT g.id, CASE WHEN g.rated THEN 0
          WHEN EXISTS (SELECT 1 FROM players p WHERE p.id IN (g.black_id, g.white_id) AND p.guest) THEN 2 ELSE 1 END, g.finished_at FROM games g
      WHERE g.status = 'finished'
        AND g.finished_at >= coalesce((SELECT max(finished_at) FROM analysis_jobs), '-infinity'::timestamptz) - make_interval(secs => ${p.overlapSeconds})
        AND NOT EXISTS (SELECT 1 FROM analysis_jobs j WHERE j.game_id = g.id)
      ORDER BY g.finished_at LIMIT ${p.limit}
      ON CONFLICT (game_id) DO NOTHING
      RETURNING 1)
    SELECT count(*)::int AS n FROM inserted`,
);
/**
 * The next job: a queued one, or a running one whose lease ran out (its runner died). By priority
 * (ranked first), then fairly between players: each player's newest waiting game takes its turn
 * before anyone's second, counting the games of theirs taken in the last hour (a game's turn is
 * the later of its two players'), so a player who finishes games by the dozen waits behind
 * everyone else's; then the newest.
 */
const CLAIM = sql<{ claimedBy: string; leaseSeconds: number; maxAttempts: number }, ClaimedJob>(
  null,
  (p) => `WITH todo AS (
      SELECT t.game_id, t.priority, t.finished_at, g.black_id, g.white_id FROM analysis_jobs t JOIN games g ON g.id = t.game_id
      WHERE (t.state = 'queued' OR (t.state = 'running' AND t.lease_until < now())) AND t.attempts < ${p.maxAttempts}),
    served AS (
      SELECT s.player_id, count(*) AS n FROM analysis_jobs t JOIN games g ON g.id = t.game_id
        CROSS JOIN LATERAL (VALUES (g.black_id), (g.white_id)) AS s(player_id)
      WHERE t.state <> 'queued' AND t.finished_at > now() - interval '1 hour'
      GROUP BY s.player_id),
    seats AS (
      SELECT game_id, coalesce(served.n, 0) + row_number() OVER (PARTITION BY priority, s.player_id ORDER BY finished_at DESC, game_id) AS turn
      FROM todo CROSS JOIN LATERAL (VALUES (black_id), (white_id)) AS s(player_id) LEFT JOIN served USING (player_id)),
    turns AS (SELECT game_id, max(turn) AS turn FROM seats GROUP BY game_id),
    next AS (
      SELECT j.game_id FROM analysis_jobs j JOIN todo USING (game_id) JOIN turns USING (game_id)
      WHERE (j.state = 'queued' OR (j.state = 'running' AND j.lease_until < now())) AND j.attempts < ${p.maxAttempts}
      ORDER BY todo.priority, turns.turn, todo.finished_at DESC
      LIMIT 1 FOR UPDATE OF j SKIP LOCKED)
    UPDATE analysis_jobs j SET state = 'running', attempts = j.attempts + 1, claimed_by = ${p.claimedBy},
      lease_until = now() + make_interval(secs => ${p.leaseSeconds})
    FROM next WHERE j.game_id = next.game_id
    RETURNING j.game_id AS "gameId", j.attempts`,
);
const INSERT_ANALYSIS = sql<{ gameId: string; exactFromEmpties: number; depth: number; moves: string; engineMs: number }>(
  null,
  (p) => `INSERT INTO game_analyses (game_id, exact_from_empties, depth, moves, engine_ms)
    VALUES (${p.gameId}, ${p.exactFromEmpties}, ${p.depth}, ${p.moves}::jsonb, ${p.engineMs}) ON CONFLICT (game_id) DO NOTHING`,
);
const INSERT_SIDE = sql<Side>(
  null,
  (p) => `INSERT INTO analysis_player_games (${ANALYSIS_PLAYER_GAMES.names(SIDE_KEYS)})
    VALUES (${SIDE_KEYS.map((k) => `${p[k]}::${ANALYSIS_PLAYER_GAMES.columns[k][1]}`).join(', ')})
    ON CONFLICT (game_id, color) DO NOTHING`,
);
const DONE = sql<{ gameId: string }>(
  null,
  (p) => `UPDATE analysis_jobs SET state = 'done', done_at = now(), lease_until = NULL, last_error = NULL WHERE game_id = ${p.gameId}`,
);
const FAIL = sql<{ gameId: string; error: string; maxAttempts: number }>(
  null,
  (p) => `UPDATE analysis_jobs SET state = CASE WHEN attempts >= ${p.maxAttempts} THEN 'failed' ELSE 'queued' END, lease_until = NULL,
      last_error = ${p.error}
    WHERE game_id = ${p.gameId} AND state = 'running'`,
);
const RELEASE = sql<{ claimedBy: string }>(
  null,
  (p) => `UPDATE analysis_jobs SET state = 'queued', lease_until = NULL, attempts = greatest(0, attempts - 1)
    WHERE state = 'running' AND claimed_by = ${p.claimedBy}`,
);
const QUEUE_LENGTHS = sql<Record<string, never>, { state: string; n: number }>(
  null,
  () => `SELECT state, count(*)::int AS n FROM analysis_jobs WHERE state IN ('queued', 'running') GROUP BY state`,
);
const JOB_STATE = sql<{ gameId: string }, { state: AnalysisJobState }>('analysis_job_state', (p) => `SELECT state FROM analysis_jobs WHERE game_id = ${p.gameId}`);
const ANALYSIS_OF = sql<{ gameId: string }, { exactFromEmpties: number; depth: number; moves: StoredMoveAnalysis[] }>(
  'analysis_of',
  (p) => `SELECT exact_from_empties AS "exactFromEmpties", depth, moves FROM game_analyses WHERE game_id = ${p.gameId}`,
);
const SIDES_OF = sql<{ gameId: string }, Side>('analysis_sides_of', (p) => `SELECT ${SIDE} FROM analysis_player_games a WHERE a.game_id = ${p.gameId}`);
const RATED_SIDES_OF = sql<{ playerId: string; limit: number }, Side & { opponent: string | null }>(
  null,
  (p) => `SELECT ${SIDE}, o.username AS opponent FROM analysis_player_games a
    LEFT JOIN games g ON g.id = a.game_id
    LEFT JOIN players o ON o.id = CASE WHEN a.color = 'black' THEN g.white_id ELSE g.black_id END
    WHERE a.player_id = ${p.playerId} AND a.rated ORDER BY a.finished_at DESC LIMIT ${p.limit}`,
);
/**
 * Every player with an analysed rated game within `activeDays`, with their latest `perPlayer`
 * games' phase totals and their rating (a scan of analysis_player_games: it serves the moderators,
 * not the play path).
 */
const POPULATION = sql<{ perPlayer: number; activeDays: number }, { playerId: string; username: string; rating: number; phases: Array<Record<'ec' | 'eb' | 'el' | 'sc' | 'sb' | 'sl', number>> }>(
  null,
  (p) => `WITH recent AS (
      SELECT a.*, row_number() OVER (PARTITION BY a.player_id ORDER BY a.finished_at DESC) AS n
      FROM analysis_player_games a
      WHERE a.rated AND a.player_id IN (
        SELECT DISTINCT player_id FROM analysis_player_games WHERE rated AND finished_at > now() - make_interval(days => ${p.activeDays})))
    SELECT r.player_id AS "playerId", pl.username, pl.rating,
      json_agg(json_build_object('ec', r.exact_counted, 'eb', r.exact_best, 'el', r.exact_loss,
        'sc', r.estimated_counted, 'sb', r.estimated_best, 'sl', r.estimated_loss)) AS phases
    FROM recent r JOIN players pl ON pl.id = r.player_id
    WHERE r.n <= ${p.perPlayer}
    GROUP BY r.player_id, pl.username, pl.rating`,
);

const summaryOf = (r: Side): PlayerSummary => ({
  counted: r.counted,
  meanLoss: Number(r.meanLoss),
  bestShare: Number(r.bestShare),
  inaccuracies: r.inaccuracies,
  mistakes: r.mistakes,
  blunders: r.blunders,
});

const phasesOf = (r: Side): GamePhases => ({
  exact: { counted: r.exactCounted, best: r.exactBest, lossSum: Number(r.exactLoss) },
  estimated: { counted: r.estimatedCounted, best: r.estimatedBest, lossSum: Number(r.estimatedLoss) },
});

/**
 * The one owner of the analysis tables: `analysis_jobs` (the durable queue), `game_analyses` (the
 * moves) and `analysis_player_games` (each player's side). Every method runs on the current
 * connection: the caller's unit of work's when one is open (Db).
 */
@Injectable()
export class AnalysisRepository {
  constructor(private readonly db: Db) {}

  /** Gives up the jobs whose runner died `maxAttempts` times, then queues up to `limit` newly finished games; how many. */
  async discover(overlapSeconds: number, limit: number, maxAttempts: number): Promise<number> {
    await this.db.query(FAIL_DEAD({ maxAttempts }));
    return (await this.db.first(DISCOVER({ overlapSeconds, limit })))?.n ?? 0;
  }

  /** Claims the next job for `leaseSeconds`; copies skip each other's locked rows. */
  async claim(claimedBy: string, leaseSeconds: number, maxAttempts: number): Promise<ClaimedJob | null> {
    return this.db.first(CLAIM({ claimedBy, leaseSeconds, maxAttempts }));
  }

  /** The game's moves and both sides (a second writer of the same game changes nothing). */
  async insert(a: NewAnalysis): Promise<void> {
    await this.db.query(INSERT_ANALYSIS({ gameId: a.gameId, exactFromEmpties: a.exactFromEmpties, depth: a.depth, moves: JSON.stringify(a.moves), engineMs: a.engineMs }));
    for (const s of a.sides) {
      await this.db.query(
        INSERT_SIDE({
          gameId: a.gameId, color: s.color, playerId: s.playerId, rated: a.rated, finishedAt: a.finishedAt,
          counted: s.summary.counted, meanLoss: s.summary.meanLoss, bestShare: s.summary.bestShare,
          inaccuracies: s.summary.inaccuracies, mistakes: s.summary.mistakes, blunders: s.summary.blunders,
          exactCounted: s.phases.exact.counted, exactBest: s.phases.exact.best, exactLoss: s.phases.exact.lossSum,
          estimatedCounted: s.phases.estimated.counted, estimatedBest: s.phases.estimated.best, estimatedLoss: s.phases.estimated.lossSum,
          moveSeconds: s.moveSeconds,
        }),
      );
    }
  }

  async markDone(gameId: string): Promise<void> {
    await this.db.query(DONE({ gameId }));
  }

  /** A job that threw: queued again, or failed for good after maxAttempts. */
  async fail(gameId: string, error: string, maxAttempts: number): Promise<void> {
    await this.db.query(FAIL({ gameId, error: error.slice(0, 2000), maxAttempts }));
  }

  /** A copy shutting down hands its running jobs back (without counting the attempt). */
  async release(claimedBy: string): Promise<void> {
    await this.db.query(RELEASE({ claimedBy }));
  }

  /** Jobs waiting or running (the metrics' queue length). */
  async queueLengths(): Promise<{ queued: number; running: number }> {
    const rows = await this.db.query(QUEUE_LENGTHS({}));
    return { queued: rows.find((r) => r.state === 'queued')?.n ?? 0, running: rows.find((r) => r.state === 'running')?.n ?? 0 };
  }

  async jobState(gameId: string): Promise<AnalysisJobState | null> {
    return (await this.db.first(JOB_STATE({ gameId })))?.state ?? null;
  }

  /** A game's stored analysis, or null. */
  async analysisOf(gameId: string): Promise<StoredAnalysis | null> {
    const analysis = await this.db.first(ANALYSIS_OF({ gameId }));
    if (!analysis) return null;
    const sides = await this.db.query(SIDES_OF({ gameId }));
    const black = sides.find((s) => s.color === 'black');
    const white = sides.find((s) => s.color === 'white');
    if (!black || !white) return null;
    return { ...analysis, players: { black: summaryOf(black), white: summaryOf(white) } };
  }

  /** A player's latest analysed rated games, newest first. */
  async ratedSidesOf(playerId: string, limit: number): Promise<PlayerAnalysedGame[]> {
    const rows = await this.db.query(RATED_SIDES_OF({ playerId, limit }));
    return rows.map((r) => ({
      gameId: r.gameId,
      color: r.color,
      opponent: r.opponent,
      finishedAt: new Date(r.finishedAt),
      summary: summaryOf(r),
      moveSeconds: (r.moveSeconds ?? []).map(Number),
      ...phasesOf(r),
    }));
  }

  /** The comparison population of the fair-play statistics (see POPULATION). */
  async population(perPlayer: number, activeDays: number): Promise<PopulationRow[]> {
    const rows = await this.db.query(POPULATION({ perPlayer, activeDays }));
    return rows.map((r) => ({
      playerId: r.playerId,
      username: r.username,
      rating: Number(r.rating),
      phases: r.phases.map((x) => ({
        exact: { counted: x.ec, best: x.eb, lossSum: Number(x.el) },
        estimated: { counted: x.sc, best: x.sb, lossSum: Number(x.sl) },
      })),
    }));
  }
}
