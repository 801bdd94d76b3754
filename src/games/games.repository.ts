import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql } from '../database/sql.js';
import type { GameState, GameStatus, MoveRecord, Progress } from './domain/game.js';
import { GAMES, MOVES, OPENING, OPENING_FOR_MOVE, SEAT_COLUMNS, SEATS, SEATS_AND_RATINGS, toLoaded, type LoadRow, type SeatFields, type SeatPlayer, type VersionedGame } from './game-rows.js';

// The row shapes and the table maps are game-rows.ts'; they are imported from here too.
export * from './game-rows.js';

/** The columns a new game is written with (the rest keep their defaults until the game moves on). */
const NEW_GAME_KEYS = [
  'id', 'roomId', 'roomCode', 'rated', 'turnSeconds', 'showLegalMoves', 'blackId', 'whiteId', 'blackStandIn', 'whiteStandIn', 'board', 'toMove',
  'ply', 'status', 'turnDeadline', 'takeoverAt', 'turnStartedAt', 'createdAt', 'idleSeconds', 'standInMoves', 'idleDeadline',
  'clockBaseSeconds', 'clockIncrementSeconds', 'blackClockMs', 'whiteClockMs', 'blackLagQuotaMs', 'whiteLagQuotaMs', 'computerLevel',
] as const satisfies readonly (keyof GameState)[];

/** What a step changes of a game. */
const STEP_KEYS = [
  'board', 'toMove', 'ply', 'status', 'winner', 'resultReason', 'blackDiscs', 'whiteDiscs', 'blackStandIn', 'whiteStandIn', 'turnDeadline',
  'takeoverAt', 'turnStartedAt', 'finishedAt', 'blackCpuMoves', 'whiteCpuMoves', 'blackTakeovers', 'whiteTakeovers', 'idleDeadline', 'abortedBy',
  'blackClockMs', 'whiteClockMs', 'blackLagQuotaMs', 'whiteLagQuotaMs',
] as const satisfies readonly (keyof GameState)[];

/** The row's version (see VersionedGame), read with every load of one game. */
const VERSION = 'g.version AS "version"';

/**
 * A game and both seats' public fields, in one round trip (the move path's read, when this copy
 * does not hold the game: GameCache).
 */
const LOAD = sql<{ id: string }, LoadRow>('game_load', (p) => `SELECT ${GAMES.select('g')}, ${VERSION}, ${OPENING_FOR_MOVE}, ${SEATS} WHERE g.id = ${p.id}`);

const LOAD_WITH_RATINGS = sql<{ id: string }, LoadRow>('game_load_with_ratings', (p) => `SELECT ${GAMES.select('g')}, ${VERSION}, ${OPENING}, ${SEATS_AND_RATINGS} WHERE g.id = ${p.id}`);

const LOAD_FOR_UPDATE = sql<{ id: string }, LoadRow>('game_load_for_update', (p) => `SELECT ${GAMES.select('g')}, ${VERSION}, ${OPENING_FOR_MOVE}, ${SEATS} WHERE g.id = ${p.id} FOR UPDATE OF g`);

/** The parameters of a step's write. */
export interface StepParams extends Pick<GameState, (typeof STEP_KEYS)[number]> {
  id: string;
  /** The game as the step found it: the write is conditional on it (its row's version; its ply and seats too, which the version implies). */
  originVersion: number;
  originPly: number;
  originBlackStandIn: boolean;
  originWhiteStandIn: boolean;
  /** A takeover's due time: the write needs the takeover time to have come by then. */
  dueBy: Date | null;
  /** The step's records, as JSON. */
  records: string;
  /** Whether the write stores the game's opening (the load read its first squares), and its id (null: none). */
  openingSet: boolean;
  openingId: string | null;
}

/** What a step's write answers: the row's new version and both seats' public fields as they are now. */
export interface StepRow extends SeatFields {
  updated: number;
  inserted: number;
  version: number;
}

/**
 * The one write of a game's step (the move path's one statement when this copy holds the game):
 * updates the row only if it is still at the version the step was decided on (any change of the
 * row since, by any writer, bumps it: the migrations' trigger; this write bumps it itself, which
 * spares it the trigger's call), and still at its ply, active, with
 * the seats' stand-in flags as found and, for a takeover, the time it is due; and inserts the
 * step's records, in one statement (atomic on its own). It answers the row's new version and both
 * seats' public fields read with it (a player's rating moves with their other games: the answer
 * shows it as a fresh read would). Its events are published after it committed (GamesService),
 * never inside it. No row = a concurrent step (or another write of the row) won, and nothing was
 * written.
 */
const STEP = sql<StepParams, StepRow>(
  'game_step',
  (p) => `WITH upd AS (
    UPDATE games SET version = version + 1, ${STEP_KEYS.map((k) => `${GAMES.col(k)} = ${p[k]}`).join(', ')},
      opening_id = CASE WHEN ${p.openingSet} THEN ${p.openingId} ELSE opening_id END, opening_known = opening_known OR ${p.openingSet}
    WHERE id = ${p.id} AND version = ${p.originVersion} AND ply = ${p.originPly} AND status = 'active'
      AND black_stand_in = ${p.originBlackStandIn} AND white_stand_in = ${p.originWhiteStandIn}
      AND (${p.dueBy}::timestamptz IS NULL OR takeover_at <= ${p.dueBy})
    RETURNING id, version, black_id, white_id
  ), ins AS (
    INSERT INTO moves (${MOVES.names(['gameId', 'ply', 'color', 'square', 'pass', 'flipped', 'by', 'at'])})
    SELECT upd.id, r.ply, r.color, r.square, r.pass, r.flipped, r.by, r.at
    FROM upd, jsonb_to_recordset(${p.records}::jsonb) AS r(ply int, color text, square smallint, pass boolean, flipped smallint[], by text, at timestamptz)
    RETURNING 1
  )
  SELECT 1 AS updated, (SELECT count(*) FROM ins)::int AS inserted, g.version, ${SEAT_COLUMNS}
  FROM upd g JOIN players b ON b.id = g.black_id JOIN players w ON w.id = g.white_id`,
);

/**
 * `version`: the row's version the step was decided on; `opening`: the opening the write stores
 * (see openingToStore), or undefined to leave the row's.
 */
export function stepParams(p: Progress, version: number, dueBy: Date | null, opening?: { id: string | null }): StepParams {
  const g = p.game;
  return {
    openingSet: opening !== undefined,
    openingId: opening?.id ?? null,
    id: g.id,
    originVersion: version,
    originPly: p.origin.ply,
    originBlackStandIn: p.origin.blackStandIn,
    originWhiteStandIn: p.origin.whiteStandIn,
    dueBy,
    board: g.board,
    toMove: g.toMove,
    ply: g.ply,
    status: g.status,
    winner: g.winner,
    resultReason: g.resultReason,
    blackDiscs: g.blackDiscs,
    whiteDiscs: g.whiteDiscs,
    blackStandIn: g.blackStandIn,
    whiteStandIn: g.whiteStandIn,
    turnDeadline: g.turnDeadline,
    takeoverAt: g.takeoverAt,
    turnStartedAt: g.turnStartedAt,
    finishedAt: g.finishedAt,
    blackCpuMoves: g.blackCpuMoves,
    whiteCpuMoves: g.whiteCpuMoves,
    blackTakeovers: g.blackTakeovers,
    whiteTakeovers: g.whiteTakeovers,
    idleDeadline: g.idleDeadline,
    abortedBy: g.abortedBy,
    blackClockMs: g.blackClockMs,
    whiteClockMs: g.whiteClockMs,
    blackLagQuotaMs: g.blackLagQuotaMs,
    whiteLagQuotaMs: g.whiteLagQuotaMs,
    records: JSON.stringify(p.records.map((r) => ({ ...r, at: r.at.toISOString() }))),
  };
}

/**
 * The hot path's statements: the step's write, and the load when this copy does not hold the game
 * (the moves benchmark drives them with a bare pg client too).
 */
export const MOVE_STATEMENTS = { load: LOAD, step: STEP } as const;

const INSERT = sql<Pick<GameState, (typeof NEW_GAME_KEYS)[number]>>(
  null,
  (p) => `INSERT INTO games (${GAMES.names(NEW_GAME_KEYS)}) VALUES (${NEW_GAME_KEYS.map((k) => p[k]).join(', ')})`,
);

/** Many new games in one statement: one array per column. */
type GameColumnArrays = { [K in (typeof NEW_GAME_KEYS)[number]]: GameState[K][] };

const INSERT_MANY = sql<GameColumnArrays>(
  null,
  (p) => `INSERT INTO games (${GAMES.names(NEW_GAME_KEYS)})
    SELECT * FROM unnest(${NEW_GAME_KEYS.map((k) => `${p[k]}::${GAMES.columns[k][1]}[]`).join(', ')})`,
);

const MOVE_COLUMNS = MOVES.select('m', ['ply', 'color', 'square', 'pass', 'flipped', 'by', 'at']);

const MOVE_AT = sql<{ gameId: string; ply: number }, MoveRecord>('move_at', (p) => `SELECT ${MOVE_COLUMNS} FROM moves m WHERE m.game_id = ${p.gameId} AND m.ply = ${p.ply}`);

const MOVES_SINCE = sql<{ gameId: string; fromPly: number }, MoveRecord>(
  'moves_since',
  (p) => `SELECT ${MOVE_COLUMNS} FROM moves m WHERE m.game_id = ${p.gameId} AND m.ply >= ${p.fromPly} ORDER BY m.ply`,
);

const EXISTS = sql<{ id: string }, { one: number }>('game_exists', (p) => `SELECT 1 AS one FROM games WHERE id = ${p.id}`);

const OWN_MOVES = sql<{ gameId: string; color: string }, { n: number }>(
  null,
  (p) => `SELECT count(*)::int AS n FROM moves WHERE game_id = ${p.gameId} AND color = ${p.color} AND by = 'player' AND NOT pass`,
);
const VOID_RATING = sql<{ id: string }>(null, (p) => `UPDATE games SET rating_void = true WHERE id = ${p.id}`);
const SET_RATING_CHANGES = sql<Pick<GameState, 'id' | 'blackRatingChange' | 'whiteRatingChange'>>(
  null,
  (p) => `UPDATE games SET ${GAMES.col('blackRatingChange')} = ${p.blackRatingChange}, ${GAMES.col('whiteRatingChange')} = ${p.whiteRatingChange} WHERE id = ${p.id}`,
);

const DUE = sql<{ now: Date; limit: number }, { id: string }>(
  null,
  (p) => `SELECT id FROM games WHERE status = 'active' AND takeover_at <= ${p.now} ORDER BY takeover_at LIMIT ${p.limit}`,
);

const NEXT_DUE = sql<{ before: Date }, { at: Date | null }>(
  null,
  (p) => `SELECT min(takeover_at) AS at FROM games WHERE status = 'active' AND takeover_at < ${p.before}`,
);

/** A game whose takeover {@link GamesRepository.touch} moved: the seat to move and its new takeover time. */
export interface TouchedGame {
  gameId: string;
  color: 'black' | 'white';
  ply: number;
  takeoverAt: Date;
  /** The row's version after it (GameCache.touched). */
  version: number;
}

const TOUCH = sql<{ gameIds: string[]; playerIds: string[]; until: Date; idleSeconds: number }, TouchedGame>(
  'game_touch',
  (p) => `UPDATE games g SET takeover_at = CASE
      WHEN g.clock_base_seconds IS NOT NULL AND ${p.until}::timestamptz >= g.turn_deadline THEN g.idle_deadline
      ELSE LEAST(${p.until}::timestamptz, coalesce(g.idle_deadline, coalesce(g.turn_started_at, g.created_at) + make_interval(secs => ${p.idleSeconds})))
    END
    FROM unnest(${p.gameIds}::uuid[], ${p.playerIds}::uuid[]) AS p(game_id, player_id)
    WHERE g.id = p.game_id AND g.status = 'active' AND g.turn_seconds IS NULL
      AND ((g.to_move = 'black' AND g.black_id = p.player_id AND NOT g.black_stand_in AND g.ply > 0)
        OR (g.to_move = 'white' AND g.white_id = p.player_id AND NOT g.white_stand_in AND g.ply > 1))
    RETURNING g.id AS "gameId", g.to_move AS "color", g.ply AS "ply", g.takeover_at AS "takeoverAt", g.version AS "version"`,
);

const STATUS_OF = sql<{ id: string }, Pick<GameState, 'status'>>('game_status', (p) => `SELECT ${GAMES.select('g', ['status'])} FROM games g WHERE g.id = ${p.id}`);

const PLIES_OF = sql<{ ids: readonly string[] }, Pick<GameState, 'id' | 'ply' | 'status'>>(
  'game_plies',
  (p) => `SELECT ${GAMES.select('g', ['id', 'ply', 'status'])} FROM games g WHERE g.id = ANY(${p.ids}::uuid[])`,
);

const SEATS_OF = sql<{ id: string }, Pick<GameState, 'blackId' | 'whiteId'>>('game_seats', (p) => `SELECT ${GAMES.select('g', ['blackId', 'whiteId'])} FROM games g WHERE g.id = ${p.id}`);

/**
 * The one writer of the `games` and `moves` tables, and the reads of one game (the move path's
 * among them); lists and the ranked history are read by the repositories beside it.
 */
@Injectable()
export class GamesRepository {
  constructor(private readonly db: Db) {}


  /** A game and both seats' public fields, in one round trip. */
  async load(id: string): Promise<VersionedGame | null> {
    const row = await this.db.first(LOAD({ id }));
    return row ? (toLoaded(row) as VersionedGame) : null;
  }

  /** Like {@link load}, with a finished rated game's ratings before and after it (for answers that show it). */
  async loadWithRatings(id: string): Promise<VersionedGame | null> {
    const row = await this.db.first(LOAD_WITH_RATINGS({ id }));
    return row ? (toLoaded(row) as VersionedGame) : null;
  }

  /** Like {@link load}, with the game row locked until the caller's transaction ends. */
  async loadForUpdate(id: string): Promise<VersionedGame | null> {
    const row = await this.db.first(LOAD_FOR_UPDATE({ id }));
    return row ? (toLoaded(row) as VersionedGame) : null;
  }

  /**
   * Writes a step conditionally on the game's row still being at `version` (see STEP). Returns
   * the row's new version and both seats as they are now, or null when a concurrent step (or
   * another write of the row) got there first: nothing was written.
   */
  async writeStep(
    progress: Progress,
    version: number,
    options: { dueBy?: Date; opening?: { id: string | null } } = {},
  ): Promise<{ version: number; black: SeatPlayer; white: SeatPlayer } | null> {
    const row = await this.db.first(STEP(stepParams(progress, version, options.dueBy ?? null, options.opening)));
    if (!row) return null;
    const g = progress.game;
    return {
      version: row.version,
      black: { id: g.blackId, username: row.blackUsername, rating: row.blackRating, guest: row.blackGuest, rd: row.blackRd },
      white: { id: g.whiteId, username: row.whiteUsername, rating: row.whiteRating, guest: row.whiteGuest, rd: row.whiteRd },
    };
  }

  /** Moves a seat made itself in a game (not the CPU's, not passes). */
  async ownMoves(gameId: string, color: 'black' | 'white'): Promise<number> {
    return (await this.db.first(OWN_MOVES({ gameId, color })))?.n ?? 0;
  }

  /** The ranked game counts for neither rating (a cheap win: see transitions.cheapWin). */
  async voidRating(id: string): Promise<void> {
    await this.db.query(VOID_RATING({ id }));
  }

  async setRatingChanges(id: string, black: number, white: number): Promise<void> {
    await this.db.query(SET_RATING_CHANGES({ id, blackRatingChange: black, whiteRatingChange: white }));
  }

  async insert(g: GameState): Promise<void> {
    await this.db.query(INSERT(g));
  }

  /** Inserts many new games in one statement (a pairing wave's games). */
  async insertMany(games: readonly GameState[]): Promise<void> {
    if (games.length === 0) return;
    const arrays = Object.fromEntries(NEW_GAME_KEYS.map((k) => [k, games.map((g) => g[k])])) as GameColumnArrays;
    await this.db.query(INSERT_MANY(arrays));
  }

  async exists(id: string): Promise<boolean> {
    return (await this.db.first(EXISTS({ id }))) !== null;
  }

  async recordAt(gameId: string, ply: number): Promise<MoveRecord | null> {
    return this.db.first(MOVE_AT({ gameId, ply }));
  }

  /** The records from `fromPly` on, in order. */
  movesSince(gameId: string, fromPly = 0): Promise<MoveRecord[]> {
    return this.db.query(MOVES_SINCE({ gameId, fromPly }));
  }

  /** Active games whose takeover time has come by `now`, oldest first. */
  async due(now: Date, limit: number): Promise<string[]> {
    return (await this.db.query(DUE({ now, limit }))).map((r) => r.id);
  }

  /** The earliest takeover time of an active game before `before` (the sweeper's next instant), or null. */
  async nextDue(before: Date): Promise<Date | null> {
    return (await this.db.first(NEXT_DUE({ before })))?.at ?? null;
  }

  /**
   * These players are here: in their games without a turn limit, each one's turn's takeover moves
   * to `until`, but never past the turn's idle deadline (for games made before it was stored:
   * `idleSeconds` after the turn began; in a clocked game the flag plus its grace, and straight to
   * it when `until` is past the clock's zero: the stand-in comes only before the flag) and never
   * for a first move (its deadline is fixed). One
   * statement for any number of (game, player) pairs; nothing happens where it is not their turn
   * or the CPU holds their seat. Answers each moved game's new takeover time (its standInAt), for
   * the presence `seat` events.
   */
  async touch(pairs: readonly { gameId: string; playerId: string }[], until: Date, idleSeconds: number): Promise<TouchedGame[]> {
    if (pairs.length === 0) return [];
    return this.db.query(TOUCH({ gameIds: pairs.map((p) => p.gameId), playerIds: pairs.map((p) => p.playerId), until, idleSeconds }));
  }

  async statusOf(gameId: string): Promise<GameStatus | null> {
    return (await this.db.first(STATUS_OF({ id: gameId })))?.status ?? null;
  }

  /** The ply and status of each of these games (one statement: the game streams' periodic check). */
  pliesOf(ids: readonly string[]): Promise<Pick<GameState, 'id' | 'ply' | 'status'>[]> {
    return this.db.query(PLIES_OF({ ids }));
  }

  /** A game's two seats. */
  seatsOf(gameId: string): Promise<{ blackId: string; whiteId: string } | null> {
    return this.db.first(SEATS_OF({ id: gameId }));
  }
}
