/**
 * The CPU player: a fixed-depth alpha-beta with a positional + mobility evaluation, and an exact
 * endgame solver (disc difference, empties to the winner, as in the FFO test suite). Limits are
 * counted in nodes, so the same position always gets the same move unless an rng is passed, or a
 * deadline (chooseCpuMove's `deadline`, the computer's time budget) stops a search first.
 */
import { computeMoves, moveSet, neighbours, neighbourSet, popcount, popcount64 } from './bitboard.js';
import { evaluateCentidiscs } from './evaluation.js';
import { computeFlips, flipSet } from './flips.js';
import { type Position, sidesOf } from './position.js';
import { C_HI, C_LO, CORNER_HI, CORNER_LO, CORNERS_HI, CORNERS_LO, EDGE_SQ, maskOf, symmetric, X_HI, X_LO } from './squares.js';

export interface CpuOptions {
  /** Midgame search depth in plies (default 6). */
  depth?: number;
  /** Solve exactly when this many empty squares or fewer remain (default 10). */
  endgameEmpties?: number;
  /** Node budget: the deepest fully searched iteration within it is used (default 60 000; depth 6 needed at most ~50 000 in random games). */
  nodeLimit?: number;
  /** When given, equally good moves are chosen at random (root moves are shuffled with it). */
  rng?: () => number;
  /**
   * A time by `now()` at which the search stops as at its node budget (looked at every
   * DEADLINE_EVERY nodes): the move is then the deepest iteration finished before it. For a
   * search that must answer within a time budget whatever share of a core it gets.
   */
  deadline?: number;
  now?: () => number;
  /**
   * Called every DEADLINE_EVERY nodes (beside the look at the clock): a search that shares its
   * machine with work that comes first may wait there (the deadline still holds: time spent
   * waiting is time not searched, so the move comes from a shallower iteration).
   */
  pause?: () => void;
}

export interface EndgameSolution {
  /** Exact final disc difference for the side to move with perfect play (empties to the winner). */
  score: number;
  /** A best move, or null when the side to move must pass or the game is over. */
  move: number | null;
  /** Positions visited. */
  nodes: number;
}

const clz32 = Math.clz32; // see bitboard.ts
const imul = Math.imul;

const DEFAULT_DEPTH = 6;
const DEFAULT_ENDGAME_EMPTIES = 10;
const DEFAULT_NODE_LIMIT = 60_000;
/** Deepest recursion: 60 moves and at most one pass between two of them. */
const MAX_PLY = 128;
/** Room for one position's moves per ply (no position has more than 33 legal moves; 64 is safe). */
const LIST_STRIDE = 64;
/** A finished game in the midgame search is worth more than any evaluation. */
const WIN = 100_000;
const INF = 1_000_000;

/* ---------------------------------------------------------------- square classes */

const CORNERS = symmetric(0, 0);
/** Search order: corners, then edges, inner squares, and the squares next to corners last. */
const ORDER_CLASSES: number[][] = [
  CORNERS,
  EDGE_SQ,
  [...symmetric(2, 2), ...symmetric(3, 2), ...symmetric(3, 3)],
  [...symmetric(2, 1), ...symmetric(3, 1)],
  symmetric(1, 0),
  symmetric(1, 1),
];
const ORDER_LO = new Int32Array(ORDER_CLASSES.map((c) => maskOf(c)[0]));
const ORDER_HI = new Int32Array(ORDER_CLASSES.map((c) => maskOf(c)[1]));
const ORDER_COUNT = ORDER_CLASSES.length;

/**
 * Square weights (a classic table); the X and C squares next to a corner only count while that
 * corner is empty, so they are handled separately below.
 */
const WEIGHT_CLASSES: Array<[number, number[]]> = [
  [120, CORNERS],
  [20, symmetric(2, 0)],
  [10, symmetric(3, 0)],
  [-4, [...symmetric(2, 1), ...symmetric(3, 1)]],
  [2, symmetric(2, 2)],
  [1, [...symmetric(3, 2), ...symmetric(3, 3)]],
];
const W_VALUE = new Int32Array(WEIGHT_CLASSES.map(([w]) => w));
const W_LO = new Int32Array(WEIGHT_CLASSES.map(([, s]) => maskOf(s)[0]));
const W_HI = new Int32Array(WEIGHT_CLASSES.map(([, s]) => maskOf(s)[1]));
const X_WEIGHT = -50;
const C_WEIGHT = -20;
const MOBILITY_WEIGHT = 12;

/** Heuristic value of a position for P (the side to move) against O. */
function evaluate(pL: number, pH: number, oL: number, oH: number): number {
  let s = 0;
  for (let c = 0; c < W_VALUE.length; c++) {
    s += W_VALUE[c] * (popcount64(pL & W_LO[c], pH & W_HI[c]) - popcount64(oL & W_LO[c], oH & W_HI[c]));
  }
  const occL = pL | oL;
  const occH = pH | oH;
  let xL = 0, xH = 0, cL = 0, cH = 0;
  for (let k = 0; k < 4; k++) {
    if (((occL & CORNER_LO[k]) | (occH & CORNER_HI[k])) === 0) {
      xL |= X_LO[k]; xH |= X_HI[k]; cL |= C_LO[k]; cH |= C_HI[k];
    }
  }
  s += X_WEIGHT * (popcount64(pL & xL, pH & xH) - popcount64(oL & xL, oH & xH));
  s += C_WEIGHT * (popcount64(pL & cL, pH & cH) - popcount64(oL & cL, oH & cH));
  computeMoves(pL, pH, oL, oH);
  const mobP = popcount64(moveSet[0], moveSet[1]);
  computeMoves(oL, oH, pL, pH);
  const mobO = popcount64(moveSet[0], moveSet[1]);
  return s + MOBILITY_WEIGHT * (mobP - mobO);
}

/** Final disc difference for P, empties to the winner. */
function finalScore(pL: number, pH: number, oL: number, oH: number): number {
  const p = popcount(pL) + popcount(pH);
  const o = popcount(oL) + popcount(oH);
  const empties = 64 - p - o;
  const d = p - o;
  return d > 0 ? d + empties : d < 0 ? d - empties : 0;
}

/* ---------------------------------------------------------------- search state */

let nodes = 0;
let nodeLimit = 0;
let aborted = false;
/** chooseCpuMove's deadline while it searches (null otherwise): see CpuOptions.deadline. */
let clock: (() => number) | null = null;
let deadlineAt = Number.POSITIVE_INFINITY;
/** chooseCpuMove's pause while it searches (null otherwise): see CpuOptions.pause. */
let pauseHook: (() => void) | null = null;
/** Nodes between two looks at the clock (a power of two, minus one: a mask). */
const DEADLINE_MASK = 1023;

/** The node budget is spent, or the deadline has passed (looked at, and the pause offered, every DEADLINE_MASK + 1 nodes). */
function outOfBudget(): boolean {
  if (++nodes > nodeLimit) return true;
  if ((nodes & DEADLINE_MASK) !== 0) return false;
  if (pauseHook !== null) pauseHook();
  return clock !== null && clock() >= deadlineAt;
}
const listSq = new Int32Array(MAX_PLY * LIST_STRIDE);
const listKey = new Int32Array(MAX_PLY * LIST_STRIDE);

/* ---------------------------------------------------------------- midgame */

function midgame(pL: number, pH: number, oL: number, oH: number, depth: number, alpha: number, beta: number, ply: number): number {
  if (outOfBudget()) {
    aborted = true;
    return 0;
  }
  if (depth === 0) return evaluate(pL, pH, oL, oH);
  computeMoves(pL, pH, oL, oH);
  const mL = moveSet[0];
  const mH = moveSet[1];
  if ((mL | mH) === 0) {
    computeMoves(oL, oH, pL, pH);
    if ((moveSet[0] | moveSet[1]) === 0) {
      const f = finalScore(pL, pH, oL, oH);
      return f > 0 ? WIN + f : f < 0 ? -WIN + f : 0;
    }
    return -midgame(oL, oH, pL, pH, depth, -beta, -alpha, ply + 1); // a pass costs no depth
  }
  // Near the leaves the static square order is cheaper; higher up, fewer opponent replies first.
  const base = ply * LIST_STRIDE;
  const n = depth >= 3 ? orderFastestFirst(pL, pH, oL, oH, mL, mH, base) : orderStatic(mL, mH, base);
  let best = -INF;
  for (let i = 0; i < n; i++) {
    const sq = listSq[base + i];
    computeFlips(pL, pH, oL, oH, sq);
    const fL = flipSet[0];
    const fH = flipSet[1];
    const cL = oL & ~fL;
    const cH = oH & ~fH;
    const nL = sq < 32 ? pL | fL | (1 << sq) : pL | fL;
    const nH = sq < 32 ? pH | fH : pH | fH | (1 << sq);
    let v: number;
    if (i === 0) {
      v = -midgame(cL, cH, nL, nH, depth - 1, -beta, -alpha, ply + 1);
    } else {
      // Principal variation search: prove the move is no better with a null window first.
      v = -midgame(cL, cH, nL, nH, depth - 1, -alpha - 1, -alpha, ply + 1);
      if (v > alpha && v < beta && !aborted) v = -midgame(cL, cH, nL, nH, depth - 1, -beta, -v, ply + 1);
    }
    if (aborted) return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) return best;
      }
    }
  }
  return best;
}

/** Fills listSq[base..] with the moves in the static square order. */
function orderStatic(mL: number, mH: number, base: number): number {
  let n = 0;
  for (let c = 0; c < ORDER_COUNT; c++) {
    let a = mL & ORDER_LO[c];
    let b = mH & ORDER_HI[c];
    while (a !== 0) {
      const bit = a & -a;
      a ^= bit;
      listSq[base + n++] = 31 - clz32(bit);
    }
    while (b !== 0) {
      const bit = b & -b;
      b ^= bit;
      listSq[base + n++] = 63 - clz32(bit);
    }
  }
  return n;
}

/* ---------------------------------------------------------------- transposition table */
// Exact endgame bounds of positions with TT_MIN_EMPTIES or more empties (below that, a position's
// subtree is cheaper to search again than to look up). One entry per slot, always replaced; the
// key is all four halves, so a hit is never a false one. Entries belong to a generation: each
// solveEndgame and chooseCpuMove starts a new one (so their node counts, and whether they fit a
// node budget, never depend on earlier searches), while the analysis of a game keeps one
// generation over all its positions (each lies inside the previous one's tree).

const TT_MIN_EMPTIES = 9;
const TT_BITS = 18;
const TT_SIZE = 1 << TT_BITS;
const TT_MASK = TT_SIZE - 1;
/** Per slot: pL, pH, oL, oH, lower bound, upper bound, best move + 1 (0: none), generation. */
const TT_STRIDE = 8;
let tt: Int32Array | null = null;
let ttGeneration = 1;

function ttSlot(pL: number, pH: number, oL: number, oH: number): number {
  let h = imul(pL ^ 0x9e3779b9, 0x85ebca6b) ^ imul(pH ^ 0x7f4a7c15, 0xc2b2ae35);
  h ^= imul(oL ^ 0x165667b1, 0x27d4eb2f) ^ imul(oH ^ 0x61c88647, 0x9e3779b1);
  h ^= h >>> 15;
  h = imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h & TT_MASK) * TT_STRIDE;
}

/** Forgets every stored bound, in constant time. */
export function newEndgameTable(): void {
  if (ttGeneration === 0x7fffffff) {
    tt?.fill(0);
    ttGeneration = 0;
  }
  ttGeneration++;
}

/* ---------------------------------------------------------------- endgame */

/** Exact score for P with `empties` empty squares left, fail-soft alpha-beta. */
function endgame(pL: number, pH: number, oL: number, oH: number, alpha: number, beta: number, empties: number, ply: number): number {
  if (outOfBudget()) {
    aborted = true;
    return 0;
  }
  if (empties === 0) return finalScore(pL, pH, oL, oH);
  computeMoves(pL, pH, oL, oH);
  const mL = moveSet[0];
  const mH = moveSet[1];
  if ((mL | mH) === 0) {
    computeMoves(oL, oH, pL, pH);
    if ((moveSet[0] | moveSet[1]) === 0) return finalScore(pL, pH, oL, oH);
    return -endgame(oL, oH, pL, pH, -beta, -alpha, empties, ply + 1);
  }
  if (empties >= TT_MIN_EMPTIES) return endgameStored(pL, pH, oL, oH, mL, mH, alpha, beta, empties, ply);
  if (empties === 1) {
    // The only empty square is a legal move: play it; the opponent then has no square left.
    const sq = mL !== 0 ? 31 - clz32(mL) : 63 - clz32(mH);
    computeFlips(pL, pH, oL, oH, sq);
    const n = popcount64(flipSet[0], flipSet[1]);
    // P gains n + 1 discs, O loses n; the board is then full.
    return (popcount(pL) + popcount(pH) + n + 1) * 2 - 64;
  }
  let best = -INF;
  if (empties <= 6) {
    // Few moves: the static square order is cheaper than sorting.
    for (let c = 0; c < ORDER_COUNT; c++) {
      let a = mL & ORDER_LO[c];
      let b = mH & ORDER_HI[c];
      while ((a | b) !== 0) {
        let sq: number;
        if (a !== 0) {
          const bit = a & -a;
          a ^= bit;
          sq = 31 - clz32(bit);
        } else {
          const bit = b & -b;
          b ^= bit;
          sq = 63 - clz32(bit);
        }
        computeFlips(pL, pH, oL, oH, sq);
        const fL = flipSet[0];
        const fH = flipSet[1];
        const v = sq < 32
          ? -endgame(oL & ~fL, oH & ~fH, pL | fL | (1 << sq), pH | fH, -beta, -alpha, empties - 1, ply + 1)
          : -endgame(oL & ~fL, oH & ~fH, pL | fL, pH | fH | (1 << sq), -beta, -alpha, empties - 1, ply + 1);
        if (aborted) return 0;
        if (v > best) {
          best = v;
          if (v > alpha) {
            alpha = v;
            if (alpha >= beta) return best;
          }
        }
      }
    }
    return best;
  }
  // Fastest first: try the moves that leave the opponent the fewest replies first.
  const base = ply * LIST_STRIDE;
  const n = orderFastestFirst(pL, pH, oL, oH, mL, mH, base);
  for (let i = 0; i < n; i++) {
    const sq = listSq[base + i];
    computeFlips(pL, pH, oL, oH, sq);
    const fL = flipSet[0];
    const fH = flipSet[1];
    const cL = oL & ~fL;
    const cH = oH & ~fH;
    const nL = sq < 32 ? pL | fL | (1 << sq) : pL | fL;
    const nH = sq < 32 ? pH | fH : pH | fH | (1 << sq);
    let v: number;
    if (i === 0) {
      v = -endgame(cL, cH, nL, nH, -beta, -alpha, empties - 1, ply + 1);
    } else {
      // Principal variation search: a null window first, the full window only when it fails high.
      v = -endgame(cL, cH, nL, nH, -alpha - 1, -alpha, empties - 1, ply + 1);
      if (v > alpha && v < beta && !aborted) v = -endgame(cL, cH, nL, nH, -beta, -v, empties - 1, ply + 1);
    }
    if (aborted) return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) return best;
      }
    }
  }
  return best;
}

/** endgame() for positions with many empties: the transposition table's bounds and move first. */
function endgameStored(pL: number, pH: number, oL: number, oH: number, mL: number, mH: number, alpha: number, beta: number, empties: number, ply: number): number {
  if (tt === null) tt = new Int32Array(TT_SIZE * TT_STRIDE);
  const t = tt;
  const slot = ttSlot(pL, pH, oL, oH);
  let ttMove = -1;
  if (t[slot + 7] === ttGeneration && t[slot] === pL && t[slot + 1] === pH && t[slot + 2] === oL && t[slot + 3] === oH) {
    const lower = t[slot + 4];
    const upper = t[slot + 5];
    if (lower >= beta) return lower;
    if (upper <= alpha) return upper;
    if (lower === upper) return lower;
    if (lower > alpha) alpha = lower;
    if (upper < beta) beta = upper;
    ttMove = t[slot + 6] - 1;
  }
  const alpha0 = alpha;
  const base = ply * LIST_STRIDE;
  const n = orderDeep(pL, pH, oL, oH, mL, mH, base);
  if (ttMove >= 0) {
    // The stored best move first; the rest keep their order.
    for (let i = 1; i < n; i++) {
      if (listSq[base + i] === ttMove) {
        for (let j = i; j > 0; j--) listSq[base + j] = listSq[base + j - 1];
        listSq[base] = ttMove;
        break;
      }
    }
  }
  let best = -INF;
  let bestSq = listSq[base];
  for (let i = 0; i < n; i++) {
    const sq = listSq[base + i];
    computeFlips(pL, pH, oL, oH, sq);
    const fL = flipSet[0];
    const fH = flipSet[1];
    const cL = oL & ~fL;
    const cH = oH & ~fH;
    const nL = sq < 32 ? pL | fL | (1 << sq) : pL | fL;
    const nH = sq < 32 ? pH | fH : pH | fH | (1 << sq);
    let v: number;
    if (i === 0) {
      v = -endgame(cL, cH, nL, nH, -beta, -alpha, empties - 1, ply + 1);
    } else {
      v = -endgame(cL, cH, nL, nH, -alpha - 1, -alpha, empties - 1, ply + 1);
      if (v > alpha && v < beta && !aborted) v = -endgame(cL, cH, nL, nH, -beta, -v, empties - 1, ply + 1);
    }
    if (aborted) return 0;
    if (v > best) {
      best = v;
      bestSq = sq;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) break;
      }
    }
  }
  // Fail-soft: best is a lower bound when it reached beta, an upper bound when it stayed at or
  // below the original alpha, else exact.
  t[slot] = pL;
  t[slot + 1] = pH;
  t[slot + 2] = oL;
  t[slot + 3] = oH;
  t[slot + 4] = best >= beta ? best : best <= alpha0 ? -64 : best;
  t[slot + 5] = best <= alpha0 ? best : best >= beta ? 64 : best;
  t[slot + 6] = bestSq + 1;
  t[slot + 7] = ttGeneration;
  return best;
}


/**
 * Fills listSq[base..] for endgame nodes with many empties: fewest opponent replies first (its
 * corner moves count double), then the fewest empty squares next to the mover's discs (the
 * opponent's potential mobility). Measured on WTHOR positions with 16 empties: 40 % fewer nodes
 * than orderFastestFirst alone (a bonus for taking a corner made it worse).
 */
function orderDeep(pL: number, pH: number, oL: number, oH: number, mL: number, mH: number, base: number): number {
  let n = 0;
  while ((mL | mH) !== 0) {
    let sq: number;
    let bL = 0;
    let bH = 0;
    if (mL !== 0) {
      bL = mL & -mL;
      mL ^= bL;
      sq = 31 - clz32(bL);
    } else {
      bH = mH & -mH;
      mH ^= bH;
      sq = 63 - clz32(bH);
    }
    computeFlips(pL, pH, oL, oH, sq);
    const nL = pL | flipSet[0] | bL;
    const nH = pH | flipSet[1] | bH;
    const cL = oL & ~flipSet[0];
    const cH = oH & ~flipSet[1];
    computeMoves(cL, cH, nL, nH);
    const om = popcount64(moveSet[0], moveSet[1]) + popcount64(moveSet[0] & CORNERS_LO, moveSet[1] & CORNERS_HI);
    neighbours(nL, nH);
    const pot = popcount64(neighbourSet[0] & ~(nL | cL), neighbourSet[1] & ~(nH | cH));
    const key = om * 16 + pot * 2;
    let i = n++;
    while (i > 0 && listKey[base + i - 1] > key) {
      listKey[base + i] = listKey[base + i - 1];
      listSq[base + i] = listSq[base + i - 1];
      i--;
    }
    listKey[base + i] = key;
    listSq[base + i] = sq;
  }
  return n;
}

/** Fills listSq[base..] with the moves, sorted by the opponent's mobility after each (corners first). */
function orderFastestFirst(pL: number, pH: number, oL: number, oH: number, mL: number, mH: number, base: number): number {
  let n = 0;
  while ((mL | mH) !== 0) {
    let sq: number;
    let key: number;
    if (mL !== 0) {
      const bit = mL & -mL;
      mL ^= bit;
      sq = 31 - clz32(bit);
      computeFlips(pL, pH, oL, oH, sq);
      computeMoves(oL & ~flipSet[0], oH & ~flipSet[1], pL | flipSet[0] | bit, pH | flipSet[1]);
      key = popcount64(moveSet[0], moveSet[1]) * 4 - ((bit & CORNERS_LO) !== 0 ? 8 : 0);
    } else {
      const bit = mH & -mH;
      mH ^= bit;
      sq = 63 - clz32(bit);
      computeFlips(pL, pH, oL, oH, sq);
      computeMoves(oL & ~flipSet[0], oH & ~flipSet[1], pL | flipSet[0], pH | flipSet[1] | bit);
      key = popcount64(moveSet[0], moveSet[1]) * 4 - ((bit & CORNERS_HI) !== 0 ? 8 : 0);
    }
    // Insertion sort: stable, and n is small.
    let i = n++;
    while (i > 0 && listKey[base + i - 1] > key) {
      listKey[base + i] = listKey[base + i - 1];
      listSq[base + i] = listSq[base + i - 1];
      i--;
    }
    listKey[base + i] = key;
    listSq[base + i] = sq;
  }
  return n;
}

/* ---------------------------------------------------------------- public */

function rootMoves(pL: number, pH: number, oL: number, oH: number): number[] {
  computeMoves(pL, pH, oL, oH);
  const out: number[] = [];
  const mL = moveSet[0];
  const mH = moveSet[1];
  for (let c = 0; c < ORDER_COUNT; c++) {
    for (let s = 0; s < 64; s++) {
      const inMoves = s < 32 ? (mL >>> s) & 1 : (mH >>> (s - 32)) & 1;
      const inClass = s < 32 ? (ORDER_LO[c] >>> s) & 1 : (ORDER_HI[c] >>> (s - 32)) & 1;
      if (inMoves & inClass) out.push(s);
    }
  }
  return out;
}

type Child = (pL: number, pH: number, oL: number, oH: number, alpha: number, beta: number) => number;

/** Searches the root moves in order; returns the best move and score, or null when aborted. */
function searchRoot(pL: number, pH: number, oL: number, oH: number, moves: number[], child: Child): { move: number; score: number } | null {
  let alpha = -INF;
  let bestMove = moves[0];
  for (const sq of moves) {
    computeFlips(pL, pH, oL, oH, sq);
    const fL = flipSet[0];
    const fH = flipSet[1];
    const bitL = sq < 32 ? 1 << sq : 0;
    const bitH = sq < 32 ? 0 : 1 << sq;
    const v = -child(oL & ~fL, oH & ~fH, pL | fL | bitL, pH | fH | bitH, -INF, -alpha);
    if (aborted) return null;
    if (v > alpha) {
      alpha = v;
      bestMove = sq;
    }
  }
  return { move: bestMove, score: alpha };
}

function emptiesOf(pL: number, pH: number, oL: number, oH: number): number {
  return 64 - popcount(pL | oL) - popcount(pH | oH);
}

/**
 * Solves the position exactly: the final disc difference for the side to move with perfect play
 * (empties to the winner) and a move that achieves it. Throws a RangeError when nodeLimit
 * (default: unlimited) is exceeded.
 */
export function solveEndgame(p: Position, opts: { nodeLimit?: number } = {}): EndgameSolution {
  const [pL, pH, oL, oH] = sidesOf(p);
  const empties = emptiesOf(pL, pH, oL, oH);
  newEndgameTable();
  nodes = 0;
  nodeLimit = opts.nodeLimit ?? Number.MAX_SAFE_INTEGER;
  aborted = false;
  const moves = rootMoves(pL, pH, oL, oH);
  if (moves.length === 0) {
    const score = endgame(pL, pH, oL, oH, -INF, INF, empties, 0);
    if (aborted) throw new RangeError('solveEndgame: node limit exceeded');
    return { score: score + 0, move: null, nodes };
  }
  const r = searchRoot(pL, pH, oL, oH, moves, (a, b, c, d, al, be) => endgame(a, b, c, d, al, be, empties - 1, 1));
  if (r === null) throw new RangeError('solveEndgame: node limit exceeded');
  return { score: r.score + 0, move: r.move, nodes }; // + 0 turns a negated 0 (-0) into 0
}

/**
 * The CPU player's move for the side to move. Deterministic unless opts.rng or opts.deadline is given. With
 * endgameEmpties or fewer empty squares left it plays a perfect move (when the exact search fits
 * in the node budget); otherwise it runs iterative deepening up to opts.depth and keeps the
 * deepest iteration that finished within the node budget. Throws a RangeError when the side to
 * move has no legal move (the server passes automatically; a pass is never chosen).
 */
export function chooseCpuMove(p: Position, opts: CpuOptions = {}): number {
  clock = opts.deadline !== undefined ? (opts.now ?? Date.now) : null;
  deadlineAt = opts.deadline ?? Number.POSITIVE_INFINITY;
  pauseHook = opts.pause ?? null;
  try {
    return searchCpuMove(p, opts);
  } finally {
    clock = null;
    deadlineAt = Number.POSITIVE_INFINITY;
    pauseHook = null;
  }
}

function searchCpuMove(p: Position, opts: CpuOptions): number {
  const [pL, pH, oL, oH] = sidesOf(p);
  const moves = rootMoves(pL, pH, oL, oH);
  if (moves.length === 0) throw new RangeError('chooseCpuMove: the side to move has no legal move');
  if (opts.rng) {
    for (let i = moves.length - 1; i > 0; i--) {
      const j = Math.min(i, Math.floor(opts.rng() * (i + 1)));
      [moves[i], moves[j]] = [moves[j], moves[i]];
    }
  }
  if (moves.length === 1) return moves[0];
  const limit = opts.nodeLimit ?? DEFAULT_NODE_LIMIT;
  const empties = emptiesOf(pL, pH, oL, oH);
  if (empties <= (opts.endgameEmpties ?? DEFAULT_ENDGAME_EMPTIES)) {
    newEndgameTable();
    nodes = 0;
    nodeLimit = limit;
    aborted = false;
    const r = searchRoot(pL, pH, oL, oH, moves, (a, b, c, d, al, be) => endgame(a, b, c, d, al, be, empties - 1, 1));
    if (r !== null) return r.move;
  }
  const maxDepth = Math.max(1, Math.floor(opts.depth ?? DEFAULT_DEPTH));
  nodes = 0;
  nodeLimit = limit;
  aborted = false;
  let best = moves[0];
  let order = moves;
  for (let depth = 1; depth <= maxDepth; depth++) {
    const r = searchRoot(pL, pH, oL, oH, order, (a, b, c, d, al, be) => midgame(a, b, c, d, depth - 1, al, be, 1));
    if (r === null) break;
    best = r.move;
    // Best move first next time; the rest keep their order.
    order = [best, ...order.filter((m) => m !== best)];
  }
  return best;
}

/* ---------------------------------------------------------------- analysis of played moves */

/** What the analysis found for one move (see analyseMove). */
export interface MoveAnalysis {
  /** Every legal move that reaches bestValue, ascending. */
  best: number[];
  /** The side to move's final disc difference (empties to the winner) under best play after its best move. */
  bestValue: number;
  /** The same after the move played. Exact values are integers; estimates have two decimals. */
  value: number;
  /** Proved by the endgame solver (else estimated by the midgame search). */
  exact: boolean;
  /** Positions visited. */
  nodes: number;
}

export interface AnalysisOptions {
  /** Solve exactly when this many empty squares or fewer remain (default ANALYSIS_EXACT_EMPTIES). */
  exactFromEmpties?: number;
  /** Depth in plies of the midgame search for the other positions (default ANALYSIS_DEPTH). */
  depth?: number;
  /** Node budget of one exact position; past it the position is estimated instead (default ANALYSIS_EXACT_NODE_LIMIT). */
  exactNodeLimit?: number;
}

/** Chosen with bench/analysis.ts (BENCHMARKS.md, "Analysis"). */
export const ANALYSIS_EXACT_EMPTIES = 16;
export const ANALYSIS_DEPTH = 6;
export const ANALYSIS_EXACT_NODE_LIMIT = 20_000_000;

/** Midgame alpha-beta in hundredths of a disc over the fitted evaluation (evaluation.ts); finished games score exactly. */
function midgameDiscs(pL: number, pH: number, oL: number, oH: number, depth: number, alpha: number, beta: number, ply: number): number {
  nodes++;
  if (depth === 0) return evaluateCentidiscs(pL, pH, oL, oH);
  computeMoves(pL, pH, oL, oH);
  const mL = moveSet[0];
  const mH = moveSet[1];
  if ((mL | mH) === 0) {
    computeMoves(oL, oH, pL, pH);
    if ((moveSet[0] | moveSet[1]) === 0) return finalScore(pL, pH, oL, oH) * 100;
    return -midgameDiscs(oL, oH, pL, pH, depth, -beta, -alpha, ply + 1); // a pass costs no depth
  }
  const base = ply * LIST_STRIDE;
  const n = depth >= 3 ? orderFastestFirst(pL, pH, oL, oH, mL, mH, base) : orderStatic(mL, mH, base);
  let best = -INF;
  for (let i = 0; i < n; i++) {
    const sq = listSq[base + i];
    computeFlips(pL, pH, oL, oH, sq);
    const fL = flipSet[0];
    const fH = flipSet[1];
    const cL = oL & ~fL;
    const cH = oH & ~fH;
    const nL = sq < 32 ? pL | fL | (1 << sq) : pL | fL;
    const nH = sq < 32 ? pH | fH : pH | fH | (1 << sq);
    let v: number;
    if (i === 0) {
      v = -midgameDiscs(cL, cH, nL, nH, depth - 1, -beta, -alpha, ply + 1);
    } else {
      v = -midgameDiscs(cL, cH, nL, nH, depth - 1, -alpha - 1, -alpha, ply + 1);
      if (v > alpha && v < beta) v = -midgameDiscs(cL, cH, nL, nH, depth - 1, -beta, -v, ply + 1);
    }
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) return best;
      }
    }
  }
  return best;
}

/**
 * Values every root move just enough to know the best value, every move that reaches it, and the
 * played move's own value: the played move first with a full window, then each other move with
 * the window (best so far − 1, ∞), in which a value that ties or beats the best is exact and a
 * lower one is only bounded. Null when the child search was aborted (node budget).
 */
function valueRoot(pL: number, pH: number, oL: number, oH: number, moves: number[], played: number, child: Child): { best: number[]; bestValue: number; value: number } | null {
  const order = [played, ...moves.filter((m) => m !== played)];
  let alpha = -INF;
  let value = 0;
  let best: number[] = [];
  for (const sq of order) {
    computeFlips(pL, pH, oL, oH, sq);
    const fL = flipSet[0];
    const fH = flipSet[1];
    const bitL = sq < 32 ? 1 << sq : 0;
    const bitH = sq < 32 ? 0 : 1 << sq;
    const v = -child(oL & ~fL, oH & ~fH, pL | fL | bitL, pH | fH | bitH, -INF, sq === played ? INF : -(alpha - 1));
    if (aborted) return null;
    if (sq === played) value = v;
    if (v > alpha) {
      alpha = v;
      best = [sq];
    } else if (v === alpha) {
      best.push(sq);
    }
  }
  return { best: best.sort((a, b) => a - b), bestValue: alpha + 0, value: value + 0 };
}

/**
 * The analysis of one played move: the best value for the side to move, the value of the move
 * played and which moves are best, exactly (the endgame solver, with exactFromEmpties or fewer
 * empties, within exactNodeLimit) or estimated (a fixed-depth midgame search over an evaluation
 * in discs). Throws a RangeError when `played` is not a legal move of the side to move.
 * Exact bounds are kept in the endgame table between calls: call newEndgameTable() before each
 * game so that a game's analysis never depends on what ran before it.
 */
export function analyseMove(p: Position, played: number, opts: AnalysisOptions = {}): MoveAnalysis {
  const [pL, pH, oL, oH] = sidesOf(p);
  const moves = rootMoves(pL, pH, oL, oH);
  if (!moves.includes(played)) throw new RangeError(`analyseMove: ${played} is not a legal move`);
  const empties = emptiesOf(pL, pH, oL, oH);
  if (empties <= (opts.exactFromEmpties ?? ANALYSIS_EXACT_EMPTIES)) {
    nodes = 0;
    nodeLimit = opts.exactNodeLimit ?? ANALYSIS_EXACT_NODE_LIMIT;
    aborted = false;
    const r = valueRoot(pL, pH, oL, oH, moves, played, (a, b, c, d, al, be) => endgame(a, b, c, d, al, be, empties - 1, 1));
    if (r !== null) return { ...r, exact: true, nodes };
  }
  const depth = Math.max(1, Math.floor(opts.depth ?? ANALYSIS_DEPTH));
  nodes = 0;
  nodeLimit = Number.MAX_SAFE_INTEGER;
  aborted = false;
  const r = valueRoot(pL, pH, oL, oH, moves, played, (a, b, c, d, al, be) => midgameDiscs(a, b, c, d, depth - 1, al, be, 1)) as NonNullable<ReturnType<typeof valueRoot>>;
  return { best: r.best, bestValue: r.bestValue / 100, value: r.value / 100, exact: false, nodes };
}
