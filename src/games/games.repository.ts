import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql, table } from '../database/sql.js';
import type { GameState, GameStatus, MoveRecord, Progress } from './domain/game.js';
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
  /** A finished rated game: each player's rating before and after it (absent otherwise). */
  ratings?: { black: RatingStep; white: RatingStep } | null;
  /** The squares of its first moves (passes left out, at most OPENING_RECORDS records): what names its opening. Absent where a read did not fetch them. */
  openingSquares?: number[];
}

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

/** Both seats' public fields, joined to a game as `g` (players `b` and `w`). */
const SEAT_COLUMNS = `b.username AS "blackUsername", b.rating AS "blackRating", b.guest AS "blackGuest", b.rd AS "blackRd",
  w.username AS "whiteUsername", w.rating AS "whiteRating", w.guest AS "whiteGuest", w.rd AS "whiteRd"`;
const SEAT_JOINS = 'FROM games g JOIN players b ON b.id = g.black_id JOIN players w ON w.id = g.white_id';
const SEATS = `${SEAT_COLUMNS} ${SEAT_JOINS}`;

/**
 * The squares of a game's first moves (passes left out), as many as can name its opening (the
 * longest named line; twice as many records leaves room for passes among them): a primary-key range
 * probe of `moves`, so every read of a game can name its opening without another round trip.
 */
export const OPENING_RECORDS = 2 * LONGEST_LINE;
const OPENING_SQUARES = `ARRAY(SELECT m.square FROM moves m WHERE m.game_id = g.id AND m.ply < ${OPENING_RECORDS} AND NOT m.pass ORDER BY m.ply) AS "openingSquares"`;

/**
 * The seats and, for a rated game that is over, each player's rating before and after it (its
 * rating_history rows `hb`, `hw`: primary-key probes). For reads that show finished games (a game's
 * answer, its stream's replay, a player's games); the move path reads the game without them.
 */
const SEATS_AND_RATINGS = `${SEAT_COLUMNS},
  hb.rating_before AS "blackRatingBefore", hb.rd_before AS "blackRdBefore", hb.rating AS "blackRatingAfter", hb.rd AS "blackRdAfter",
  hw.rating_before AS "whiteRatingBefore", hw.rd_before AS "whiteRdBefore", hw.rating AS "whiteRatingAfter", hw.rd AS "whiteRdAfter"
  ${SEAT_JOINS}
  LEFT JOIN rating_history hb ON hb.game_id = g.id AND hb.player_id = g.black_id
  LEFT JOIN rating_history hw ON hw.game_id = g.id AND hw.player_id = g.white_id`;

type LoadRow = GameState & {
  openingSquares?: number[];
  blackUsername: string;
  blackRating: number;
  blackGuest: boolean;
  blackRd: number;
  whiteUsername: string;
  whiteRating: number;
  whiteGuest: boolean;
  whiteRd: number;
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
    openingSquares,
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
  };
}

/** A game and both seats' public fields, in one round trip (the move path's first statement). */
const LOAD = sql<{ id: string }, LoadRow>('game_load', (p) => `SELECT ${GAMES.select('g')}, ${OPENING_SQUARES}, ${SEATS} WHERE g.id = ${p.id}`);
const LOAD_WITH_RATINGS = sql<{ id: string }, LoadRow>('game_load_with_ratings', (p) => `SELECT ${GAMES.select('g')}, ${OPENING_SQUARES}, ${SEATS_AND_RATINGS} WHERE g.id = ${p.id}`);
const LOAD_FOR_UPDATE = sql<{ id: string }, LoadRow>('game_load_for_update', (p) => `SELECT ${GAMES.select('g')}, ${OPENING_SQUARES}, ${SEATS} WHERE g.id = ${p.id} FOR UPDATE OF g`);

/** The parameters of a step's write. */
export interface StepParams extends Pick<GameState, (typeof STEP_KEYS)[number]> {
  id: string;
  /** The game as the step found it: the write is conditional on it. */
  originPly: number;
  originBlackStandIn: boolean;
  originWhiteStandIn: boolean;
  /** A takeover's due time: the write needs the takeover time to have come by then. */
  dueBy: Date | null;
  /** The step's records, as JSON. */
  records: string;
}

/**
 * The one write of a game's step (the move path's second statement): updates the row only if it
 * is still at the ply the step started from (the ply is the game's version, with the seats'
 * stand-in flags for steps that change only those, and for a takeover the time it is due) and
 * inserts the step's records, in one statement (atomic on its own). Its events are published
 * after it committed (GamesService), never inside it. 0 rows updated = a concurrent step won, and
 * nothing was written.
 */
const STEP = sql<StepParams, { updated: number }>(
  'game_step',
  (p) => `WITH upd AS (
    UPDATE games SET ${STEP_KEYS.map((k) => `${GAMES.col(k)} = ${p[k]}`).join(', ')}
    WHERE id = ${p.id} AND ply = ${p.originPly} AND status = 'active' AND black_stand_in = ${p.originBlackStandIn} AND white_stand_in = ${p.originWhiteStandIn}
      AND (${p.dueBy}::timestamptz IS NULL OR takeover_at <= ${p.dueBy})
    RETURNING id
  ), ins AS (
    INSERT INTO moves (${MOVES.names(['gameId', 'ply', 'color', 'square', 'pass', 'flipped', 'by', 'at'])})
    SELECT upd.id, r.ply, r.color, r.square, r.pass, r.flipped, r.by, r.at
    FROM upd, jsonb_to_recordset(${p.records}::jsonb) AS r(ply int, color text, square smallint, pass boolean, flipped smallint[], by text, at timestamptz)
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM upd)::int AS updated, (SELECT count(*) FROM ins)::int AS inserted`,
);

export function stepParams(p: Progress, dueBy: Date | null): StepParams {
  const g = p.game;
  return {
    id: g.id,
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

/** The hot path's two statements (the moves benchmark drives them with a bare pg client too). */
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
const SET_RATING_CHANGES = sql<Pick<GameState, 'id' | 'blackRatingChange' | 'whiteRatingChange'>>(
  null,
  (p) => `UPDATE games SET ${GAMES.col('blackRatingChange')} = ${p.blackRatingChange}, ${GAMES.col('whiteRatingChange')} = ${p.whiteRatingChange} WHERE id = ${p.id}`,
);
const GAMES_OF = sql<{ playerId: string; limit: number; before: Date | null }, LoadRow>(
  null,
  (p) => `SELECT ${GAMES.select('g')}, ${OPENING_SQUARES}, ${SEATS_AND_RATINGS}
    WHERE (g.black_id = ${p.playerId} OR g.white_id = ${p.playerId}) AND (${p.before}::timestamptz IS NULL OR g.created_at < ${p.before})
    ORDER BY g.created_at DESC, g.id DESC LIMIT ${p.limit}`,
);
const ACTIVE = sql<{ limit: number; before: Date | null }, LoadRow>(
  null,
  (p) => `SELECT ${GAMES.select('g')}, ${OPENING_SQUARES}, ${SEATS}
    WHERE g.status = 'active' AND (${p.before}::timestamptz IS NULL OR g.created_at < ${p.before})
    ORDER BY g.created_at DESC, g.id DESC LIMIT ${p.limit}`,
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
    RETURNING g.id AS "gameId", g.to_move AS "color", g.ply AS "ply", g.takeover_at AS "takeoverAt"`,
);
const ACTIVE_GAME_OF = sql<{ playerId: string }, { id: string }>(
  'game_active_of',
  (p) => `SELECT id FROM games WHERE status = 'active' AND (black_id = ${p.playerId} OR white_id = ${p.playerId}) LIMIT 1`,
);
const ACTIVE_GAMES_OF = sql<{ playerId: string }, { id: string }>(
  null,
  (p) => `SELECT id FROM games WHERE status = 'active' AND (black_id = ${p.playerId} OR white_id = ${p.playerId}) ORDER BY created_at, id`,
);
const STATUS_OF = sql<{ id: string }, Pick<GameState, 'status'>>('game_status', (p) => `SELECT ${GAMES.select('g', ['status'])} FROM games g WHERE g.id = ${p.id}`);
const PLIES_OF = sql<{ ids: readonly string[] }, Pick<GameState, 'id' | 'ply' | 'status'>>(
  'game_plies',
  (p) => `SELECT ${GAMES.select('g', ['id', 'ply', 'status'])} FROM games g WHERE g.id = ANY(${p.ids}::uuid[])`,
);
const GAMES_OF_ROOM = sql<{ roomId: string }, { id: string }>('games_of_room', (p) => `SELECT id FROM games WHERE room_id = ${p.roomId} ORDER BY created_at, id`);
const SEATS_OF = sql<{ id: string }, Pick<GameState, 'blackId' | 'whiteId'>>('game_seats', (p) => `SELECT ${GAMES.select('g', ['blackId', 'whiteId'])} FROM games g WHERE g.id = ${p.id}`);
const RATED_FINISHED = sql<Record<string, never>, Pick<GameState, 'id' | 'blackId' | 'whiteId' | 'winner' | 'finishedAt' | 'blackRatingChange' | 'whiteRatingChange'>>(
  null,
  () => `SELECT ${GAMES.select('g', ['id', 'blackId', 'whiteId', 'winner', 'finishedAt', 'blackRatingChange', 'whiteRatingChange'])}
    FROM games g WHERE g.rated AND g.status = 'finished'`,
);
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
const COUNT_ACTIVE = sql<Record<string, never>, { n: number }>(null, () => `SELECT count(*)::int AS n FROM games WHERE status = 'active'`);

/** The only code that touches the `games` and `moves` tables. */
@Injectable()
export class GamesRepository {
  constructor(private readonly db: Db) {}

  /** A game and both seats' public fields, in one round trip. */
  async load(id: string): Promise<LoadedGame | null> {
    const row = await this.db.first(LOAD({ id }));
    return row ? toLoaded(row) : null;
  }

  /** Like {@link load}, with a finished rated game's ratings before and after it (for answers that show it). */
  async loadWithRatings(id: string): Promise<LoadedGame | null> {
    const row = await this.db.first(LOAD_WITH_RATINGS({ id }));
    return row ? toLoaded(row) : null;
  }

  /** Like {@link load}, with the game row locked until the caller's transaction ends. */
  async loadForUpdate(id: string): Promise<LoadedGame | null> {
    const row = await this.db.first(LOAD_FOR_UPDATE({ id }));
    return row ? toLoaded(row) : null;
  }

  /**
   * Writes a step conditionally on the game still being at `progress.origin.ply` (see STEP).
   * Returns false when a concurrent step got there first (nothing was written).
   */
  async writeStep(progress: Progress, options: { dueBy?: Date } = {}): Promise<boolean> {
    const row = await this.db.first(STEP(stepParams(progress, options.dueBy ?? null)));
    return row?.updated === 1;
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

  /** A player's games, newest first, with both seats. */
  async gamesOf(playerId: string, limit: number, before?: Date): Promise<LoadedGame[]> {
    return (await this.db.query(GAMES_OF({ playerId, limit, before: before ?? null }))).map(toLoaded);
  }

  /** Games in play, newest first: the ones to watch. */
  async active(limit: number, before?: Date): Promise<LoadedGame[]> {
    return (await this.db.query(ACTIVE({ limit, before: before ?? null }))).map(toLoaded);
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

  async activeGameIdOf(playerId: string): Promise<string | null> {
    return (await this.db.first(ACTIVE_GAME_OF({ playerId })))?.id ?? null;
  }

  /** Every game the player is seated in that is not over (one, normally; a race may leave two). */
  async activeGameIdsOf(playerId: string): Promise<string[]> {
    return (await this.db.query(ACTIVE_GAMES_OF({ playerId }))).map((r) => r.id);
  }

  async statusOf(gameId: string): Promise<GameStatus | null> {
    return (await this.db.first(STATUS_OF({ id: gameId })))?.status ?? null;
  }

  /** The ply and status of each of these games (one statement: the game streams' periodic check). */
  pliesOf(ids: readonly string[]): Promise<Pick<GameState, 'id' | 'ply' | 'status'>[]> {
    return this.db.query(PLIES_OF({ ids }));
  }

  async gameIdsOfRoom(roomId: string): Promise<string[]> {
    return (await this.db.query(GAMES_OF_ROOM({ roomId }))).map((r) => r.id);
  }

  /** A game's two seats. */
  seatsOf(gameId: string): Promise<{ blackId: string; whiteId: string } | null> {
    return this.db.first(SEATS_OF({ id: gameId }));
  }

  /** Every finished rated game, for `ratings verify` (inside its snapshot transaction). */
  async ratedFinishedGames(): Promise<RatedGameRow[]> {
    return (await this.db.query(RATED_FINISHED({}))).map((g) => ({ ...g, finishedAt: g.finishedAt! }));
  }

  // ---- for the ranked queue's pairing waves (one statement each for a whole wave) ----------

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

  async countActive(): Promise<number> {
    return (await this.db.first(COUNT_ACTIVE({})))?.n ?? 0;
  }

  // ---- for the fair-play rules (src/fair-play): a player's recent ranked games ------------

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
