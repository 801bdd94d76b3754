/** Small helpers the benches share: a seeded PRNG, random-game positions, percentiles. */
import { legalMoves, passIfNeeded, playTurn, type Position, startPosition } from '../src/engine/index.js';

/** mulberry32: a small seeded PRNG, uniform in [0, 1), so a run can be replayed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every position (the side to move has a move) of `games` random games played with `rand`. */
export function samplePositions(games: number, rand: () => number): Position[] {
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    let p = startPosition();
    for (;;) {
      const s = passIfNeeded(p);
      if (s.finished) break;
      p = s.position;
      out.push(p);
      const moves = legalMoves(p);
      p = playTurn(p, moves[Math.floor(rand() * moves.length)]).position;
    }
  }
  return out;
}

/** The q-quantile (0 < q ≤ 1) of ascending `sorted` by the nearest-rank method; NaN when empty. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
