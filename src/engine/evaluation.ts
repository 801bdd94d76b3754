/**
 * An evaluation in discs, for the analysis of finished games: a linear function of a few features
 * of the position (corners, the squares next to empty corners, edges, mobility, potential
 * mobility, discs, parity), with one set of weights per game stage, fitted by least squares on the
 * real tournament games of test/fixtures (scripts/fit-evaluation.ts writes evaluation-weights.ts).
 * Its unit is the final disc difference from the side to move's side (empties to the winner),
 * the same unit as the exact endgame solver's, so an estimated loss and an exact one can be read
 * the same way. It is modest: a few features, no patterns; the analysis labels its values as
 * estimates.
 */
import { computeMoves, moveSet, neighbours, neighbourSet, popcount64 } from './bitboard.js';
import { STAGE_WEIGHTS } from './evaluation-weights.js';
import { C_HI, C_LO, CORNER_HI, CORNER_LO, CORNERS_HI, CORNERS_LO, EDGES_HI, EDGES_LO, X_HI, X_LO } from './squares.js';

/** The features, in the order of the weights (each one P − O, P being the side to move). */
export const FEATURES = ['bias', 'corners', 'x-squares', 'c-squares', 'edges', 'mobility', 'potential-mobility', 'discs', 'parity'] as const;
export const FEATURE_COUNT = FEATURES.length;
/** Stages: empties 1..4 are stage 0, 5..8 stage 1, …, 57..60 stage 14. */
export const STAGE_EMPTIES = 4;
export const STAGE_COUNT = 15;

export function stageOf(empties: number): number {
  return Math.min(STAGE_COUNT - 1, Math.max(0, Math.floor((empties - 1) / STAGE_EMPTIES)));
}

/** The features of a position for P (to move) against O, into out[0..FEATURE_COUNT). */
export function features(pL: number, pH: number, oL: number, oH: number, out: Float64Array | Int32Array): void {
  const occL = pL | oL;
  const occH = pH | oH;
  let xL = 0, xH = 0, cL = 0, cH = 0;
  for (let k = 0; k < 4; k++) {
    if (((occL & CORNER_LO[k]) | (occH & CORNER_HI[k])) === 0) {
      xL |= X_LO[k]; xH |= X_HI[k]; cL |= C_LO[k]; cH |= C_HI[k];
    }
  }
  computeMoves(pL, pH, oL, oH);
  const mobP = popcount64(moveSet[0], moveSet[1]);
  computeMoves(oL, oH, pL, pH);
  const mobO = popcount64(moveSet[0], moveSet[1]);
  // Potential mobility: the empty squares next to the other side's discs.
  neighbours(oL, oH);
  const potP = popcount64(neighbourSet[0] & ~occL, neighbourSet[1] & ~occH);
  neighbours(pL, pH);
  const potO = popcount64(neighbourSet[0] & ~occL, neighbourSet[1] & ~occH);
  const discsP = popcount64(pL, pH);
  const discsO = popcount64(oL, oH);
  const empties = 64 - discsP - discsO;
  out[0] = 1;
  out[1] = popcount64(pL & CORNERS_LO, pH & CORNERS_HI) - popcount64(oL & CORNERS_LO, oH & CORNERS_HI);
  out[2] = popcount64(pL & xL, pH & xH) - popcount64(oL & xL, oH & xH);
  out[3] = popcount64(pL & cL, pH & cH) - popcount64(oL & cL, oH & cH);
  out[4] = popcount64(pL & EDGES_LO, pH & EDGES_HI) - popcount64(oL & EDGES_LO, oH & EDGES_HI);
  out[5] = mobP - mobO;
  out[6] = potP - potO;
  out[7] = discsP - discsO;
  // With an odd number of empties the side to move can expect the last move.
  out[8] = (empties & 1) === 1 ? 1 : -1;
}

const scratch = new Int32Array(FEATURE_COUNT);

/**
 * The estimated final disc difference for the side to move, in hundredths of a disc (an
 * integer, so that equal positions score exactly equal), clamped to ±64 discs.
 */
export function evaluateCentidiscs(pL: number, pH: number, oL: number, oH: number): number {
  features(pL, pH, oL, oH, scratch);
  const empties = 64 - popcount64(pL | oL, pH | oH);
  const w = STAGE_WEIGHTS[stageOf(empties)];
  let s = 0;
  for (let i = 0; i < FEATURE_COUNT; i++) s += w[i] * scratch[i];
  return s > 6400 ? 6400 : s < -6400 ? -6400 : s;
}
