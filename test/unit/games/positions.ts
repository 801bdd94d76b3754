import { legalMoves, playTurn, type Position, startPosition } from '../../../src/engine/index.js';

/** Plays seeded pseudo-random games until a move makes the opponent pass (or the game end). */
export function findPosition(want: 'pass' | 'end'): { position: Position; square: number; ply: number } {
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
  for (let g = 0; g < 500; g++) {
    let p = startPosition();
    let ply = 0;
    for (;;) {
      const moves = legalMoves(p);
      if (moves.length === 0) break;
      for (const m of moves) {
        const t = playTurn(p, m);
        if (want === 'pass' && !t.finished && t.records.length === 2) return { position: p, square: m, ply };
        if (want === 'end' && t.finished) return { position: p, square: m, ply };
      }
      const t = playTurn(p, moves[Math.floor(rnd() * moves.length)]);
      if (t.finished) break;
      p = t.position;
      ply += t.records.length;
    }
  }
  throw new Error(`no ${want} found`);
}
