/**
 * Boards from move records (pure; unit-tested): the start position and the square notation come
 * from the server's engine (src/engine), so client and server cannot disagree on either.
 */
import { parseSquare, squareName } from '../../engine/notation';
import { startPosition, toBoardString } from '../../engine/position';

/** The fields of a move record a board needs. */
export interface MoveRecord {
  ply: number;
  color: 'black' | 'white';
  square: string | null;
  pass: boolean;
  flipped: string[];
}

export const START_BOARD = toBoardString(startPosition());

export { parseSquare, squareName };

/** The board after one record: the placed disc and its flips in the mover's colour (a pass changes nothing). */
export function applyRecord(board: string, move: MoveRecord): string {
  if (move.pass || !move.square) return board;
  const ch = move.color === 'black' ? 'B' : 'W';
  const b = board.split('');
  for (const sq of [move.square, ...move.flipped]) {
    const i = parseSquare(sq);
    if (i !== null) b[i] = ch;
  }
  return b.join('');
}

/** The board after the first `ply` records (0 = the start position). */
export function boardAt(moves: readonly (MoveRecord | undefined)[], ply: number): string {
  let board = START_BOARD;
  for (let i = 0; i < ply; i++) {
    const m = moves[i];
    if (m) board = applyRecord(board, m);
  }
  return board;
}

export function countDiscs(board: string): { black: number; white: number } {
  let black = 0;
  let white = 0;
  for (const ch of board) {
    if (ch === 'B') black++;
    else if (ch === 'W') white++;
  }
  return { black, white };
}

/** The square reached from index `i` by an arrow key (a1 top-left; stops at the edges). */
export function step(i: number, key: string): number {
  const file = i % 8;
  const rank = Math.floor(i / 8);
  if (key === 'ArrowLeft') return file > 0 ? i - 1 : i;
  if (key === 'ArrowRight') return file < 7 ? i + 1 : i;
  if (key === 'ArrowUp') return rank > 0 ? i - 8 : i;
  if (key === 'ArrowDown') return rank < 7 ? i + 8 : i;
  if (key === 'Home') return rank * 8;
  if (key === 'End') return rank * 8 + 7;
  return i;
}
