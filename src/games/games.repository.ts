import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type pg from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { EVENTS_CHANNEL } from '../events/topics.js';
import type { GameState, GameStatus, MoveRecord, Progress } from './domain/game.js';

/** A seated player's public fields, as a game's answer shows them. */
export interface SeatPlayer {
  id: string;
  username: string;
  rating: number;
}

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

/** A game with what its answer needs. */
export interface LoadedGame {
  game: GameState;
  black: SeatPlayer;
  white: SeatPlayer;
}

/** Something that runs SQL: the pool (the hot path, named prepared statements) or a transaction. */
type Runner = { kind: 'pool'; pool: pg.Pool } | { kind: 'tx'; manager: EntityManager };

const GAME_COLUMNS = `g.id, g.room_id, g.room_code, g.rated, g.turn_seconds, g.show_legal_moves, g.black_id, g.white_id,
  g.black_stand_in, g.white_stand_in, g.board, g.to_move, g.ply, g.status, g.winner, g.result_reason, g.black_discs,
  g.white_discs, g.black_rating_change, g.white_rating_change, g.turn_deadline, g.takeover_at, g.turn_started_at,
  g.created_at, g.finished_at, g.idle_seconds, g.stand_in_moves, g.black_cpu_moves, g.white_cpu_moves, g.black_takeovers,
  g.white_takeovers, g.idle_deadline, g.aborted_by`;

const LOAD_SQL = `SELECT ${GAME_COLUMNS}, b.username AS black_username, b.rating AS black_rating,
  w.username AS white_username, w.rating AS white_rating
  FROM games g JOIN players b ON b.id = g.black_id JOIN players w ON w.id = g.white_id WHERE g.id = $1`;

/**
 * The one write of a game's step: updates the row only if it is still at the ply the step started
 * from (the ply is the game's version, with the seats' stand-in flags for steps that change only
 * those, and for a takeover the time it is due), inserts the step's records, and queues its events, all in
 * one statement (atomic on its own; NOTIFY is delivered on commit). 0 rows updated = a concurrent
 * step won, and nothing was written.
 */
const STEP_SQL = `WITH upd AS (
    UPDATE games SET board = $3, to_move = $4, ply = $5, status = $6, winner = $7, result_reason = $8,
      black_discs = $9, white_discs = $10, black_stand_in = $11, white_stand_in = $12, turn_deadline = $13,
      takeover_at = $14, turn_started_at = $15, finished_at = $16, black_cpu_moves = $22, white_cpu_moves = $23,
      black_takeovers = $24, white_takeovers = $25, idle_deadline = $26, aborted_by = $27
    WHERE id = $1 AND ply = $2 AND status = 'active' AND black_stand_in = $19 AND white_stand_in = $20
      AND ($21::timestamptz IS NULL OR takeover_at <= $21)
    RETURNING id
  ), ins AS (
    INSERT INTO moves (game_id, ply, color, square, pass, flipped, by, played_at)
    SELECT upd.id, r.ply, r.color, r.square, r.pass, r.flipped, r.by, r.at
    FROM upd, jsonb_to_recordset($17::jsonb) AS r(ply int, color text, square smallint, pass boolean, flipped smallint[], by text, at timestamptz)
    RETURNING 1
  ), note AS (
    SELECT pg_notify('${EVENTS_CHANNEL}', e.payload) FROM upd, unnest($18::text[]) WITH ORDINALITY AS e(payload, n) ORDER BY e.n
  )
  SELECT (SELECT count(*) FROM upd)::int AS updated, (SELECT count(*) FROM ins)::int AS inserted, (SELECT count(*) FROM note)::int AS notified`;

export interface GameRow {
  id: string;
  room_id: string | null;
  room_code: string | null;
  rated: boolean;
  turn_seconds: number | null;
  show_legal_moves: boolean;
  black_id: string;
  white_id: string;
  black_stand_in: boolean;
  white_stand_in: boolean;
  board: string;
  to_move: 'black' | 'white' | null;
  ply: number;
  status: GameStatus;
  winner: 'black' | 'white' | null;
  result_reason: GameState['resultReason'];
  black_discs: number | null;
  white_discs: number | null;
  black_rating_change: number | null;
  white_rating_change: number | null;
  turn_deadline: Date | null;
  takeover_at: Date | null;
  turn_started_at: Date | null;
  created_at: Date;
  finished_at: Date | null;
  idle_seconds: number | null;
  stand_in_moves: number | null;
  black_cpu_moves: number;
  white_cpu_moves: number;
  black_takeovers: number;
  white_takeovers: number;
  idle_deadline: Date | null;
  aborted_by: 'black' | 'white' | null;
}

export interface LoadRow extends GameRow {
  black_username: string;
  black_rating: number;
  white_username: string;
  white_rating: number;
}

interface MoveRow {
  ply: number;
  color: 'black' | 'white';
  square: number | null;
  pass: boolean;
  flipped: number[];
  by: 'player' | 'cpu';
  played_at: Date;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

export function toGameState(r: GameRow): GameState {
  return {
    id: r.id,
    roomId: r.room_id,
    roomCode: r.room_code,
    rated: r.rated,
    turnSeconds: num(r.turn_seconds),
    idleSeconds: num(r.idle_seconds),
    standInMoves: num(r.stand_in_moves),
    showLegalMoves: r.show_legal_moves,
    blackId: r.black_id,
    whiteId: r.white_id,
    blackStandIn: r.black_stand_in,
    whiteStandIn: r.white_stand_in,
    blackCpuMoves: Number(r.black_cpu_moves ?? 0),
    whiteCpuMoves: Number(r.white_cpu_moves ?? 0),
    blackTakeovers: Number(r.black_takeovers ?? 0),
    whiteTakeovers: Number(r.white_takeovers ?? 0),
    board: r.board,
    toMove: r.to_move,
    ply: Number(r.ply),
    status: r.status,
    winner: r.winner,
    resultReason: r.result_reason,
    blackDiscs: num(r.black_discs),
    whiteDiscs: num(r.white_discs),
    blackRatingChange: num(r.black_rating_change),
    whiteRatingChange: num(r.white_rating_change),
    turnDeadline: date(r.turn_deadline),
    takeoverAt: date(r.takeover_at),
    turnStartedAt: date(r.turn_started_at),
    idleDeadline: date(r.idle_deadline),
    abortedBy: r.aborted_by ?? null,
    createdAt: date(r.created_at)!,
    finishedAt: date(r.finished_at),
  };
}

export function toLoaded(r: LoadRow): LoadedGame {
  return {
    game: toGameState(r),
    black: { id: r.black_id, username: r.black_username, rating: Number(r.black_rating) },
    white: { id: r.white_id, username: r.white_username, rating: Number(r.white_rating) },
  };
}

function toRecord(r: MoveRow): MoveRecord {
  return { ply: Number(r.ply), color: r.color, square: num(r.square), pass: r.pass, flipped: r.flipped.map(Number), by: r.by, at: date(r.played_at)! };
}

export function stepParams(p: Progress, notifications: readonly string[], dueBy: Date | null): unknown[] {
  const g = p.game;
  const records = p.records.map((r) => ({ ...r, at: r.at.toISOString() }));
  return [
    g.id,
    p.origin.ply,
    g.board,
    g.toMove,
    g.ply,
    g.status,
    g.winner,
    g.resultReason,
    g.blackDiscs,
    g.whiteDiscs,
    g.blackStandIn,
    g.whiteStandIn,
    g.turnDeadline,
    g.takeoverAt,
    g.turnStartedAt,
    g.finishedAt,
    JSON.stringify(records),
    notifications,
    p.origin.blackStandIn,
    p.origin.whiteStandIn,
    dueBy,
    g.blackCpuMoves,
    g.whiteCpuMoves,
    g.blackTakeovers,
    g.whiteTakeovers,
    g.idleDeadline,
    g.abortedBy,
  ];
}

/** The hot path's two statements (the moves benchmark drives them with a bare pg client too). */
export const MOVE_SQL = { load: LOAD_SQL, step: STEP_SQL } as const;

/** The only code that touches the `games` and `moves` tables. */
@Injectable()
export class GamesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The pg pool under TypeORM: the hot path uses it for named prepared statements. */
  private get pool(): pg.Pool {
    return (this.dataSource.driver as unknown as { master: pg.Pool }).master;
  }

  private async run<T>(runner: Runner, name: string, text: string, values: unknown[]): Promise<T[]> {
    if (runner.kind === 'pool') return (await this.pool.query({ name, text, values })).rows as T[];
    return (await runner.manager.query(text, values)) as T[];
  }

  private runner(manager?: EntityManager): Runner {
    return manager ? { kind: 'tx', manager } : { kind: 'pool', pool: this.pool };
  }

  /** A game and both seats' public fields, in one round trip. */
  async load(id: string, manager?: EntityManager): Promise<LoadedGame | null> {
    const rows = await this.run<LoadRow>(this.runner(manager), 'game_load', LOAD_SQL, [id]);
    return rows[0] ? toLoaded(rows[0]) : null;
  }

  /** Like {@link load}, with the game row locked until the caller's transaction ends. */
  async loadForUpdate(manager: EntityManager, id: string): Promise<LoadedGame | null> {
    const rows = (await manager.query(`${LOAD_SQL} FOR UPDATE OF g`, [id])) as LoadRow[];
    return rows[0] ? toLoaded(rows[0]) : null;
  }

  /**
   * Writes a step conditionally on the game still being at `progress.origin.ply` (see STEP_SQL).
   * Returns false when a concurrent step got there first (nothing was written).
   */
  async writeStep(progress: Progress, notifications: readonly string[], options: { manager?: EntityManager; dueBy?: Date } = {}): Promise<boolean> {
    const params = stepParams(progress, notifications, options.dueBy ?? null);
    const rows = await this.run<{ updated: number }>(this.runner(options.manager), 'game_step', STEP_SQL, params);
    return rows[0]?.updated === 1;
  }

  async setRatingChanges(manager: EntityManager, id: string, black: number, white: number): Promise<void> {
    await manager.query('UPDATE games SET black_rating_change = $2, white_rating_change = $3 WHERE id = $1', [id, black, white]);
  }

  async insert(manager: EntityManager, g: GameState): Promise<void> {
    await manager.query(
      `INSERT INTO games (id, room_id, room_code, rated, turn_seconds, show_legal_moves, black_id, white_id, black_stand_in,
         white_stand_in, board, to_move, ply, status, turn_deadline, takeover_at, turn_started_at, created_at, idle_seconds,
         stand_in_moves, idle_deadline)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`,
      [
        g.id, g.roomId, g.roomCode, g.rated, g.turnSeconds, g.showLegalMoves, g.blackId, g.whiteId, g.blackStandIn,
        g.whiteStandIn, g.board, g.toMove, g.ply, g.status, g.turnDeadline, g.takeoverAt, g.turnStartedAt, g.createdAt,
        g.idleSeconds, g.standInMoves, g.idleDeadline,
      ],
    );
  }

  async exists(id: string): Promise<boolean> {
    const rows = await this.run(this.runner(), 'game_exists', 'SELECT 1 FROM games WHERE id = $1', [id]);
    return rows.length > 0;
  }

  async recordAt(gameId: string, ply: number): Promise<MoveRecord | null> {
    const rows = await this.run<MoveRow>(
      this.runner(),
      'move_at',
      'SELECT ply, color, square, pass, flipped, by, played_at FROM moves WHERE game_id = $1 AND ply = $2',
      [gameId, ply],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** The records from `fromPly` on, in order. */
  async movesSince(gameId: string, fromPly = 0): Promise<MoveRecord[]> {
    const rows = await this.run<MoveRow>(
      this.runner(),
      'moves_since',
      'SELECT ply, color, square, pass, flipped, by, played_at FROM moves WHERE game_id = $1 AND ply >= $2 ORDER BY ply',
      [gameId, fromPly],
    );
    return rows.map(toRecord);
  }

  /** A player's games, newest first, with both seats. */
  async gamesOf(playerId: string, limit: number, before?: Date): Promise<LoadedGame[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${GAME_COLUMNS}, b.username AS black_username, b.rating AS black_rating,
         w.username AS white_username, w.rating AS white_rating
       FROM games g JOIN players b ON b.id = g.black_id JOIN players w ON w.id = g.white_id
       WHERE (g.black_id = $1 OR g.white_id = $1) AND ($3::timestamptz IS NULL OR g.created_at < $3)
       ORDER BY g.created_at DESC, g.id DESC LIMIT $2`,
      [playerId, limit, before ?? null],
    )) as LoadRow[];
    return rows.map(toLoaded);
  }

  /** Games in play, newest first: the ones to watch. */
  async active(limit: number, before?: Date): Promise<LoadedGame[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${GAME_COLUMNS}, b.username AS black_username, b.rating AS black_rating,
         w.username AS white_username, w.rating AS white_rating
       FROM games g JOIN players b ON b.id = g.black_id JOIN players w ON w.id = g.white_id
       WHERE g.status = 'active' AND ($2::timestamptz IS NULL OR g.created_at < $2)
       ORDER BY g.created_at DESC, g.id DESC LIMIT $1`,
      [limit, before ?? null],
    )) as LoadRow[];
    return rows.map(toLoaded);
  }

  /** Active games whose takeover time has come by `now`, oldest first. */
  async due(now: Date, limit: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM games WHERE status = 'active' AND takeover_at <= $1 ORDER BY takeover_at LIMIT $2`,
      [now, limit],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /**
   * These players are here: in their games without a turn limit, each one's turn's takeover moves
   * to `until`, but never past the turn's idle deadline (for games made before it was stored:
   * `idleSeconds` after the turn began) and never for a first move (its deadline is fixed). One statement for any number of (game, player) pairs;
   * nothing happens where it is not their turn or the CPU holds their seat.
   */
  async touch(pairs: readonly { gameId: string; playerId: string }[], until: Date, idleSeconds: number): Promise<void> {
    if (pairs.length === 0) return;
    await this.run(
      this.runner(),
      'game_touch',
      `UPDATE games g SET takeover_at = LEAST($3::timestamptz, coalesce(g.idle_deadline, coalesce(g.turn_started_at, g.created_at) + make_interval(secs => $4)))
       FROM unnest($1::uuid[], $2::uuid[]) AS p(game_id, player_id)
       WHERE g.id = p.game_id AND g.status = 'active' AND g.turn_seconds IS NULL
         AND ((g.to_move = 'black' AND g.black_id = p.player_id AND NOT g.black_stand_in AND g.ply > 0)
           OR (g.to_move = 'white' AND g.white_id = p.player_id AND NOT g.white_stand_in AND g.ply > 1))`,
      [pairs.map((p) => p.gameId), pairs.map((p) => p.playerId), until, idleSeconds],
    );
  }

  async activeGameIdOf(playerId: string, manager?: EntityManager): Promise<string | null> {
    const rows = await this.run<{ id: string }>(
      this.runner(manager),
      'game_active_of',
      `SELECT id FROM games WHERE status = 'active' AND (black_id = $1 OR white_id = $1) LIMIT 1`,
      [playerId],
    );
    return rows[0]?.id ?? null;
  }

  async statusOf(gameId: string, manager?: EntityManager): Promise<GameStatus | null> {
    const rows = await this.run<{ status: GameStatus }>(this.runner(manager), 'game_status', 'SELECT status FROM games WHERE id = $1', [gameId]);
    return rows[0]?.status ?? null;
  }

  async gameIdsOfRoom(roomId: string, manager?: EntityManager): Promise<string[]> {
    const rows = await this.run<{ id: string }>(
      this.runner(manager),
      'games_of_room',
      'SELECT id FROM games WHERE room_id = $1 ORDER BY created_at, id',
      [roomId],
    );
    return rows.map((r) => r.id);
  }

  /** A game's two seats. */
  async seatsOf(gameId: string, manager?: EntityManager): Promise<{ blackId: string; whiteId: string } | null> {
    const rows = await this.run<{ black_id: string; white_id: string }>(this.runner(manager), 'game_seats', 'SELECT black_id, white_id FROM games WHERE id = $1', [gameId]);
    return rows[0] ? { blackId: rows[0].black_id, whiteId: rows[0].white_id } : null;
  }

  /** Every finished rated game, for `ratings verify` (inside its snapshot transaction). */
  async ratedFinishedGames(manager: EntityManager): Promise<RatedGameRow[]> {
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
    return rows.map((g) => ({
      id: g.id,
      blackId: g.black_id,
      whiteId: g.white_id,
      winner: g.winner,
      finishedAt: date(g.finished_at)!,
      blackRatingChange: num(g.black_rating_change),
      whiteRatingChange: num(g.white_rating_change),
    }));
  }

  // ---- for the ranked queue's pairing waves (one statement each for a whole wave) ----------

  /** Which of these players are seated in an active game. */
  async playersInActiveGames(playerIds: readonly string[], manager?: EntityManager): Promise<Set<string>> {
    if (playerIds.length === 0) return new Set();
    // The active games are few next to a wave's players: read them all (games_active_idx) and intersect here.
    const rows = (await (manager ?? this.dataSource).query(`SELECT black_id, white_id FROM games WHERE status = 'active'`)) as {
      black_id: string;
      white_id: string;
    }[];
    const wanted = new Set(playerIds);
    const busy = new Set<string>();
    for (const r of rows) {
      if (wanted.has(r.black_id)) busy.add(r.black_id);
      if (wanted.has(r.white_id)) busy.add(r.white_id);
    }
    return busy;
  }

  /** Ranked (rated) games created since `since` between each of these pairs (either colours); aborted games do not count. */
  async rankedGamesBetween(pairs: readonly { a: string; b: string }[], since: Date, manager?: EntityManager): Promise<{ a: string; b: string; games: number }[]> {
    if (pairs.length === 0) return [];
    const rows = (await (manager ?? this.dataSource).query(
      `SELECT p.a, p.b, (
         (SELECT count(*) FROM games g WHERE g.rated AND g.status <> 'aborted' AND g.black_id = p.a AND g.white_id = p.b AND g.created_at >= $3)
         + (SELECT count(*) FROM games g WHERE g.rated AND g.status <> 'aborted' AND g.black_id = p.b AND g.white_id = p.a AND g.created_at >= $3))::int AS games
       FROM unnest($1::uuid[], $2::uuid[]) AS p(a, b)`,
      [pairs.map((x) => x.a), pairs.map((x) => x.b), since],
    )) as { a: string; b: string; games: number }[];
    return rows;
  }

  /** For each of these players, how many of their last 10 ranked (rated) games they played with Black. */
  async blackCountsInLast10(playerIds: readonly string[], manager?: EntityManager): Promise<Map<string, number>> {
    if (playerIds.length === 0) return new Map();
    const rows = (await (manager ?? this.dataSource).query(
      `SELECT p.id, (SELECT count(*) FILTER (WHERE l.black) FROM (
           SELECT true AS black, created_at FROM games WHERE rated AND black_id = p.id
           UNION ALL SELECT false, created_at FROM games WHERE rated AND white_id = p.id
           ORDER BY created_at DESC LIMIT 10) l)::int AS n
       FROM unnest($1::uuid[]) AS p(id)`,
      [playerIds],
    )) as { id: string; n: number }[];
    return new Map(rows.filter((r) => r.n > 0).map((r) => [r.id, r.n]));
  }

  /** Inserts many new games in one statement (a pairing wave's games). */
  async insertMany(manager: EntityManager, games: readonly GameState[]): Promise<void> {
    if (games.length === 0) return;
    const col = <K extends keyof GameState>(k: K) => games.map((g) => g[k]);
    await manager.query(
      `INSERT INTO games (id, room_id, room_code, rated, turn_seconds, show_legal_moves, black_id, white_id, black_stand_in,
         white_stand_in, board, to_move, ply, status, turn_deadline, takeover_at, turn_started_at, created_at, idle_seconds,
         stand_in_moves, idle_deadline)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::boolean[], $5::int[], $6::boolean[], $7::uuid[], $8::uuid[],
         $9::boolean[], $10::boolean[], $11::text[], $12::text[], $13::int[], $14::text[], $15::timestamptz[], $16::timestamptz[],
         $17::timestamptz[], $18::timestamptz[], $19::int[], $20::smallint[], $21::timestamptz[])`,
      [
        col('id'), col('roomId'), col('roomCode'), col('rated'), col('turnSeconds'), col('showLegalMoves'), col('blackId'), col('whiteId'),
        col('blackStandIn'), col('whiteStandIn'), col('board'), col('toMove'), col('ply'), col('status'), col('turnDeadline'),
        col('takeoverAt'), col('turnStartedAt'), col('createdAt'), col('idleSeconds'), col('standInMoves'), col('idleDeadline'),
      ],
    );
  }

  async countActive(): Promise<number> {
    const rows = (await this.dataSource.query(`SELECT count(*)::int AS n FROM games WHERE status = 'active'`)) as { n: number }[];
    return rows[0]?.n ?? 0;
  }

  // ---- for the fair-play rules (src/fair-play): a player's recent ranked games ------------

  /**
   * A player's latest `limit` ranked games that ended (finished or aborted) since `since`, newest
   * first, with whether the player aborted it (the abort cooldown's input).
   */
  async endedRankedGamesOf(playerId: string, since: Date, limit: number): Promise<EndedRankedGameRow[]> {
    const rows = (await this.dataSource.query(
      `SELECT finished_at, (aborted_by = 'black' AND black_id = $1) OR (aborted_by = 'white' AND white_id = $1) AS aborted_by_me
       FROM games WHERE rated AND status <> 'active' AND (black_id = $1 OR white_id = $1) AND finished_at >= $2
       ORDER BY finished_at DESC LIMIT $3`,
      [playerId, since, limit],
    )) as { finished_at: Date; aborted_by_me: boolean | null }[];
    return rows.map((r) => ({ endedAt: date(r.finished_at)!, abortedByMe: r.aborted_by_me === true }));
  }

  /**
   * Ranked losses that ended since `since`, newest first, at most `limit` per loser: of one
   * player, or of every player who has a loss by resignation or abandonment before their own
   * `cheapBelowMoves`-th move in that time (the moderators' list). With the moves of their own the
   * loser made, the winner and the winner's rating change.
   */
  async rankedLosses(since: Date, limit: number, who: { playerId: string } | { cheapBelowMoves: number }): Promise<RankedLossRow[]> {
    const one = 'playerId' in who;
    const rows = (await this.dataSource.query(
      `WITH losses AS (
         SELECT g.id, g.finished_at, g.result_reason,
           CASE WHEN g.winner = 'white' THEN g.black_id ELSE g.white_id END AS loser_id,
           CASE WHEN g.winner = 'white' THEN g.white_id ELSE g.black_id END AS winner_id,
           CASE WHEN g.winner = 'white' THEN g.white_rating_change ELSE g.black_rating_change END AS winner_gain,
           (SELECT count(*) FROM moves m WHERE m.game_id = g.id AND m.color = (CASE WHEN g.winner = 'white' THEN 'black' ELSE 'white' END)
              AND m.by = 'player' AND NOT m.pass)::int AS own_moves
         FROM games g
         WHERE g.rated AND g.status = 'finished' AND g.winner IS NOT NULL AND g.finished_at >= $1
           AND ($2::uuid IS NULL OR g.black_id = $2 OR g.white_id = $2)
       ), ranked AS (
         SELECT l.*, row_number() OVER (PARTITION BY l.loser_id ORDER BY l.finished_at DESC, l.id) AS n FROM losses l
         WHERE ($2::uuid IS NULL OR l.loser_id = $2)
           AND ($2::uuid IS NOT NULL OR l.loser_id IN (
             SELECT c.loser_id FROM losses c WHERE c.result_reason IN ('resign', 'abandoned') AND c.own_moves < $4))
       )
       SELECT r.id, r.finished_at, r.result_reason, r.loser_id, lp.username AS loser_username, r.winner_id, wp.username AS winner_username,
         r.winner_gain, r.own_moves
       FROM ranked r JOIN players lp ON lp.id = r.loser_id JOIN players wp ON wp.id = r.winner_id
       WHERE r.n <= $3 ORDER BY r.loser_id, r.finished_at DESC, r.id`,
      [since, one ? who.playerId : null, limit, one ? 0 : who.cheapBelowMoves],
    )) as {
      id: string; finished_at: Date; result_reason: 'board' | 'resign' | 'abandoned'; loser_id: string; loser_username: string;
      winner_id: string; winner_username: string; winner_gain: number | null; own_moves: number;
    }[];
    return rows.map((r) => ({
      gameId: r.id,
      endedAt: date(r.finished_at)!,
      reason: r.result_reason,
      loserId: r.loser_id,
      loserUsername: r.loser_username,
      winnerId: r.winner_id,
      winnerUsername: r.winner_username,
      winnerGain: num(r.winner_gain) ?? 0,
      ownMoves: Number(r.own_moves),
    }));
  }
}
