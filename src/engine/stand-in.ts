/**
 * The stand-in: the CPU that plays a seat while its owner is away. It is
 * deliberately modest and unpredictable, so that leaving a game never makes a player stronger and
 * a line prepared offline cannot beat it move for move:
 * - a shallow search (2 plies by default: my move, the opponent's best reply) over a simple
 *   evaluation (square weights, X/C-square penalties while their corner is empty, mobility);
 * - no exact endgame solving: near the end it looks exactly as far as in the midgame (a finished
 *   game is scored by its discs only when it falls within those 2 plies);
 * - it picks uniformly at random among the moves whose score is within `margin` of its best.
 * The randomness comes from an injectable `rng` (default Math.random) so tests can seed it.
 * Cost: a few dozen evaluations per move (microseconds; see BENCHMARKS.md, "Stand-in").
 */
import { computeMoves, moveSet, popcount, popcount64, squaresOf } from './bitboard.js';
import { computeFlips, flipSet } from './flips.js';
import { type Position, sidesOf } from './position.js';
import { C_HI, C_LO, CORNER_HI, CORNER_LO, maskOf, symmetric, X_HI, X_LO } from './squares.js';

export interface StandInOptions {
  /** Uniform in [0, 1); default Math.random. */
  rng?: () => number;
  /** Moves scoring within this many evaluation points of the best are equally likely (default STAND_IN_MARGIN). */
  margin?: number;
  /** Search depth in plies, 1..3 (default 2). */
  depth?: number;
}

export interface StandInMoveScore {
  square: number;
  /** The stand-in's own score of the move for the side to move (higher is better). */
  score: number;
}

/**
 * Default margin, in evaluation points (a corner is worth 100, one move of mobility 8): moves this
 * close to the best are treated as equally good.
 */
export const STAND_IN_MARGIN = 24;
const DEFAULT_DEPTH = 2;
const MAX_DEPTH = 3;
/** A finished game scores beyond any evaluation; the disc difference orders wins and losses. */
const WIN = 10_000;

const clz32 = Math.clz32; // see bitboard.ts

/** Square weights; the X and C squares count separately, only while their corner is empty. */
const WEIGHTS: Array<[number, number[]]> = [
  [100, symmetric(0, 0)],
  [10, symmetric(2, 0)],
  [5, symmetric(3, 0)],
  [-3, [...symmetric(2, 1), ...symmetric(3, 1)]],
  [1, [...symmetric(2, 2), ...symmetric(3, 2), ...symmetric(3, 3)]],
];
const W_VALUE = new Int32Array(WEIGHTS.map(([w]) => w));
const W_LO = new Int32Array(WEIGHTS.map(([, s]) => maskOf(s)[0]));
const W_HI = new Int32Array(WEIGHTS.map(([, s]) => maskOf(s)[1]));
const X_PENALTY = -40;
const C_PENALTY = -15;
const MOBILITY = 8;

/** Static value for P (to move) against O. */
function evaluate(pL: number, pH: number, oL: number, oH: number): number {
  let s = 0;
  for (let c = 0; c < W_VALUE.length; c++) {
    s += W_VALUE[c] * (popcount64(pL & W_LO[c], pH & W_HI[c]) - popcount64(oL & W_LO[c], oH & W_HI[c]));
  }
  const occL = pL | oL;
  const occH = pH | oH;
  for (let k = 0; k < 4; k++) {
    if (((occL & CORNER_LO[k]) | (occH & CORNER_HI[k])) === 0) {
      s += X_PENALTY * (popcount64(pL & X_LO[k], pH & X_HI[k]) - popcount64(oL & X_LO[k], oH & X_HI[k]));
      s += C_PENALTY * (popcount64(pL & C_LO[k], pH & C_HI[k]) - popcount64(oL & C_LO[k], oH & C_HI[k]));
    }
  }
  computeMoves(pL, pH, oL, oH);
  const mobP = popcount64(moveSet[0], moveSet[1]);
  computeMoves(oL, oH, pL, pH);
  const mobO = popcount64(moveSet[0], moveSet[1]);
  return s + MOBILITY * (mobP - mobO);
}

function finalScore(pL: number, pH: number, oL: number, oH: number): number {
  const d = popcount(pL) + popcount(pH) - popcount(oL) - popcount(oH);
  return d > 0 ? WIN + d : d < 0 ? -WIN + d : 0;
}

/** Plain negamax (no pruning: the tree is a few hundred nodes at most). */
function negamax(pL: number, pH: number, oL: number, oH: number, depth: number): number {
  if (depth === 0) return evaluate(pL, pH, oL, oH);
  computeMoves(pL, pH, oL, oH);
  let mL = moveSet[0];
  let mH = moveSet[1];
  if ((mL | mH) === 0) {
    computeMoves(oL, oH, pL, pH);
    if ((moveSet[0] | moveSet[1]) === 0) return finalScore(pL, pH, oL, oH);
    return -negamax(oL, oH, pL, pH, depth); // a pass costs no depth
  }
  let best = -Infinity;
  while ((mL | mH) !== 0) {
    let sq: number;
    if (mL !== 0) {
      const bit = mL & -mL;
      mL ^= bit;
      sq = 31 - clz32(bit);
    } else {
      const bit = mH & -mH;
      mH ^= bit;
      sq = 63 - clz32(bit);
    }
    const v = child(pL, pH, oL, oH, sq, depth - 1);
    if (v > best) best = v;
  }
  return best;
}

/** The value for P of playing `sq`, searched `depth` more plies (O to move after it). */
function child(pL: number, pH: number, oL: number, oH: number, sq: number, depth: number): number {
  computeFlips(pL, pH, oL, oH, sq);
  const fL = flipSet[0];
  const fH = flipSet[1];
  const nL = sq < 32 ? pL | fL | (1 << sq) : pL | fL;
  const nH = sq < 32 ? pH | fH : pH | fH | (1 << sq);
  return -negamax(oL & ~fL, oH & ~fH, nL, nH, depth);
}

function depthOf(opts: StandInOptions): number {
  return Math.min(MAX_DEPTH, Math.max(1, Math.floor(opts.depth ?? DEFAULT_DEPTH)));
}

/**
 * Every legal move of the side to move with the stand-in's score, best first (ties by square).
 * [] when the side to move has no legal move.
 */
export function standInMoveScores(p: Position, opts: Pick<StandInOptions, 'depth'> = {}): StandInMoveScore[] {
  const [pL, pH, oL, oH] = sidesOf(p);
  const depth = depthOf(opts);
  computeMoves(pL, pH, oL, oH);
  const out = squaresOf(moveSet[0], moveSet[1]).map((sq): StandInMoveScore => ({ square: sq, score: child(pL, pH, oL, oH, sq, depth - 1) + 0 })); // + 0: no -0
  return out.sort((a, b) => b.score - a.score || a.square - b.square);
}

/**
 * The moves the stand-in considers equally good: those within `margin` of its best score,
 * ascending by square. [] when the side to move has no legal move.
 */
export function standInCandidates(p: Position, opts: Omit<StandInOptions, 'rng'> = {}): number[] {
  const scores = standInMoveScores(p, opts);
  if (scores.length === 0) return [];
  const margin = Math.max(0, opts.margin ?? STAND_IN_MARGIN);
  const floor = scores[0].score - margin;
  return scores.filter((m) => m.score >= floor).map((m) => m.square).sort((a, b) => a - b);
}

/**
 * The stand-in's move for the side to move: uniformly at random (opts.rng) among the moves within
 * opts.margin of its best score at opts.depth plies. Throws a RangeError when the side to move has
 * no legal move (the server passes automatically; a pass is never chosen).
 */
export function chooseStandInMove(p: Position, opts: StandInOptions = {}): number {
  const candidates = standInCandidates(p, opts);
  if (candidates.length === 0) throw new RangeError('chooseStandInMove: the side to move has no legal move');
  const rng = opts.rng ?? Math.random;
  const i = Math.floor(rng() * candidates.length);
  return candidates[Math.min(candidates.length - 1, Math.max(0, i))];
}
