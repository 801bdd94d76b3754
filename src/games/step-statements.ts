/**
 * A step's write (the move path's one statement when this copy holds the game) and the same write
 * for several games at once (group commit: see StepBatcher). Plain SQL, no framework: the moves
 * benchmark's bare SQL path sends the very same statements.
 */
import { sql } from '../database/sql.js';
import type { GameState, Progress } from './domain/game.js';
import { GAMES, MOVES, SEAT_COLUMNS, type SeatFields } from './game-rows.js';

/** What a step changes of a game. */
const STEP_KEYS = [
  'board', 'toMove', 'ply', 'status', 'winner', 'resultReason', 'blackDiscs', 'whiteDiscs', 'blackStandIn', 'whiteStandIn', 'turnDeadline',
  'takeoverAt', 'turnStartedAt', 'finishedAt', 'blackCpuMoves', 'whiteCpuMoves', 'blackTakeovers', 'whiteTakeovers', 'idleDeadline', 'abortedBy',
  'blackClockMs', 'whiteClockMs', 'blackLagQuotaMs', 'whiteLagQuotaMs',
] as const satisfies readonly (keyof GameState)[];

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

/** A step's value of one of its parameters in a write's SQL: a placeholder, or a batch row's column. */
type StepValue = (key: Exclude<keyof StepParams, 'records'>) => string;

/** What a step's write sets on the game's row (`row`: the updated table's alias and a dot, or ''). */
function stepSet(row: string, v: StepValue): string {
  return `version = ${row}version + 1, ${STEP_KEYS.map((k) => `${GAMES.col(k)} = ${v(k)}`).join(', ')},
      opening_id = CASE WHEN ${v('openingSet')} THEN ${v('openingId')} ELSE ${row}opening_id END, opening_known = ${row}opening_known OR ${v('openingSet')}`;
}

/** The row a step was decided on: its version, ply, active, the seats' stand-in flags, and a takeover's due time. */
function stepCondition(row: string, v: StepValue): string {
  return `${row}id = ${v('id')} AND ${row}version = ${v('originVersion')} AND ${row}ply = ${v('originPly')} AND ${row}status = 'active'
      AND ${row}black_stand_in = ${v('originBlackStandIn')} AND ${row}white_stand_in = ${v('originWhiteStandIn')}
      AND (${v('dueBy')} IS NULL OR ${row}takeover_at <= ${v('dueBy')})`;
}

/** The written rows' records (`records`: their JSON, with the updated rows as `upd`) into moves. */
function insertRecords(records: string): string {
  return `INSERT INTO moves (${MOVES.names(['gameId', 'ply', 'color', 'square', 'pass', 'flipped', 'by', 'at'])})
    SELECT upd.id, r.ply, r.color, r.square, r.pass, r.flipped, r.by, r.at
    FROM upd, jsonb_to_recordset(${records}) AS r(ply int, color text, square smallint, pass boolean, flipped smallint[], by text, at timestamptz)`;
}

/** The written rows (`upd`, as g) with both seats' public fields. */
const WRITTEN_WITH_SEATS = 'FROM upd g JOIN players b ON b.id = g.black_id JOIN players w ON w.id = g.white_id';

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
export const STEP = sql<StepParams, StepRow>(
  'game_step',
  (p) => `WITH upd AS (
    UPDATE games SET ${stepSet('', (k) => p[k])}
    WHERE ${stepCondition('', (k) => (k === 'dueBy' ? `${p.dueBy}::timestamptz` : p[k]))}
    RETURNING id, version, black_id, white_id
  ), ins AS (
    ${insertRecords(`${p.records}::jsonb`)}
    RETURNING 1
  )
  SELECT 1 AS updated, (SELECT count(*) FROM ins)::int AS inserted, g.version, ${SEAT_COLUMNS}
  ${WRITTEN_WITH_SEATS}`,
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


/** What a write of one step answers its caller: the row's new version and both seats as they are now. */
export type StepAnswer = Omit<StepRow, 'inserted'>;

/** The parameters of a batch's write: its steps as one JSON array (see stepsJson). */
export interface StepsParams {
  steps: string;
}

/** A batch's row: a written step's place in the batch (`n`), with what the single write answers. */
export interface StepsRow extends StepAnswer {
  n: number;
}

/** The origin's and the write's own columns of a step, as the batch's JSON carries them (its keys are StepParams'). */
const STEP_INPUT = [
  '"n" int, "id" uuid, "originVersion" int, "originPly" int, "originBlackStandIn" boolean, "originWhiteStandIn" boolean',
  '"dueBy" timestamptz, "openingSet" boolean, "openingId" text, "records" jsonb',
  ...STEP_KEYS.map((k) => `"${k}" ${GAMES.columns[k][1]}`),
].join(', ');

/**
 * Several games' steps in one statement (one round trip, one commit, one WAL flush): each game's
 * row is updated on exactly STEP's conditions, its records inserted with it, and each written
 * step answers a row with its place in the batch (`n`); a step without a row lost, as STEP's
 * empty answer means. The batch never holds two steps of one game (StepBatcher), so each
 * condition reads the row as the step found it. The steps come sorted by game id, the order the
 * update locks the rows in with the primary-key nested loop a table of any size gets (a small one
 * may be hash-joined in heap order instead). Atomic as a whole: if any step's values are refused,
 * or two batches deadlock, nothing of it is written and StepBatcher writes each step alone with
 * STEP. JSON rather than one typed array a column: it costs PostgreSQL about half (BENCHMARKS.md).
 */
export const STEPS = sql<StepsParams, StepsRow>(
  'game_steps',
  (p) => `WITH input AS (
    SELECT * FROM jsonb_to_recordset(${p.steps}::jsonb) AS i(${STEP_INPUT})
  ), upd AS (
    UPDATE games g SET ${stepSet('g.', (k) => `i."${k}"`)}
    FROM input i
    WHERE ${stepCondition('g.', (k) => `i."${k}"`)}
    RETURNING g.id, g.version, g.black_id, g.white_id, i.n, i.records
  ), ins AS (
    ${insertRecords('upd.records')}
  )
  SELECT g.n, 1 AS updated, g.version, ${SEAT_COLUMNS}
  ${WRITTEN_WITH_SEATS}`,
);

/**
 * The steps of a batch as STEPS' one parameter: each step's parameters with its place `n`, its
 * records (already JSON) spliced in as they are rather than parsed and written again.
 */
export function stepsJson(steps: readonly StepParams[]): string {
  return `[${steps
    .map((s, n) => {
      const { records, ...rest } = s;
      return `{"n":${n},"records":${records},${JSON.stringify(rest).slice(1)}`;
    })
    .join(',')}]`;
}
