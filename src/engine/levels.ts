/**
 * The computer opponent's levels, 1 (a beginner that makes mistakes on purpose) to 8 (the
 * engine's strongest within a node budget the caller derives from its time). Every level is
 * deterministic under its seed: the same position, level, seed and budget give the same move.
 * Budgets are counted in nodes, never in time (as in ./search.ts), so a loaded machine changes how
 * long a move takes, not which move it is.
 */
import { legalMoves } from './rules.js';
import { chooseCpuMove } from './search.js';
import { chooseStandInMove } from './stand-in.js';
import type { Position } from './position.js';

export const COMPUTER_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type ComputerLevel = (typeof COMPUTER_LEVELS)[number];
export const STRONGEST_LEVEL: ComputerLevel = 8;

export const isComputerLevel = (v: unknown): v is ComputerLevel => (COMPUTER_LEVELS as readonly unknown[]).includes(v);

/** Uniform in [0, 1) from a 32-bit seed (mulberry32): small, fast, and the same on every platform. */
export function seededRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from a text (FNV-1a), e.g. a game's id and ply. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const CORNERS = new Set([0, 7, 56, 63]);
/** The squares diagonally next to a corner. */
const X_SQUARES = new Set([9, 14, 49, 54]);

/**
 * Level 1: random among the legal moves with a weak bias, a beginner's feel for the board:
 * a corner is twice as likely as an ordinary square and an X-square half as likely. It gives
 * corners away and never thinks ahead.
 */
function beginnerMove(p: Position, rng: () => number): number {
  const moves = legalMoves(p);
  const weights = moves.map((sq) => (CORNERS.has(sq) ? 2 : X_SQUARES.has(sq) ? 0.5 : 1));
  let pick = rng() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < moves.length; i++) {
    pick -= weights[i];
    if (pick < 0) return moves[i];
  }
  return moves[moves.length - 1];
}

/** What one level does, as the docs and the lobby describe it. */
interface LevelPlan {
  kind: 'beginner' | 'shallow' | 'search';
  depth: number;
  /** shallow: moves within this many points of the best are equally likely. */
  margin?: number;
  /** search: solve exactly from this many empties. */
  endgameEmpties?: number;
  /** search: the node budget at most (level 8's comes from its time). */
  nodeLimit?: number;
}

const PLANS: Record<ComputerLevel, LevelPlan> = {
  1: { kind: 'beginner', depth: 0 },
  2: { kind: 'shallow', depth: 1, margin: 60 },
  3: { kind: 'shallow', depth: 2, margin: 40 },
  4: { kind: 'shallow', depth: 2, margin: 16 },
  5: { kind: 'shallow', depth: 3, margin: 4 },
  6: { kind: 'search', depth: 4, endgameEmpties: 8, nodeLimit: 20_000 },
  7: { kind: 'search', depth: 6, endgameEmpties: 12, nodeLimit: 120_000 },
  8: { kind: 'search', depth: 10, endgameEmpties: 16, nodeLimit: 2_000_000 },
};

export interface LevelOptions {
  /** The seed of this move's choices (the service uses the game's id and ply). */
  seed: number;
  /** Level 8's node budget (from the time it may spend); the others have fixed budgets. */
  nodeLimit?: number;
  /**
   * Level 8's deadline by `now()` (CpuOptions.deadline): its search stops there even when its
   * thread got less of a core than the node budget assumed, so the move comes within its time.
   */
  deadline?: number;
  now?: () => number;
  /** Level 8's pause (CpuOptions.pause): where its search may wait for work that comes first. */
  pause?: () => void;
}

/**
 * The computer's move at `level` for the side to move. Throws a RangeError when the side to move
 * has no legal move (the server passes automatically; a pass is never chosen).
 */
export function chooseLevelMove(p: Position, level: ComputerLevel, opts: LevelOptions): number {
  const plan = PLANS[level];
  const rng = seededRng(opts.seed);
  if (legalMoves(p).length === 0) throw new RangeError('chooseLevelMove: the side to move has no legal move');
  if (plan.kind === 'beginner') return beginnerMove(p, rng);
  if (plan.kind === 'shallow') return chooseStandInMove(p, { depth: plan.depth, margin: plan.margin, rng });
  const nodeLimit = level === STRONGEST_LEVEL && opts.nodeLimit !== undefined ? Math.max(10_000, Math.min(plan.nodeLimit!, opts.nodeLimit)) : plan.nodeLimit;
  const timed = level === STRONGEST_LEVEL && opts.deadline !== undefined ? { deadline: opts.deadline, now: opts.now, pause: opts.pause } : {};
  return chooseCpuMove(p, { depth: plan.depth, endgameEmpties: plan.endgameEmpties, nodeLimit, rng: level === STRONGEST_LEVEL ? undefined : rng, ...timed });
}
