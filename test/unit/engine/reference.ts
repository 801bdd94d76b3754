/**
 * A deliberately simple Reversi reference, written apart from the engine to check it: an array of
 * 64 cells and a walk in each of the 8 directions. Slow and obvious on purpose.
 */
export type Cell = 0 | 1 | 2; // empty, black, white
export type Side = 1 | 2;

export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;

const STEPS: Array<[number, number]> = [
  [1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1],
];

export function other(side: Side): Side {
  return side === BLACK ? WHITE : BLACK;
}

export function refStart(): Cell[] {
  const b: Cell[] = new Array(64).fill(EMPTY);
  b[3 * 8 + 3] = WHITE; // d4
  b[3 * 8 + 4] = BLACK; // e4
  b[4 * 8 + 3] = BLACK; // d5
  b[4 * 8 + 4] = WHITE; // e5
  return b;
}

/** Squares `side` would flip by playing on `sq` (empty list if none or if occupied), ascending. */
export function refFlips(board: Cell[], side: Side, sq: number): number[] {
  if (board[sq] !== EMPTY) return [];
  const opp = other(side);
  const file = sq & 7;
  const rank = sq >> 3;
  let out: number[] | null = null;
  for (let d = 0; d < 8; d++) {
    const df = STEPS[d][0];
    const dr = STEPS[d][1];
    // Walk over opposing discs; the line counts if a disc of `side` closes it.
    let f = file + df;
    let r = rank + dr;
    let run = 0;
    while (f >= 0 && f < 8 && r >= 0 && r < 8 && board[r * 8 + f] === opp) {
      run++;
      f += df;
      r += dr;
    }
    if (run > 0 && f >= 0 && f < 8 && r >= 0 && r < 8 && board[r * 8 + f] === side) {
      out ??= [];
      for (let k = 1; k <= run; k++) out.push((rank + dr * k) * 8 + file + df * k);
    }
  }
  if (out === null) return [];
  return out.length > 1 ? out.sort((a, b) => a - b) : out;
}

/** For each legal square of `side`, ascending: the square and the discs it flips. */
export function refMovesWithFlips(board: Cell[], side: Side): Array<{ square: number; flips: number[] }> {
  const out: Array<{ square: number; flips: number[] }> = [];
  for (let sq = 0; sq < 64; sq++) {
    const flips = refFlips(board, side, sq);
    if (flips.length > 0) out.push({ square: sq, flips });
  }
  return out;
}

export function refLegalMoves(board: Cell[], side: Side): number[] {
  const out: number[] = [];
  for (let sq = 0; sq < 64; sq++) if (refFlips(board, side, sq).length > 0) out.push(sq);
  return out;
}

/** A new board after `side` plays on `sq`; throws if the move flips nothing. */
export function refPlay(board: Cell[], side: Side, sq: number): Cell[] {
  const flipped = refFlips(board, side, sq);
  if (flipped.length === 0) throw new Error(`reference: illegal move ${sq}`);
  const next = board.slice();
  next[sq] = side;
  for (const s of flipped) next[s] = side;
  return next;
}

export function refGameOver(board: Cell[]): boolean {
  return refLegalMoves(board, BLACK).length === 0 && refLegalMoves(board, WHITE).length === 0;
}

export function refCounts(board: Cell[]): { black: number; white: number } {
  let black = 0;
  let white = 0;
  for (const c of board) {
    if (c === BLACK) black++;
    else if (c === WHITE) white++;
  }
  return { black, white };
}

export function refWinner(board: Cell[]): 'black' | 'white' | null {
  const { black, white } = refCounts(board);
  return black > white ? 'black' : white > black ? 'white' : null;
}

/** The board as the engine's masks: [blackLo, blackHi, whiteLo, whiteHi] (int32). */
export function refMasks(board: Cell[]): [number, number, number, number] {
  const m: [number, number, number, number] = [0, 0, 0, 0];
  for (let sq = 0; sq < 64; sq++) {
    if (board[sq] === EMPTY) continue;
    const i = (board[sq] === BLACK ? 0 : 2) + (sq < 32 ? 0 : 1);
    m[i] |= 1 << (sq & 31);
  }
  return m;
}

export function refBoardString(board: Cell[]): string {
  return board.map((c) => (c === BLACK ? 'B' : c === WHITE ? 'W' : '.')).join('');
}

export function refFromBoardString(s: string): Cell[] {
  return [...s].map((ch) => (ch === 'B' ? BLACK : ch === 'W' ? WHITE : EMPTY));
}

/**
 * perft by the reference rules: leaves below (board, side) at `depth`, a pass being a ply and a
 * finished game a leaf.
 */
export function refPerft(board: Cell[], side: Side, depth: number): number {
  if (depth === 0) return 1;
  const moves = refLegalMoves(board, side);
  if (moves.length === 0) {
    if (refLegalMoves(board, other(side)).length === 0) return 1;
    return refPerft(board, other(side), depth - 1);
  }
  let n = 0;
  for (const m of moves) n += refPerft(refPlay(board, side, m), other(side), depth - 1);
  return n;
}

/**
 * Exact endgame value for `side` by plain minimax (no pruning): final disc difference with the
 * empties given to the winner. Only for a handful of empties.
 */
export function refSolve(board: Cell[], side: Side): number {
  const moves = refLegalMoves(board, side);
  if (moves.length === 0) {
    if (refLegalMoves(board, other(side)).length === 0) {
      const { black, white } = refCounts(board);
      const empties = 64 - black - white;
      const d = side === BLACK ? black - white : white - black;
      return d > 0 ? d + empties : d < 0 ? d - empties : 0;
    }
    return 0 - refSolve(board, other(side));
  }
  let best = -Infinity;
  for (const m of moves) best = Math.max(best, 0 - refSolve(refPlay(board, side, m), other(side)));
  return best;
}
