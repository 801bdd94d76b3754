/** Colours, the immutable Position value, the start position and the 64-character board string. */

export type Color = 'black' | 'white';

export function opponent(color: Color): Color {
  return color === 'black' ? 'white' : 'black';
}

/**
 * An immutable position: both sides' discs and the side to move. Each set of discs is two signed
 * 32-bit halves: bit i of `*Lo` is square i (a1..h4), bit i of `*Hi` is square 32 + i (a5..h8).
 * Build one with startPosition, fromBoardString or makePosition; every engine function returns a
 * new frozen Position and never changes its argument.
 */
export interface Position {
  readonly blackLo: number;
  readonly blackHi: number;
  readonly whiteLo: number;
  readonly whiteHi: number;
  readonly toMove: Color;
}

/** A set of squares as two signed 32-bit halves (bit i of lo = square i, of hi = square 32 + i). */
export interface SquareMask {
  readonly lo: number;
  readonly hi: number;
}

const freeze = Object.freeze; // see bitboard.ts

/** Internal constructor: no checks (the kernel never makes overlapping sets). */
export function createPosition(blackLo: number, blackHi: number, whiteLo: number, whiteHi: number, toMove: Color): Position {
  return freeze({ blackLo: blackLo | 0, blackHi: blackHi | 0, whiteLo: whiteLo | 0, whiteHi: whiteHi | 0, toMove });
}

/** A position from raw masks; throws a RangeError when a square holds both colours. */
export function makePosition(black: SquareMask, white: SquareMask, toMove: Color): Position {
  if ((black.lo & white.lo) !== 0 || (black.hi & white.hi) !== 0) {
    throw new RangeError('makePosition: a square cannot hold a black and a white disc');
  }
  if (toMove !== 'black' && toMove !== 'white') {
    throw new RangeError(`makePosition: toMove must be "black" or "white", got ${String(toMove)}`);
  }
  return createPosition(black.lo, black.hi, white.lo, white.hi, toMove);
}

/** d4 = White, e4 = Black, d5 = Black, e5 = White; Black to move. */
/** The side to move's halves, then the opponent's: [pLo, pHi, oLo, oHi] (what the searches work on). */
export function sidesOf(p: Position): [number, number, number, number] {
  return p.toMove === 'black' ? [p.blackLo, p.blackHi, p.whiteLo, p.whiteHi] : [p.whiteLo, p.whiteHi, p.blackLo, p.blackHi];
}

export function startPosition(): Position {
  return START;
}

const START = createPosition(1 << 28, 1 << 3, 1 << 27, 1 << 4, 'black');

/** 64 characters, index = square: 'B' black, 'W' white, '.' empty (docs/api.md). */
export function toBoardString(p: Position): string {
  let s = '';
  for (let sq = 0; sq < 64; sq++) {
    const bit = sq < 32 ? 1 << sq : 1 << (sq - 32);
    const black = sq < 32 ? p.blackLo & bit : p.blackHi & bit;
    const white = sq < 32 ? p.whiteLo & bit : p.whiteHi & bit;
    s += black !== 0 ? 'B' : white !== 0 ? 'W' : '.';
  }
  return s;
}

/**
 * Parses the 64-character board string of docs/api.md ('B', 'W', '.'; exactly 64 characters, upper
 * case). Throws a RangeError on anything else. Any arrangement of discs is accepted.
 */
export function fromBoardString(board: string, toMove: Color): Position {
  if (typeof board !== 'string' || board.length !== 64) {
    throw new RangeError(`board string must have 64 characters, got ${typeof board === 'string' ? board.length : typeof board}`);
  }
  if (toMove !== 'black' && toMove !== 'white') {
    throw new RangeError(`toMove must be "black" or "white", got ${String(toMove)}`);
  }
  let bL = 0, bH = 0, wL = 0, wH = 0;
  for (let sq = 0; sq < 64; sq++) {
    const c = board[sq];
    if (c === '.') continue;
    if (c !== 'B' && c !== 'W') {
      throw new RangeError(`board string: unexpected character ${JSON.stringify(c)} at index ${sq}`);
    }
    if (sq < 32) {
      if (c === 'B') bL |= 1 << sq;
      else wL |= 1 << sq;
    } else if (c === 'B') bH |= 1 << (sq - 32);
    else wH |= 1 << (sq - 32);
  }
  return createPosition(bL, bH, wL, wH, toMove);
}

/** Same discs and same side to move. */
export function samePosition(a: Position, b: Position): boolean {
  return a.blackLo === b.blackLo && a.blackHi === b.blackHi && a.whiteLo === b.whiteLo
    && a.whiteHi === b.whiteHi && a.toMove === b.toMove;
}
