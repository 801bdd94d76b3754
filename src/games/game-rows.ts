/**
 * The `games` and `moves` tables as the app maps them, and a game joined with both seats' public
 * fields (and, for reads that show finished games, the rating steps): shared by the games
 * repository (the tables' one writer) and the read repositories beside it.
 */
import { table } from '../database/sql.js';
import type { GameState, MoveRecord } from './domain/game.js';
import { LONGEST_LINE } from '../openings/domain/openings.js';

/** A seated player's public fields, as a game's answer shows them. */
export interface SeatPlayer {
  id: string;
  username: string;
  rating: number;
  guest: boolean;
  /** The RD stored with the rating (as of the player's last rated game). */
  rd: number;
}

/** A player's rating before and after a rated game (its rating_history row). */
export interface RatingStep {
  rating: number;
  rd: number;
  ratingBefore: number;
  rdBefore: number;
}

/** A game with what its answer needs. */
export interface LoadedGame {
  game: GameState;
  black: SeatPlayer;
  white: SeatPlayer;
  /** A finished rated game: each player's rating before and after it (absent otherwise). */
  ratings?: { black: RatingStep; white: RatingStep } | null;
  /**
   * The squares of its first moves (passes left out, at most OPENING_RECORDS records): what names
   * its opening while it can still change. Read only where the row's stored name is not final yet
   * (or, for a game from before the name was stored, not known).
   */
  openingSquares?: number[];
  /** The id of the opening stored on the row (null: none), where the row has one (absent on games from before it was stored). */
  openingId?: string | null;
  /** The row's version as read (the reads of one game have it): a step's write is conditional on it. */
  version?: number;
}

/** A game as a read of it (or a write) left it, with its row's version: what a step is decided on. */
export type VersionedGame = LoadedGame & { version: number };

/** The `games` table: one column per property of the game (a game row reads as a GameState). */
export const GAMES = table<GameState>('games', {
  id: ['id', 'uuid'],
  roomId: ['room_id', 'uuid'],
  roomCode: ['room_code', 'text'],
  rated: ['rated', 'boolean'],
  turnSeconds: ['turn_seconds', 'int'],
  showLegalMoves: ['show_legal_moves', 'boolean'],
  blackId: ['black_id', 'uuid'],
  whiteId: ['white_id', 'uuid'],
  blackStandIn: ['black_stand_in', 'boolean'],
  whiteStandIn: ['white_stand_in', 'boolean'],
  board: ['board', 'text'],
  toMove: ['to_move', 'text'],
  ply: ['ply', 'int'],
  status: ['status', 'text'],
  winner: ['winner', 'text'],
  resultReason: ['result_reason', 'text'],
  blackDiscs: ['black_discs', 'int'],
  whiteDiscs: ['white_discs', 'int'],
  blackRatingChange: ['black_rating_change', 'float8'],
  whiteRatingChange: ['white_rating_change', 'float8'],
  turnDeadline: ['turn_deadline', 'timestamptz'],
  takeoverAt: ['takeover_at', 'timestamptz'],
  turnStartedAt: ['turn_started_at', 'timestamptz'],
  createdAt: ['created_at', 'timestamptz'],
  finishedAt: ['finished_at', 'timestamptz'],
  idleSeconds: ['idle_seconds', 'int'],
  standInMoves: ['stand_in_moves', 'smallint'],
  blackCpuMoves: ['black_cpu_moves', 'smallint'],
  whiteCpuMoves: ['white_cpu_moves', 'smallint'],
  blackTakeovers: ['black_takeovers', 'smallint'],
  whiteTakeovers: ['white_takeovers', 'smallint'],
  idleDeadline: ['idle_deadline', 'timestamptz'],
  abortedBy: ['aborted_by', 'text'],
  clockBaseSeconds: ['clock_base_seconds', 'int'],
  clockIncrementSeconds: ['clock_increment_seconds', 'int'],
  blackClockMs: ['black_clock_ms', 'int'],
  whiteClockMs: ['white_clock_ms', 'int'],
  blackLagQuotaMs: ['black_lag_quota_ms', 'int'],
  whiteLagQuotaMs: ['white_lag_quota_ms', 'int'],
  computerLevel: ['computer_level', 'smallint'],
});

/** The `moves` table: a move record per row (keyed by its game). */
export const MOVES = table<MoveRecord & { gameId: string }>('moves', {
  gameId: ['game_id', 'uuid'],
  ply: ['ply', 'int'],
  color: ['color', 'text'],
  square: ['square', 'smallint'],
  pass: ['pass', 'boolean'],
  flipped: ['flipped', 'smallint[]'],
  by: ['by', 'text'],
  at: ['played_at', 'timestamptz'],
});

/** Both seats' public fields, joined to a game as `g` (players `b` and `w`). */
export const SEAT_COLUMNS = `b.username AS "blackUsername", b.rating AS "blackRating", b.guest AS "blackGuest", b.rd AS "blackRd",
  w.username AS "whiteUsername", w.rating AS "whiteRating", w.guest AS "whiteGuest", w.rd AS "whiteRd"`;

export const SEAT_JOINS = 'FROM games g JOIN players b ON b.id = g.black_id JOIN players w ON w.id = g.white_id';

export const SEATS = `${SEAT_COLUMNS} ${SEAT_JOINS}`;

/**
 * The squares of a game's first moves (passes left out), as many as can name its opening (the
 * longest named line; twice as many records leaves room for passes among them): a primary-key range
 * probe of `moves`, so every read of a game can name its opening without another round trip.
 */
export const OPENING_RECORDS = 2 * LONGEST_LINE;

const OPENING_SQUARES_OF_G = `ARRAY(SELECT m.square FROM moves m WHERE m.game_id = g.id AND m.ply < ${OPENING_RECORDS} AND NOT m.pass ORDER BY m.ply)`;

/**
 * A read's opening: the name stored on the row (written with the move that made it), and the
 * first squares only for a game from before it was stored (PostgreSQL evaluates a CASE branch
 * only when it is taken, so a game with its name on the row costs no probe of `moves`).
 */
export const OPENING = `g.opening_id AS "openingId", g.opening_known AS "openingKnown",
  CASE WHEN NOT g.opening_known THEN ${OPENING_SQUARES_OF_G} END AS "openingSquares"`;

/**
 * The move path's opening: also the first squares while a move can still change the name (the
 * first OPENING_RECORDS records), so that its write stores the name after it.
 */
export const OPENING_FOR_MOVE = `g.opening_id AS "openingId", g.opening_known AS "openingKnown",
  CASE WHEN NOT g.opening_known OR g.ply < ${OPENING_RECORDS} THEN ${OPENING_SQUARES_OF_G} END AS "openingSquares"`;

/**
 * The seats and, for a rated game that is over, each player's rating before and after it (its
 * rating_history rows `hb`, `hw`: primary-key probes). For reads that show finished games (a game's
 * answer, its stream's replay, a player's games); the move path reads the game without them.
 */
export const SEATS_AND_RATINGS = `${SEAT_COLUMNS},
  hb.rating_before AS "blackRatingBefore", hb.rd_before AS "blackRdBefore", hb.rating AS "blackRatingAfter", hb.rd AS "blackRdAfter",
  hw.rating_before AS "whiteRatingBefore", hw.rd_before AS "whiteRdBefore", hw.rating AS "whiteRatingAfter", hw.rd AS "whiteRdAfter"
  ${SEAT_JOINS}
  LEFT JOIN rating_history hb ON hb.game_id = g.id AND hb.player_id = g.black_id
  LEFT JOIN rating_history hw ON hw.game_id = g.id AND hw.player_id = g.white_id`;

/** Both seats' public fields, as the reads of a game (and a step's write) answer them. */
export interface SeatFields {
  blackUsername: string;
  blackRating: number;
  blackGuest: boolean;
  blackRd: number;
  whiteUsername: string;
  whiteRating: number;
  whiteGuest: boolean;
  whiteRd: number;
}

export type LoadRow = GameState & SeatFields & {
  version?: number;
  openingSquares?: number[] | null;
  openingId?: string | null;
  openingKnown?: boolean;
  blackRatingBefore?: number | null;
  blackRdBefore?: number | null;
  blackRatingAfter?: number | null;
  blackRdAfter?: number | null;
  whiteRatingBefore?: number | null;
  whiteRdBefore?: number | null;
  whiteRatingAfter?: number | null;
  whiteRdAfter?: number | null;
};

export function toLoaded(r: LoadRow): LoadedGame {
  const {
    blackUsername, blackRating, blackGuest, blackRd, whiteUsername, whiteRating, whiteGuest, whiteRd,
    blackRatingBefore, blackRdBefore, blackRatingAfter, blackRdAfter, whiteRatingBefore, whiteRdBefore, whiteRatingAfter, whiteRdAfter,
    openingSquares, openingId, openingKnown, version,
    ...game
  } = r;
  const rated =
    blackRatingBefore != null && blackRdBefore != null && blackRatingAfter != null && blackRdAfter != null &&
    whiteRatingBefore != null && whiteRdBefore != null && whiteRatingAfter != null && whiteRdAfter != null;
  return {
    game,
    black: { id: game.blackId, username: blackUsername, rating: blackRating, guest: blackGuest, rd: blackRd },
    white: { id: game.whiteId, username: whiteUsername, rating: whiteRating, guest: whiteGuest, rd: whiteRd },
    ratings: rated
      ? {
          black: { ratingBefore: blackRatingBefore, rdBefore: blackRdBefore, rating: blackRatingAfter, rd: blackRdAfter },
          white: { ratingBefore: whiteRatingBefore, rdBefore: whiteRdBefore, rating: whiteRatingAfter, rd: whiteRdAfter },
        }
      : null,
    ...(openingSquares ? { openingSquares } : {}),
    ...(openingKnown ? { openingId: openingId ?? null } : {}),
    ...(version !== undefined ? { version } : {}),
  };
}
