/**
 * Every way a game changes, as pure functions: (game, command, rules) → Progress, or an AppError
 * naming the broken rule. Services load the game, call one of these, write the Progress with one
 * conditional write keyed by (id, origin.ply), and publish its events.
 */
import { AppError } from '../../common/errors.js';
import {
  discCounts,
  fromBoardString,
  IllegalMoveError,
  legalMoves,
  type Position,
  playTurn,
  result as boardResult,
  squareName,
  startPosition,
  toBoardString,
} from '../../engine/index.js';
import {
  type ColorName,
  type GameEvent,
  type GameRules,
  type GameState,
  type MoveBy,
  type MoveRecord,
  type NewGameSpec,
  type Progress,
  type ResultReason,
  bothMoved,
  hasMoved,
  seatOf,
  standInOf,
} from './game.js';

const other = (c: ColorName): ColorName => (c === 'black' ? 'white' : 'black');
const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

export function positionOf(game: Pick<GameState, 'board' | 'toMove'>): Position {
  return fromBoardString(game.board, game.toMove ?? 'black');
}

/**
 * The clocks of a turn that starts now: a player's first move has FIRST_MOVE_SECONDS in every
 * game (the game is aborted when it runs out); later turns have the turn limit, or, without one,
 * the wait before a stand-in for an absent player (presence pushes it back, up to the idle limit).
 */
function startTurn(game: GameState, rules: GameRules): GameState {
  const color = game.toMove!;
  let deadline: Date | null = null;
  if (!hasMoved(game, color)) deadline = addSeconds(rules.now, rules.firstMoveSeconds);
  else if (game.turnSeconds) deadline = addSeconds(rules.now, game.turnSeconds);
  return {
    ...game,
    turnDeadline: deadline,
    takeoverAt: deadline ?? addSeconds(rules.now, Math.min(rules.cpuTakeoverSeconds, rules.idleTurnSeconds)),
    turnStartedAt: rules.now,
  };
}

/** Until when a present player's turn is safe from the stand-in (no turn limit, after their first move). */
export function presentUntil(game: GameState, rules: GameRules): Date | null {
  if (game.status !== 'active' || game.turnSeconds || !game.toMove || !hasMoved(game, game.toMove) || !game.turnStartedAt) return null;
  const idle = addSeconds(game.turnStartedAt, rules.idleTurnSeconds);
  const present = addSeconds(rules.now, rules.cpuTakeoverSeconds);
  return present < idle ? present : idle;
}

/** A new game at the start position, Black to move. */
export function newGame(spec: NewGameSpec, rules: GameRules): GameState {
  const game: GameState = {
    ...spec,
    blackStandIn: false,
    whiteStandIn: false,
    board: toBoardString(startPosition()),
    toMove: 'black',
    ply: 0,
    status: 'active',
    winner: null,
    resultReason: null,
    blackDiscs: null,
    whiteDiscs: null,
    blackRatingChange: null,
    whiteRatingChange: null,
    turnDeadline: null,
    takeoverAt: null,
    turnStartedAt: null,
    createdAt: rules.now,
    finishedAt: null,
  };
  return startTurn(game, rules);
}

function finish(game: GameState, winner: ColorName | null, reason: ResultReason, rules: GameRules): GameState {
  const discs = discCounts(positionOf(game));
  return {
    ...game,
    status: reason === 'aborted' ? 'aborted' : 'finished',
    winner,
    resultReason: reason,
    blackDiscs: discs.black,
    whiteDiscs: discs.white,
    toMove: null,
    turnDeadline: null,
    takeoverAt: null,
    turnStartedAt: null,
    finishedAt: rules.now,
  };
}

function withStandIn(game: GameState, color: ColorName, standIn: boolean): GameState {
  return color === 'black' ? { ...game, blackStandIn: standIn } : { ...game, whiteStandIn: standIn };
}

/** Why the engine refused a move, as the `reason` of the api.games.illegal message. */
const ILLEGAL_REASON: Record<IllegalMoveError['reason'], string> = { occupied: 'occupied', 'no-flips': 'noFlips', 'game-over': 'gameOver', malformed: 'malformed' };

function mustBeSeated(game: GameState, playerId: string): ColorName {
  const color = seatOf(game, playerId);
  if (!color) throw new AppError('FORBIDDEN', { key: 'api.games.notSeated' });
  return color;
}

function mustBeActive(game: GameState): void {
  if (game.status !== 'active') throw new AppError('GAME_OVER', { key: 'api.games.over' });
}

/**
 * Plays `square` for the side to move and settles what follows: the opponent's automatic pass,
 * the next turn's clocks, or the end of the game on the board.
 */
function advance(game: GameState, square: number, by: MoveBy, rules: GameRules): { game: GameState; records: MoveRecord[] } {
  const position = positionOf(game);
  let turn;
  try {
    turn = playTurn(position, square);
  } catch (err) {
    if (!(err instanceof IllegalMoveError)) throw err;
    const details = game.showLegalMoves ? { legalMoves: legalMoves(position).map(squareName) } : undefined;
    throw new AppError('ILLEGAL_MOVE', { key: 'api.games.illegal', values: { square: squareName(square), reason: ILLEGAL_REASON[err.reason] } }, details);
  }
  const records = turn.records.map(
    (r, i): MoveRecord => ({
      ply: game.ply + i,
      color: r.color,
      square: r.square,
      pass: r.pass,
      flipped: r.flipped,
      // An automatic pass is made for whoever holds the passing seat.
      by: i === 0 ? by : standInOf(game, r.color) ? 'cpu' : 'player',
      at: rules.now,
    }),
  );
  let after: GameState = { ...game, board: toBoardString(turn.position), ply: game.ply + records.length };
  if (turn.finished) {
    // A player the CPU still stands in for at the end abandoned the game: they lose, whatever the board says.
    const abandoned = (['black', 'white'] as const).find((c) => standInOf(after, c));
    if (abandoned) after = finish(after, other(abandoned), 'abandoned', rules);
    else after = finish(after, boardResult(turn.position).winner, 'board', rules);
  } else {
    after = startTurn({ ...after, toMove: turn.position.toMove }, rules);
  }
  return { game: after, records };
}

function progress(origin: GameState, game: GameState, records: MoveRecord[], events: GameEvent[]): Progress {
  const all: GameEvent[] = [...events, ...records.map((record): GameEvent => ({ type: 'move', record }))];
  if (origin.status === 'active' && game.status !== 'active') all.push({ type: 'end' });
  return { origin, game, records, events: all };
}

export interface MoveCommand {
  readonly playerId: string;
  readonly square: number;
  /** The game's ply as the player saw it. */
  readonly ply: number;
}

/** A move request for an earlier ply: a safe retry if it repeats the move recorded there. */
export interface EarlierPly {
  readonly kind: 'earlier-ply';
  readonly color: ColorName;
}

/**
 * A seated player's move. For an older ply the answer depends on what was recorded there, so the
 * caller looks it up and asks {@link isSafeRetry}; a player moving takes their seat back from a
 * stand-in.
 */
export function playMove(game: GameState, cmd: MoveCommand, rules: GameRules): Progress | EarlierPly {
  const color = mustBeSeated(game, cmd.playerId);
  if (cmd.ply < game.ply) return { kind: 'earlier-ply', color };
  mustBeActive(game);
  if (cmd.ply > game.ply) throw stalePly(game, cmd.ply);
  if (game.toMove !== color) throw new AppError('NOT_YOUR_TURN', { key: 'api.games.notYourTurn', values: { colour: game.toMove ?? 'white' } });
  const events: GameEvent[] = [];
  let before = game;
  if (standInOf(game, color)) {
    before = withStandIn(game, color, false);
    events.push({ type: 'seat', color, standIn: false });
  }
  const step = advance(before, cmd.square, 'player', rules);
  return progress(game, step.game, step.records, events);
}

export function stalePly(game: GameState, ply: number): AppError {
  return new AppError('STALE_PLY', { key: 'api.games.stalePly', values: { ply, current: game.ply } });
}

/** Re-sending exactly the move this player made at that ply is answered with the record. */
export function isSafeRetry(recorded: MoveRecord | null, color: ColorName, square: number): boolean {
  return !!recorded && !recorded.pass && recorded.by === 'player' && recorded.color === color && recorded.square === square;
}

/** True when the CPU is to move for a stand-in seat. */
export function standInToMove(game: GameState): boolean {
  return game.status === 'active' && game.toMove !== null && standInOf(game, game.toMove);
}

/** The CPU's move for the stand-in seat to move (the square comes from the engine service). */
export function cpuMove(game: GameState, square: number, rules: GameRules): Progress {
  if (!standInToMove(game)) throw new AppError('CONFLICT', { key: 'api.games.noStandIn' });
  const step = advance(game, square, 'cpu', rules);
  return progress(game, step.game, step.records, []);
}

/**
 * The side to move's time is up (or they are gone or idle, in a game without a turn limit): the
 * CPU stands in. A player who has not made their first move is never stood in for, and the CPU
 * never holds both seats: either way the game is aborted.
 */
export function takeOver(game: GameState, rules: GameRules): Progress | null {
  if (game.status !== 'active' || !game.toMove || !game.takeoverAt || game.takeoverAt > rules.now) return null;
  const color = game.toMove;
  if (standInOf(game, color)) return null;
  if (!hasMoved(game, color) || standInOf(game, other(color))) {
    return progress(game, finish(game, null, 'aborted', rules), [], []);
  }
  return progress(game, withStandIn(game, color, true), [], [{ type: 'seat', color, standIn: true }]);
}

/** A seated player back at the table takes their seat back from the CPU. */
export function reclaimSeat(game: GameState, playerId: string, rules: GameRules): Progress | null {
  const color = seatOf(game, playerId);
  if (!color || game.status !== 'active' || !standInOf(game, color)) return null;
  let after = withStandIn(game, color, false);
  if (after.toMove === color) after = startTurn(after, rules);
  return progress(game, after, [], [{ type: 'seat', color, standIn: false }]);
}

/**
 * A resignation: the opponent wins; before both players have moved it aborts the game instead.
 * A repeat of the same request is answered as done (null).
 */
export function resign(game: GameState, playerId: string, rules: GameRules): Progress | null {
  const color = mustBeSeated(game, playerId);
  if (game.status !== 'active') {
    if (game.resultReason === 'resign' && game.winner === other(color)) return null;
    if (game.status === 'aborted') return null;
    throw new AppError('GAME_OVER', { key: 'api.games.over' });
  }
  if (!bothMoved(game)) return progress(game, finish(game, null, 'aborted', rules), [], []);
  return progress(game, finish(game, other(color), 'resign', rules), [], []);
}

/** Either player calls the game off before both have moved: aborted, unrated, no winner. A repeat is answered as done (null). */
export function abort(game: GameState, playerId: string, rules: GameRules): Progress | null {
  mustBeSeated(game, playerId);
  if (game.status === 'aborted') return null;
  mustBeActive(game);
  if (bothMoved(game)) throw new AppError('TOO_LATE_TO_ABORT', { key: 'api.games.tooLateToAbort' });
  return progress(game, finish(game, null, 'aborted', rules), [], []);
}

/** What the ratings count: a ranked game that ended with a result after both players moved. */
export function ratedResult(game: GameState): { winner: ColorName | null } | null {
  if (!game.rated || game.status !== 'finished' || !bothMoved(game)) return null;
  return { winner: game.winner };
}
