/** The rules of RULES.md on top of the bitboard kernel: legal moves, flips, passes, the end and the result. */
import { computeMoves, hasSquare, moveSet, popcount, squaresOf } from './bitboard.js';
import { IllegalMoveError } from './errors.js';
import { computeFlips, flipSet } from './flips.js';
import { isSquare } from './notation.js';
import { type Color, createPosition, opponent, type Position, type SquareMask } from './position.js';

export interface DiscCounts {
  black: number;
  white: number;
}

export interface GameResult {
  /** null is a draw. */
  winner: Color | null;
  discs: DiscCounts;
}

/** One entry of a game's move list: a move, or an automatic pass (square null, flipped []). */
export interface TurnRecord {
  color: Color;
  square: number | null;
  pass: boolean;
  flipped: number[];
}

export interface PlayResult {
  position: Position;
  flipped: number[];
}

export interface TurnResult {
  /** The move, then the opponent's automatic pass if one followed. */
  records: TurnRecord[];
  position: Position;
  /** Neither side can move: the game is over. */
  finished: boolean;
}

/** Computes the side to move's legal moves into the kernel's moveSet. */
function movesOfSideToMove(p: Position): void {
  if (p.toMove === 'black') computeMoves(p.blackLo, p.blackHi, p.whiteLo, p.whiteHi);
  else computeMoves(p.whiteLo, p.whiteHi, p.blackLo, p.blackHi);
}

function movesOfOpponent(p: Position): void {
  if (p.toMove === 'black') computeMoves(p.whiteLo, p.whiteHi, p.blackLo, p.blackHi);
  else computeMoves(p.blackLo, p.blackHi, p.whiteLo, p.whiteHi);
}

/** The side to move's legal squares as a mask. */
export function legalMoveMask(p: Position): SquareMask {
  movesOfSideToMove(p);
  return { lo: moveSet[0], hi: moveSet[1] };
}

/** The squares of a mask, ascending. */
export function maskSquares(mask: SquareMask): number[] {
  return squaresOf(mask.lo, mask.hi);
}

/** The side to move's legal squares, ascending. */
export function legalMoves(p: Position): number[] {
  movesOfSideToMove(p);
  return squaresOf(moveSet[0], moveSet[1]);
}

export function isLegal(p: Position, square: number): boolean {
  if (!isSquare(square)) return false;
  movesOfSideToMove(p);
  return hasSquare(moveSet[0], moveSet[1], square);
}

function isOccupied(p: Position, square: number): boolean {
  return hasSquare(p.blackLo | p.whiteLo, p.blackHi | p.whiteHi, square);
}

/** Into flipSet: the discs a move by the side to move on an empty square would flip. */
function flipsOfSideToMove(p: Position, square: number): void {
  if (p.toMove === 'black') computeFlips(p.blackLo, p.blackHi, p.whiteLo, p.whiteHi, square);
  else computeFlips(p.whiteLo, p.whiteHi, p.blackLo, p.blackHi, square);
}

/** The discs a move on `square` would flip, ascending; [] when the move is not legal. */
export function flips(p: Position, square: number): number[] {
  if (!isSquare(square) || isOccupied(p, square)) return [];
  flipsOfSideToMove(p, square);
  return squaresOf(flipSet[0], flipSet[1]);
}

export function discCounts(p: Position): DiscCounts {
  return {
    black: popcount(p.blackLo) + popcount(p.blackHi),
    white: popcount(p.whiteLo) + popcount(p.whiteHi),
  };
}

/** Empty squares left. */
export function emptyCount(p: Position): number {
  return 64 - popcount(p.blackLo | p.whiteLo) - popcount(p.blackHi | p.whiteHi);
}

export function hasLegalMove(p: Position): boolean {
  movesOfSideToMove(p);
  return (moveSet[0] | moveSet[1]) !== 0;
}

/** The side to move has no legal square but the opponent has one: the turn passes (never chosen). */
export function mustPass(p: Position): boolean {
  if (hasLegalMove(p)) return false;
  movesOfOpponent(p);
  return (moveSet[0] | moveSet[1]) !== 0;
}

/** Neither side can move (a full board, or no legal square for either with empties left). */
export function isGameOver(p: Position): boolean {
  if (hasLegalMove(p)) return false;
  movesOfOpponent(p);
  return (moveSet[0] | moveSet[1]) === 0;
}

/**
 * The result by the discs on the board: more discs wins, equal is a draw. It is the game's
 * result once isGameOver(p); on an unfinished position it is the current count.
 */
export function result(p: Position): GameResult {
  const discs = discCounts(p);
  const winner = discs.black > discs.white ? 'black' : discs.white > discs.black ? 'white' : null;
  return { winner, discs };
}

/**
 * Plays the side to move's disc on `square`. Throws IllegalMoveError: 'malformed' (not an
 * integer 0..63), 'game-over', 'occupied', or 'no-flips' (also when the side to move must pass:
 * then no square flips anything).
 */
export function play(p: Position, square: number): PlayResult {
  if (!isSquare(square)) throw new IllegalMoveError('malformed', square);
  const occupied = isOccupied(p, square);
  if (!occupied) {
    flipsOfSideToMove(p, square);
    const fL = flipSet[0];
    const fH = flipSet[1];
    if ((fL | fH) !== 0) {
      const bit = 1 << square; // shift counts are taken mod 32
      const mL = square < 32 ? fL | bit : fL;
      const mH = square < 32 ? fH : fH | bit;
      const position = p.toMove === 'black'
        ? createPosition(p.blackLo | mL, p.blackHi | mH, p.whiteLo & ~fL, p.whiteHi & ~fH, 'white')
        : createPosition(p.blackLo & ~fL, p.blackHi & ~fH, p.whiteLo | mL, p.whiteHi | mH, 'black');
      return { position, flipped: squaresOf(fL, fH) };
    }
  }
  if (isGameOver(p)) throw new IllegalMoveError('game-over', square);
  throw new IllegalMoveError(occupied ? 'occupied' : 'no-flips', square);
}

/** The same discs with the other side to move. */
function passed(p: Position): Position {
  return createPosition(p.blackLo, p.blackHi, p.whiteLo, p.whiteHi, opponent(p.toMove));
}

/**
 * The server's one-call step: plays the move (throws IllegalMoveError like play), then, when the
 * opponent has no legal square but the mover has, records the opponent's automatic pass and gives
 * the turn back to the mover; when neither can move, finished is true.
 */
export function playTurn(p: Position, square: number): TurnResult {
  const mover = p.toMove;
  const { position, flipped } = play(p, square);
  const records: TurnRecord[] = [{ color: mover, square, pass: false, flipped }];
  const settled = passIfNeeded(position);
  return { records: records.concat(settled.records), position: settled.position, finished: settled.finished };
}

/**
 * For a position where it is someone's turn: when the side to move has no legal square but the
 * opponent has, returns the pass record and the position with the opponent to move; when neither
 * can move, finished is true and there is no record; otherwise nothing changes.
 */
export function passIfNeeded(p: Position): TurnResult {
  if (hasLegalMove(p)) return { records: [], position: p, finished: false };
  movesOfOpponent(p);
  if ((moveSet[0] | moveSet[1]) === 0) return { records: [], position: p, finished: true };
  return {
    records: [{ color: p.toMove, square: null, pass: true, flipped: [] }],
    position: passed(p),
    finished: false,
  };
}
