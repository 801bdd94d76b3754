/**
 * perft: the number of leaves of the game tree below a position, counting an automatic pass as
 * a ply and a finished game as a leaf wherever it ends. From the start position, depths 1..11:
 * 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800.
 */
import { computeMoves, moveSet, popcount64 } from './bitboard.js';
import { computeFlips, flipSet } from './flips.js';
import { type Position, startPosition } from './position.js';

const clz32 = Math.clz32; // see bitboard.ts

export function perft(depth: number, position: Position = startPosition()): number {
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError(`perft depth must be a non-negative integer, got ${depth}`);
  if (depth === 0) return 1;
  return position.toMove === 'black'
    ? count(position.blackLo, position.blackHi, position.whiteLo, position.whiteHi, depth)
    : count(position.whiteLo, position.whiteHi, position.blackLo, position.blackHi, depth);
}

/** Leaves below P-to-move, depth >= 1. */
function count(pL: number, pH: number, oL: number, oH: number, depth: number): number {
  computeMoves(pL, pH, oL, oH);
  let mL = moveSet[0];
  let mH = moveSet[1];
  if ((mL | mH) === 0) {
    computeMoves(oL, oH, pL, pH);
    if ((moveSet[0] | moveSet[1]) === 0) return 1; // game over: a leaf
    return depth === 1 ? 1 : count(oL, oH, pL, pH, depth - 1); // the pass is a ply
  }
  if (depth === 1) return popcount64(mL, mH); // bulk count at the last ply
  let n = 0;
  let b: number;
  let fL: number;
  let fH: number;
  if (depth === 2) {
    while (mL !== 0) {
      b = mL & -mL;
      mL ^= b;
      computeFlips(pL, pH, oL, oH, 31 - clz32(b));
      fL = flipSet[0];
      fH = flipSet[1];
      n += lastPly(oL & ~fL, oH & ~fH, pL | fL | b, pH | fH);
    }
    while (mH !== 0) {
      b = mH & -mH;
      mH ^= b;
      computeFlips(pL, pH, oL, oH, 63 - clz32(b));
      fL = flipSet[0];
      fH = flipSet[1];
      n += lastPly(oL & ~fL, oH & ~fH, pL | fL, pH | fH | b);
    }
    return n;
  }
  while (mL !== 0) {
    b = mL & -mL;
    mL ^= b;
    computeFlips(pL, pH, oL, oH, 31 - clz32(b));
      fL = flipSet[0];
      fH = flipSet[1];
    n += count(oL & ~fL, oH & ~fH, pL | fL | b, pH | fH, depth - 1);
  }
  while (mH !== 0) {
    b = mH & -mH;
    mH ^= b;
    computeFlips(pL, pH, oL, oH, 63 - clz32(b));
      fL = flipSet[0];
      fH = flipSet[1];
    n += count(oL & ~fL, oH & ~fH, pL | fL, pH | fH | b, depth - 1);
  }
  return n;
}

/** Leaves one ply below P-to-move: its move count, or 1 for a pass or a finished game. */
function lastPly(pL: number, pH: number, oL: number, oH: number): number {
  computeMoves(pL, pH, oL, oH);
  const mL = moveSet[0];
  const mH = moveSet[1];
  return (mL | mH) !== 0 ? popcount64(mL, mH) : 1;
}
