import { legalMoves, playTurn, squareName, startPosition, type Position } from '../../src/engine/index.js';

/** A deterministic pseudo-random sequence (tests must not depend on luck). */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/**
 * Squares of a game that reaches a pass with the game going on: the moves before the one that
 * makes the opponent pass, and that move. Found by seeded random playouts of the engine.
 */
export function gameWithPass(): { before: string[]; passing: string } {
  for (let seed = 1; seed < 10_000; seed++) {
    const random = rng(seed);
    let p: Position = startPosition();
    const played: string[] = [];
    for (;;) {
      const moves = legalMoves(p);
      if (moves.length === 0) break;
      const sq = moves[Math.floor(random() * moves.length)];
      const turn = playTurn(p, sq);
      if (turn.records.length > 1 && !turn.finished) return { before: played, passing: squareName(sq) };
      played.push(squareName(sq));
      if (turn.finished) break;
      p = turn.position;
    }
  }
  throw new Error('no game with a pass found');
}
