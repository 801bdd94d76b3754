import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, MOVE_WRITE_BATCHES_DEFAULT, type AppConfig } from '../config/config.js';
import { Db } from '../database/db.js';
import { sql } from '../database/sql.js';
import type { GameState, GameStatus, MoveRecord, Progress } from './domain/game.js';
import { GAMES, MOVES, OPENING, OPENING_FOR_MOVE, SEATS, SEATS_AND_RATINGS, toLoaded, type LoadRow, type SeatPlayer, type VersionedGame } from './game-rows.js';
import { STEP_BATCH_MAX, StepBatcher } from './step-batcher.js';
import { STEP, stepParams, type StepAnswer } from './step-statements.js';

// The row shapes and the table maps are game-rows.ts', the step's statements step-statements.ts'; they are imported from here too.
export * from './game-rows.js';
export * from './step-statements.js';

/** The columns a new game is written with (the rest keep their defaults until the game moves on). */
const NEW_GAME_KEYS = [
  'id', 'roomId', 'roomCode', 'rated', 'turnSeconds', 'showLegalMoves', 'blackId', 'whiteId', 'blackStandIn', 'whiteStandIn', 'board', 'toMove',
  'ply', 'status', 'turnDeadline', 'takeoverAt', 'turnStartedAt', 'createdAt', 'idleSeconds', 'standInMoves', 'idleDeadline',
  'clockBaseSeconds', 'clockIncrementSeconds', 'blackClockMs', 'whiteClockMs', 'blackLagQuotaMs', 'whiteLagQuotaMs', 'computerLevel',
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

/**
 * The hot path's statements: the step's write, and the load when this copy does not hold the game
 * (the moves benchmark drives them with a bare pg client too, and the batch of steps through StepBatcher).
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
  /** The move path's group commit (writes outside a unit of work). */
  readonly steps: StepBatcher;

  constructor(
    private readonly db: Db,
    @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'moveWriteBatches' | 'dbPoolSize'>,
  ) {
    // Outside a unit of work Db runs a statement on the pool, which is where every batch goes.
    this.steps = new StepBatcher((statement) => this.db.query(statement), {
      inFlight: config ? Math.min(config.moveWriteBatches, config.dbPoolSize) : MOVE_WRITE_BATCHES_DEFAULT,
      maxSteps: STEP_BATCH_MAX,
    });
  }


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
   * another write of the row) got there first: nothing was written. Inside a unit of work it is
   * the transaction's own statement; outside, it goes through the group commit (StepBatcher),
   * with other games' steps waiting at the same time.
   */
  async writeStep(
    progress: Progress,
    version: number,
    options: { dueBy?: Date; opening?: { id: string | null } } = {},
  ): Promise<{ version: number; black: SeatPlayer; white: SeatPlayer } | null> {
    const params = stepParams(progress, version, options.dueBy ?? null, options.opening);
    const row: StepAnswer | null = this.db.inTransaction ? await this.db.first(STEP(params)) : await this.steps.write(params);
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
