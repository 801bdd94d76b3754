/**
 * The engine's value of every legal move of a position, for the side to move, in final discs
 * (its discs minus the other side's at the end, empties to the winner): exact where the endgame
 * solver answers within a node budget, estimated otherwise by a shallow midgame search over the
 * fitted evaluation. Pure, no framework.
 */
import { emptyCount, legalMoves, isGameOver, mustPass, passIfNeeded, playTurn } from '../../engine/rules.js';
import type { Position } from '../../engine/position.js';
import { analyseMove, solveEndgame } from '../../engine/search.js';

/** Solve exactly from this many empties after the move; the budget keeps a request short. */
export const EXPLORER_EXACT_EMPTIES = 14;
export const EXPLORER_EXACT_NODE_LIMIT = 200_000;
/** Depth of the estimate, in plies after the move. */
export const EXPLORER_DEPTH = 3;

export interface MoveValue {
  square: number;
  /** For the side to move: final disc difference with best play after this move. */
  value: number;
  /** Proved by the solver (an integer); else an estimate with two decimals. */
  exact: boolean;
}

/** The value of a position for its side to move (after any forced pass, sign-corrected). */
function valueOf(p: Position): { value: number; exact: boolean } {
  if (isGameOver(p) || emptyCount(p) <= EXPLORER_EXACT_EMPTIES) {
    try {
      return { value: solveEndgame(p, { nodeLimit: EXPLORER_EXACT_NODE_LIMIT }).score, exact: true };
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
  }
  const passed = mustPass(p) ? passIfNeeded(p).position : p;
  const sign = passed.toMove === p.toMove ? 1 : -1;
  const moves = legalMoves(passed);
  const a = analyseMove(passed, moves[0], { exactFromEmpties: -1, depth: EXPLORER_DEPTH });
  return { value: sign * a.bestValue + 0, exact: false };
}

/** Every legal move's value for the side to move, best first (ties by square). */
export function moveValues(p: Position): MoveValue[] {
  const out = legalMoves(p).map((square): MoveValue => {
    const child = playTurn(p, square).position;
    const v = valueOf(child);
    // The child's value is for its side to move: the other side, unless a pass gave the turn back.
    const same = child.toMove === p.toMove && !isGameOver(child);
    return { square, value: (same ? v.value : -v.value) + 0, exact: v.exact };
  });
  return out.sort((a, b) => b.value - a.value || a.square - b.square);
}
