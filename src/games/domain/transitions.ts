/**
 * Every way a game changes, as pure functions: (game, command, rules) → Progress, or a GameRuleError
 * naming the broken rule. Services load the game, call one of these, write the Progress with one
 * conditional write keyed by (id, origin.ply), and publish its events.
 */
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
  type MoveTiming,
  type MoveRecord,
  type NewGameSpec,
  type Progress,
  type ResultReason,
  bothMoved,
  clockRunning,
  cpuMovesOf,
  hasMoved,
  lagQuotaOf,
  seatOf,
  standInOf,
} from './game.js';
import { initialLagQuotaMs } from './clock.js';
import { computerColorOf } from './computer.js';
import { GameRuleError } from './rule-error.js';
import { overStandInLimitFor, seatAbandoned } from './stand-in.js';
import { clockAfterMove, flagDue, outOfTime, startTurn, stopClock, withClock } from './clock-transitions.js';

export { flagDue, handOverSeconds, idleLimitOf, MIN_HAND_OVER_SECONDS, presentUntil } from './clock-transitions.js';

const other = (c: ColorName): ColorName => (c === 'black' ? 'white' : 'black');

export function positionOf(game: Pick<GameState, 'board' | 'toMove'>): Position {
  return fromBoardString(game.board, game.toMove ?? 'black');
}

/** A new game at the start position, Black to move. */
export function newGame(spec: NewGameSpec, rules: GameRules): GameState {
  const { clock, ...rest } = spec;
  const c = clock ?? null;
  const game: GameState = {
    ...rest,
    computerLevel: spec.computerLevel ?? null,
    turnSeconds: c ? null : spec.turnSeconds,
    clockBaseSeconds: c ? c.baseSeconds : null,
    clockIncrementSeconds: c ? c.incrementSeconds : null,
    blackClockMs: c ? c.baseSeconds * 1000 : null,
    whiteClockMs: c ? c.baseSeconds * 1000 : null,
    blackLagQuotaMs: c ? initialLagQuotaMs(c) : null,
    whiteLagQuotaMs: c ? initialLagQuotaMs(c) : null,
    idleSeconds: spec.turnSeconds || c ? null : rules.idleTurnSeconds,
    standInMoves: spec.rated ? rules.rankedStandInMoves : null,
    blackStandIn: false,
    whiteStandIn: false,
    blackCpuMoves: 0,
    whiteCpuMoves: 0,
    blackTakeovers: 0,
    whiteTakeovers: 0,
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
    idleDeadline: null,
    abortedBy: null,
    createdAt: rules.now,
    finishedAt: null,
  };
  return startTurn(game, rules);
}

/** Ends the game; `abortedBy` names whose doing an abort was (null when nobody's alone). */
function finish(game: GameState, winner: ColorName | null, reason: ResultReason, rules: GameRules, abortedBy: ColorName | null = null): GameState {
  const discs = discCounts(positionOf(game));
  return {
    ...stopClock(game, rules.now),
    status: reason === 'aborted' ? 'aborted' : 'finished',
    winner,
    resultReason: reason,
    abortedBy: reason === 'aborted' ? abortedBy : null,
    blackDiscs: discs.black,
    whiteDiscs: discs.white,
    toMove: null,
    turnDeadline: null,
    takeoverAt: null,
    turnStartedAt: null,
    idleDeadline: null,
    finishedAt: rules.now,
  };
}

/** Over the ranked limit: the CPU has played more moves for this seat than the game allows. */
export function overStandInLimit(game: GameState, color: ColorName): boolean {
  return overStandInLimitFor(cpuMovesOf(game, color), game.standInMoves);
}

/**
 * The seats that abandoned the game if it ended now: the one the CPU still holds, and in a ranked
 * game any seat the CPU has played more than `standInMoves` moves for, whoever is ahead.
 */
export function abandonedSeats(game: GameState): ColorName[] {
  return (['black', 'white'] as const).filter((c) => seatAbandoned({ standIn: standInOf(game, c), cpuMoves: cpuMovesOf(game, c) }, game.standInMoves));
}

/**
 * The game ends on the board: a seat that abandoned it loses whatever the board says; when both
 * seats did (only possible in a ranked game), the stand-in wins nobody's game: aborted, unrated.
 */
function endOnBoard(game: GameState, winner: ColorName | null, rules: GameRules): GameState {
  const abandoned = abandonedSeats(game);
  if (abandoned.length === 2) return finish(game, null, 'aborted', rules);
  if (abandoned.length === 1) return finish(game, other(abandoned[0]), 'abandoned', rules);
  return finish(game, winner, 'board', rules);
}

function withStandIn(game: GameState, color: ColorName, standIn: boolean): GameState {
  return color === 'black' ? { ...game, blackStandIn: standIn } : { ...game, whiteStandIn: standIn };
}

/** Why the engine refused a move, as the `reason` of the api.games.illegal message. */
const ILLEGAL_REASON: Record<IllegalMoveError['reason'], string> = { occupied: 'occupied', 'no-flips': 'noFlips', 'game-over': 'gameOver', malformed: 'malformed' };

function mustBeSeated(game: GameState, playerId: string): ColorName {
  const color = seatOf(game, playerId);
  if (!color) throw new GameRuleError('FORBIDDEN', 'api.games.notSeated');
  return color;
}

function mustBeActive(game: GameState): void {
  if (game.status !== 'active') throw new GameRuleError('GAME_OVER', 'api.games.over');
}

/**
 * Plays `square` for the side to move and settles what follows: the opponent's automatic pass,
 * the next turn's clocks, or the end of the game on the board.
 */
function advance(game: GameState, square: number, by: MoveBy, rules: GameRules, lagMs = 0): { game: GameState; records: MoveRecord[] } {
  const position = positionOf(game);
  const mover = game.toMove!;
  let turn;
  try {
    turn = playTurn(position, square);
  } catch (err) {
    if (!(err instanceof IllegalMoveError)) throw err;
    const details = game.showLegalMoves ? { legalMoves: legalMoves(position).map(squareName) } : undefined;
    throw new GameRuleError('ILLEGAL_MOVE', 'api.games.illegal', { square: squareName(square), reason: ILLEGAL_REASON[err.reason] }, details);
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
  const cpuMoves = (c: ColorName) => cpuMovesOf(game, c) + records.filter((r) => r.by === 'cpu' && !r.pass && r.color === c).length;
  let after: GameState = {
    ...game,
    ...clockAfterMove(game, mover, rules, lagMs),
    board: toBoardString(turn.position),
    ply: game.ply + records.length,
    blackCpuMoves: cpuMoves('black'),
    whiteCpuMoves: cpuMoves('white'),
  };
  if (turn.finished) {
    // toMove cleared first: the mover's clock is already charged for this turn.
    after = endOnBoard({ ...after, toMove: null }, boardResult(turn.position).winner, rules);
  } else {
    after = startTurn({ ...after, toMove: turn.position.toMove }, rules);
  }
  return { game: after, records };
}

/**
 * The side to move's flag has fallen: they lose on time. In a ranked game where the other seat
 * abandoned the game (the CPU holds it, or played more than `standInMoves` for it), the stand-in
 * wins nobody's game: aborted, unrated (as for a resignation).
 */
function flagFall(game: GameState, rules: GameRules): Progress {
  const color = game.toMove!;
  const stopped = withClock(game, color, 0, lagQuotaOf(game, color));
  if (game.rated && abandonedSeats(game).includes(other(color))) return progress(game, finish(stopped, null, 'aborted', rules), [], []);
  return progress(game, finish(stopped, other(color), 'time', rules), [], []);
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
  /** The lag the client measured (ms): credited up to the seat's quota in a clocked game. */
  readonly timing?: MoveTiming;
}

/** The move came after the mover's flag fell (lag credited): the step is their loss on time. */
export interface Flagged {
  readonly kind: 'flagged';
  readonly progress: Progress;
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
export function playMove(game: GameState, cmd: MoveCommand, rules: GameRules): Progress | EarlierPly | Flagged {
  const color = mustBeSeated(game, cmd.playerId);
  if (cmd.ply < game.ply) return { kind: 'earlier-ply', color };
  mustBeActive(game);
  if (cmd.ply > game.ply) throw stalePly(game, cmd.ply);
  if (game.toMove !== color) throw new GameRuleError('NOT_YOUR_TURN', 'api.games.notYourTurn', { colour: game.toMove ?? 'white' });
  const lagMs = cmd.timing?.lagMs ?? 0;
  if (outOfTime(game, rules, lagMs)) return { kind: 'flagged', progress: flagFall(game, rules) };
  const events: GameEvent[] = [];
  let before = game;
  if (standInOf(game, color)) {
    before = withStandIn(game, color, false);
    events.push({ type: 'seat', color, standIn: false });
  }
  const step = advance(before, cmd.square, 'player', rules, lagMs);
  return progress(game, step.game, step.records, events);
}

export function stalePly(game: GameState, ply: number): GameRuleError {
  return new GameRuleError('STALE_PLY', 'api.games.stalePly', { ply, current: game.ply });
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
  if (!standInToMove(game)) throw new GameRuleError('CONFLICT', 'api.games.noStandIn');
  if (outOfTime(game, rules, 0)) return flagFall(game, rules);
  const step = advance(game, square, 'cpu', rules);
  return progress(game, step.game, step.records, []);
}

/**
 * The side to move's time is up (or they are gone or idle, in a game without a turn limit): the
 * CPU stands in. A player who has not made their first move is never stood in for, and the CPU
 * never holds both seats: either way the game is aborted. In a clocked game a fallen flag (grace
 * included) loses on time, whoever holds the seat; before it, the CPU stands in only for a player
 * gone CPU_TAKEOVER_SECONDS.
 */
export function takeOver(game: GameState, rules: GameRules): Progress | null {
  if (game.status !== 'active' || !game.toMove || !game.takeoverAt || game.takeoverAt > rules.now) return null;
  const color = game.toMove;
  if (flagDue(game, rules)) return flagFall(game, rules);
  // The computer is never stood in for, nor its first move missed: the service plays it (GamesService.takeOver).
  if (computerColorOf(game) === color) return null;
  if (standInOf(game, color)) return null;
  // A clock at zero, within the flag's grace: the flag decides, not the stand-in.
  if (clockRunning(game) && game.turnDeadline && game.turnDeadline <= rules.now) return null;
  // A missed first move is that player's abort; the CPU on both seats is nobody's alone.
  if (!hasMoved(game, color)) return progress(game, finish(game, null, 'aborted', rules, color), [], []);
  if (standInOf(game, other(color))) return progress(game, finish(game, null, 'aborted', rules), [], []);
  const taken = withStandIn(game, color, true);
  const after = color === 'black' ? { ...taken, blackTakeovers: game.blackTakeovers + 1 } : { ...taken, whiteTakeovers: game.whiteTakeovers + 1 };
  return progress(game, after, [], [{ type: 'seat', color, standIn: true }]);
}

/** A seated player back at the table takes their seat back from the CPU. */
export function reclaimSeat(game: GameState, playerId: string, rules: GameRules): Progress | null {
  const color = seatOf(game, playerId);
  if (!color || game.status !== 'active' || !standInOf(game, color)) return null;
  let after = withStandIn(game, color, false);
  // A clocked turn starts afresh with the time it has left (the time gone by is charged, no increment).
  if (after.toMove === color) after = startTurn(stopClock(after, rules.now), rules);
  return progress(game, after, [], [{ type: 'seat', color, standIn: false }]);
}

/**
 * A resignation: the opponent wins; before both players have moved it aborts the game instead.
 * In a ranked game, resigning to an opponent who abandoned it (the CPU holds their seat, or has
 * played more than `standInMoves` moves for it) wins the stand-in nobody's game: aborted, unrated.
 * A repeat of the same request is answered as done (null).
 */
export function resign(game: GameState, playerId: string, rules: GameRules): Progress | null {
  const color = mustBeSeated(game, playerId);
  if (game.status !== 'active') {
    if (game.resultReason === 'resign' && game.winner === other(color)) return null;
    if (game.status === 'aborted') return null;
    throw new GameRuleError('GAME_OVER', 'api.games.over');
  }
  if (!bothMoved(game)) return progress(game, finish(game, null, 'aborted', rules, color), [], []);
  if (game.rated && abandonedSeats(game).includes(other(color))) return progress(game, finish(game, null, 'aborted', rules), [], []);
  return progress(game, finish(game, other(color), 'resign', rules), [], []);
}

/**
 * A player leaves a game for good (a moderator closed their account): before both have moved the
 * game is aborted, as their doing; a ranked game ends at once, abandoned by them (a loss, whatever
 * the board says; aborted when the other seat had abandoned it too: the stand-in wins nobody's
 * game); in a casual game the CPU takes their seat for the rest of the game (and it is theirs at
 * the end: abandoned). Null when there is nothing to do.
 */
export function leave(game: GameState, playerId: string, rules: GameRules): Progress | null {
  const color = seatOf(game, playerId);
  if (!color || game.status !== 'active') return null;
  if (!bothMoved(game)) return progress(game, finish(game, null, 'aborted', rules, color), [], []);
  if (game.rated) {
    if (abandonedSeats(game).includes(other(color))) return progress(game, finish(game, null, 'aborted', rules), [], []);
    return progress(game, finish(game, other(color), 'abandoned', rules), [], []);
  }
  if (standInOf(game, other(color))) return progress(game, finish(game, null, 'aborted', rules), [], []);
  if (standInOf(game, color)) return null;
  return progress(game, withStandIn(game, color, true), [], [{ type: 'seat', color, standIn: true }]);
}

/** Either player calls the game off before both have moved: aborted, unrated, no winner. A repeat is answered as done (null). */
export function abort(game: GameState, playerId: string, rules: GameRules): Progress | null {
  const color = mustBeSeated(game, playerId);
  if (game.status === 'aborted') return null;
  mustBeActive(game);
  if (bothMoved(game)) throw new GameRuleError('TOO_LATE_TO_ABORT', 'api.games.tooLateToAbort');
  return progress(game, finish(game, null, 'aborted', rules, color), [], []);
}

/**
 * A finished game's loser when they gave it up rather than played it out (resigned, abandoned,
 * lost on time); null for a board result, a draw or a game still on.
 */
export function gaveUp(game: GameState): ColorName | null {
  if (game.status !== 'finished' || game.winner === null) return null;
  if (game.resultReason !== 'resign' && game.resultReason !== 'abandoned' && game.resultReason !== 'time') return null;
  return game.winner === 'black' ? 'white' : 'black';
}

/**
 * THE RULE of cheap wins: a ranked game its loser gave up before their own `minLoserMoves`-th move
 * (moves they made themselves: not the CPU's, not passes) counts for neither rating. Such a win
 * proves nothing, and it is exactly what accounts made to feed a main account their losses give
 * (0 switches the rule off).
 */
export const cheapWin = (loserOwnMoves: number, minLoserMoves: number): boolean => minLoserMoves > 0 && loserOwnMoves < minLoserMoves;

/** What the ratings count: a ranked game that ended with a result after both players moved. */
export function ratedResult(game: GameState): { winner: ColorName | null } | null {
  if (!game.rated || game.status !== 'finished' || !bothMoved(game)) return null;
  return { winner: game.winner };
}
