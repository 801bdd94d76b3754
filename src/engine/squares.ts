/**
 * Classes of squares as bitboard masks, shared by the evaluations of the search, the stand-in and
 * the analysis. Squares are 0..63 (a1 = 0, h1 = 7, a8 = 56); a mask is two 32-bit halves (lo:
 * squares 0..31, hi: 32..63), as in bitboard.ts.
 */

/** The mask of a list of squares, as [lo, hi]. */
export function maskOf(squares: readonly number[]): [number, number] {
  let lo = 0;
  let hi = 0;
  for (const s of squares) {
    if (s < 32) lo |= 1 << s;
    else hi |= 1 << (s - 32);
  }
  return [lo, hi];
}

/** The 8 symmetric images of a square given as (file, rank) 0..7. */
export function symmetric(file: number, rank: number): number[] {
  const out = new Set<number>();
  for (const [f, r] of [[file, rank], [rank, file]]) {
    for (const ff of [f, 7 - f]) for (const rr of [r, 7 - r]) out.add(rr * 8 + ff);
  }
  return [...out];
}

/** The four corners, and per corner (same order) its X square and its two C squares. */
export const CORNER_SQ = [0, 7, 56, 63] as const;
export const X_SQ = [9, 14, 49, 54] as const;
export const C_SQ = [[1, 8], [6, 15], [48, 57], [55, 62]] as const;

/** Per corner k: the corner's mask, its X square's and its C squares' (lo and hi halves). */
export const CORNER_LO = new Int32Array(CORNER_SQ.map((s) => maskOf([s])[0]));
export const CORNER_HI = new Int32Array(CORNER_SQ.map((s) => maskOf([s])[1]));
export const X_LO = new Int32Array(X_SQ.map((s) => maskOf([s])[0]));
export const X_HI = new Int32Array(X_SQ.map((s) => maskOf([s])[1]));
export const C_LO = new Int32Array(C_SQ.map((s) => maskOf(s)[0]));
export const C_HI = new Int32Array(C_SQ.map((s) => maskOf(s)[1]));

/** All four corners in one mask, and the edges without the corners and their C squares (16 squares). */
export const [CORNERS_LO, CORNERS_HI] = maskOf(CORNER_SQ);
export const EDGE_SQ = [...symmetric(2, 0), ...symmetric(3, 0)];
export const [EDGES_LO, EDGES_HI] = maskOf(EDGE_SQ);
