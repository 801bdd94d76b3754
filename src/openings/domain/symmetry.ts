/**
 * The board's eight symmetries (rotations and reflections) and the symmetry-normalised key of a
 * position: one key for a position and its seven mirror images, so f5 d6 and d3 c4 (its image in
 * the a1–h8 diagonal) are one opening and one row of the explorer's index. Pure, no framework.
 */
import { type Position, toBoardString } from '../../engine/position.js';

/** Square index (file + 8 × rank) → its image under each of the eight symmetries; 0 is the identity. */
export const SYMMETRIES: readonly (readonly number[])[] = Object.freeze(
  [
    (f: number, r: number) => [f, r],
    (f: number, r: number) => [7 - f, r],
    (f: number, r: number) => [f, 7 - r],
    (f: number, r: number) => [7 - f, 7 - r],
    (f: number, r: number) => [r, f],
    (f: number, r: number) => [7 - r, f],
    (f: number, r: number) => [r, 7 - f],
    (f: number, r: number) => [7 - r, 7 - f],
  ].map((map) =>
    Object.freeze(
      Array.from({ length: 64 }, (_, sq) => {
        const [f, r] = map(sq & 7, sq >> 3);
        return f + 8 * r;
      }),
    ),
  ),
);

/** A board string (64 characters B / W / .) under symmetry `s`. */
export function transformBoard(board: string, s: number): string {
  const image = SYMMETRIES[s];
  const out = new Array<string>(64);
  for (let sq = 0; sq < 64; sq++) out[image[sq]] = board[sq];
  return out.join('');
}

/** For each symmetry, the square whose disc lands on square i: the image read in square order. */
const SOURCES: readonly Int8Array[] = SYMMETRIES.map((image) => {
  const source = new Int8Array(64);
  for (let sq = 0; sq < 64; sq++) source[image[sq]] = sq;
  return source;
});

/**
 * The key of a position up to symmetry: the least of its eight boards (in string order), then
 * the side to move ("b" or "w"); 65 characters. Images are compared square by square and only
 * the least is built (the index keys every position of thousands of games).
 */
export function positionKey(p: Position): string {
  const board = toBoardString(p);
  let best = 0;
  for (let s = 1; s < 8; s++) {
    const a = SOURCES[s];
    const b = SOURCES[best];
    for (let i = 0; i < 64; i++) {
      const x = board.charCodeAt(a[i]);
      const y = board.charCodeAt(b[i]);
      if (x !== y) {
        if (x < y) best = s;
        break;
      }
    }
  }
  return (best === 0 ? board : transformBoard(board, best)) + (p.toMove === 'black' ? 'b' : 'w');
}
