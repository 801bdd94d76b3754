/**
 * The bitboard kernel. A set of squares is two signed 32-bit integers: bit i of `lo` is square i
 * (a1..h4), bit i of `hi` is square 32 + i (a5..h8); square = (rank - 1) * 8 + file, a1 = 0,
 * h1 = 7, a8 = 56, h8 = 63. JavaScript bit operators work on 32 bits, and two int32 halves
 * measured several times faster than one BigInt (see BENCHMARKS.md).
 *
 * The hot functions return their 64-bit answer in a shared Int32Array (moveSet) so the search
 * loops allocate nothing (measured a little faster than module variables, in ESM and CommonJS).
 */

// Module constants instead of Math.* at each use: global lookups are slow inside jest's vm
// contexts (the engine tests ran 2-4x slower), and the constants cost nothing in plain Node.
const clz32 = Math.clz32;
const imul = Math.imul;

/** Files b..g: discs a horizontal or diagonal line can run through without wrapping. */
const INNER = 0x7e7e7e7e;

/** [lo, hi]: the legal moves found by the last computeMoves call. */
export const moveSet = new Int32Array(2);

/**
 * Legal moves for P against O, into moveSet. A shift-fill in 7 directions (east is one addition);
 * for the 6 directions that cross between the halves, the half the line starts in is filled first
 * and carries its last rank into the other, so every step is a 32-bit operation. Each fill uses
 * the doubling trick (pre = O & O shifted) so a run of up to 6 opposing discs takes 4 steps.
 */
export function computeMoves(pL: number, pH: number, oL: number, oH: number): void {
  const iL = oL & INNER;
  const iH = oH & INNER;
  let mL: number;
  let mH: number;
  let f: number;
  let g: number;
  let preL: number;
  let preH: number;

  // East (+1): a run of opposing discs right after a disc of P is contiguous bits, so adding its
  // first bit carries through the run onto the square after it (inner files only: no run crosses
  // a rank or reaches bit 31). & ~iL keeps only that square.
  mL = (iL + ((pL << 1) & iL)) & ~iL;
  mH = (iH + ((pH << 1) & iH)) & ~iH;
  // West (-1): shift-fill. Neither direction crosses between halves.
  preL = iL & (iL >>> 1);
  f = iL & (pL >>> 1); f |= iL & (f >>> 1); f |= preL & (f >>> 2); f |= preL & (f >>> 2); mL |= f >>> 1;
  preH = iH & (iH >>> 1);
  f = iH & (pH >>> 1); f |= iH & (f >>> 1); f |= preH & (f >>> 2); f |= preH & (f >>> 2); mH |= f >>> 1;

  // North (+8): fill the low half, carry rank 4 into rank 5, fill the high half.
  preL = oL & (oL << 8);
  preH = oH & (oH << 8);
  f = oL & (pL << 8); f |= oL & (f << 8); f |= preL & (f << 16); mL |= f << 8;
  g = oH & ((pH << 8) | ((pL | f) >>> 24)); g |= oH & (g << 8); g |= preH & (g << 16);
  mH |= (g << 8) | (f >>> 24);
  // South (-8): the same from the high half down.
  preL >>>= 8;
  preH >>>= 8;
  g = oH & (pH >>> 8); g |= oH & (g >>> 8); g |= preH & (g >>> 16); mH |= g >>> 8;
  f = oL & ((pL >>> 8) | ((pH | g) << 24)); f |= oL & (f >>> 8); f |= preL & (f >>> 16);
  mL |= (f >>> 8) | (g << 24);

  // North-east (+9) and south-west (-9).
  preL = iL & (iL << 9);
  preH = iH & (iH << 9);
  f = iL & (pL << 9); f |= iL & (f << 9); f |= preL & (f << 18); mL |= f << 9;
  g = iH & ((pH << 9) | ((pL | f) >>> 23)); g |= iH & (g << 9); g |= preH & (g << 18);
  mH |= (g << 9) | (f >>> 23);
  preL >>>= 9;
  preH >>>= 9;
  g = iH & (pH >>> 9); g |= iH & (g >>> 9); g |= preH & (g >>> 18); mH |= g >>> 9;
  f = iL & ((pL >>> 9) | ((pH | g) << 23)); f |= iL & (f >>> 9); f |= preL & (f >>> 18);
  mL |= (f >>> 9) | (g << 23);

  // North-west (+7) and south-east (-7).
  preL = iL & (iL << 7);
  preH = iH & (iH << 7);
  f = iL & (pL << 7); f |= iL & (f << 7); f |= preL & (f << 14); mL |= f << 7;
  g = iH & ((pH << 7) | ((pL | f) >>> 25)); g |= iH & (g << 7); g |= preH & (g << 14);
  mH |= (g << 7) | (f >>> 25);
  preL >>>= 7;
  preH >>>= 7;
  g = iH & (pH >>> 7); g |= iH & (g >>> 7); g |= preH & (g >>> 14); mH |= g >>> 7;
  f = iL & ((pL >>> 7) | ((pH | g) << 25)); f |= iL & (f >>> 7); f |= preL & (f >>> 14);
  mL |= (f >>> 7) | (g << 25);

  moveSet[0] = mL & ~(pL | oL);
  moveSet[1] = mH & ~(pH | oH);
}

/** [lo, hi]: the squares found by the last neighbours call. */
export const neighbourSet = new Int32Array(2);

/** The squares next to a set in any of the 8 directions, into neighbourSet (the set's own squares may be among them). */
export function neighbours(lo: number, hi: number): void {
  const wL = lo & 0x7f7f7f7f; // not on file h: may step east
  const wH = hi & 0x7f7f7f7f;
  const eL = lo & 0xfefefefe; // not on file a: may step west
  const eH = hi & 0xfefefefe;
  // Steps of +1 and +9 and -7 go east, -1, -9 and +7 west; +8 and -8 need no mask. Across the
  // halves, rank 4's squares reach rank 5 (>>> 24, 23, 25) and back (<< 24, 25, 23).
  neighbourSet[0] = (wL << 1) | (eL >>> 1) | (lo << 8) | (lo >>> 8) | (hi << 24)
    | (wL << 9) | (wL >>> 7) | (wH << 25) | (eL << 7) | (eL >>> 9) | (eH << 23);
  neighbourSet[1] = (wH << 1) | (eH >>> 1) | (hi << 8) | (hi >>> 8) | (lo >>> 24)
    | (wH << 9) | (wH >>> 7) | (wL >>> 23) | (eH << 7) | (eH >>> 9) | (eL >>> 25);
}

/** Number of set bits in a 32-bit integer. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return imul(x, 0x01010101) >>> 24;
}

/** Number of set bits in a 64-bit set given as two halves. */
export function popcount64(lo: number, hi: number): number {
  lo -= (lo >>> 1) & 0x55555555;
  hi -= (hi >>> 1) & 0x55555555;
  lo = (lo & 0x33333333) + ((lo >>> 2) & 0x33333333) + (hi & 0x33333333) + ((hi >>> 2) & 0x33333333);
  lo = (lo & 0x0f0f0f0f) + ((lo >>> 4) & 0x0f0f0f0f);
  return imul(lo, 0x01010101) >>> 24;
}

/** Square indices of a set, ascending. */
export function squaresOf(lo: number, hi: number): number[] {
  const out: number[] = [];
  while (lo !== 0) {
    const b = lo & -lo;
    lo ^= b;
    out.push(31 - clz32(b));
  }
  while (hi !== 0) {
    const b = hi & -hi;
    hi ^= b;
    out.push(63 - clz32(b));
  }
  return out;
}

/** Whether square `sq` (0..63) is in the set. */
export function hasSquare(lo: number, hi: number, sq: number): boolean {
  return sq < 32 ? ((lo >>> sq) & 1) !== 0 : ((hi >>> (sq - 32)) & 1) !== 0;
}
