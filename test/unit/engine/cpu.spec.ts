import { describe, expect, it } from '@jest/globals';
import {
  chooseCpuMove, emptyCount, fromBoardString, isGameOver, isLegal, legalMoves, passIfNeeded, play,
  playTurn, type Position, result, solveEndgame, startPosition, toBoardString,
} from '../../../src/engine/index.js';
import { loadFfo, seededRandom } from './helpers.js';
import { BLACK, refFromBoardString, refSolve, WHITE } from './reference.js';

/** A position reached by `plies` random moves from the start (automatic passes included). */
function randomPosition(rand: () => number, plies: number): Position {
  let p = startPosition();
  for (let i = 0; i < plies; i++) {
    const settle = passIfNeeded(p);
    if (settle.finished) break;
    const moves = legalMoves(settle.position);
    p = playTurn(settle.position, moves[Math.floor(rand() * moves.length)]).position;
  }
  return passIfNeeded(p).position;
}

/** -x without producing -0 (toBe tells 0 and -0 apart). */
const negate = (x: number): number => 0 - x;

const solvable = loadFfo().filter((f) => f.empties <= 14);

describe('exact endgame search', () => {
  it('has FFO positions to check (#1-#7 have 14 empties, #20 has 6)', () => {
    expect(solvable.map((f) => f.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 20]);
  });

  it.each(solvable.map((f) => [f.id, f.empties, f] as const))('finds the best score of FFO #%i (%i empties)', (_id, _e, f) => {
    const s = solveEndgame(f.position);
    expect(s.score).toBe(f.best);
    expect(s.move).not.toBeNull();
    expect(f.scores.get(s.move as number)).toBe(f.best);
  });

  it('agrees with a brute-force minimax on random positions with few empties', () => {
    const rand = seededRandom(21);
    let checked = 0;
    while (checked < 40) {
      const p = randomPosition(rand, 54 + Math.floor(rand() * 4)); // 6..10 empties left, fewer if passes
      if (isGameOver(p) || emptyCount(p) > 7) continue;
      const board = refFromBoardString(toBoardString(p));
      const expected = refSolve(board, p.toMove === 'black' ? BLACK : WHITE);
      const s = solveEndgame(p);
      expect(s.score).toBe(expected);
      expect(negate(solveEndgame(play(p, s.move as number).position).score)).toBe(expected);
      checked++;
    }
    expect(checked).toBe(40);
  });

  it('scores a finished game by its discs, empties to the winner', () => {
    // Nobody can move; White (to move) has 1 disc against 3, and the 60 empties go to Black.
    const over = fromBoardString('BBB' + '.'.repeat(60) + 'W', 'white');
    expect(solveEndgame(over)).toEqual({ score: 1 - 3 - 60, move: null, nodes: 1 });
  });

  it('gives up with a RangeError past its node limit', () => {
    expect(() => solveEndgame(startPosition(), { nodeLimit: 1000 })).toThrow(RangeError);
  });
});

describe('chooseCpuMove', () => {
  it('always returns a legal move (200 random positions, shallow search)', () => {
    const rand = seededRandom(4);
    const bad: string[] = [];
    for (let i = 0; i < 200; i++) {
      const p = randomPosition(rand, Math.floor(rand() * 60));
      if (isGameOver(p)) continue;
      const m = chooseCpuMove(p, { depth: 2 });
      if (!isLegal(p, m)) bad.push(`${toBoardString(p)} ${p.toMove}: ${m}`);
    }
    expect(bad).toEqual([]);
  });

  it('returns a legal move with the default settings along a whole game', () => {
    let p = startPosition();
    let moves = 0;
    for (;;) {
      const settle = passIfNeeded(p);
      if (settle.finished) break;
      p = settle.position;
      const m = chooseCpuMove(p);
      expect(isLegal(p, m)).toBe(true);
      p = playTurn(p, m).position;
      moves++;
    }
    expect(moves).toBeGreaterThan(50);
  });

  it('is deterministic by default, and picks among equally good moves with an rng', () => {
    // Black's four first moves are symmetric, so they score the same.
    const p = startPosition();
    const first = chooseCpuMove(p, { depth: 4 });
    expect([chooseCpuMove(p, { depth: 4 }), chooseCpuMove(p, { depth: 4 })]).toEqual([first, first]);
    const seen = new Set<number>();
    for (let seed = 1; seed <= 20; seed++) seen.add(chooseCpuMove(p, { depth: 4, rng: seededRandom(seed) }));
    expect([...seen].sort((a, b) => a - b)).toEqual([19, 26, 37, 44]);
  });

  it('plays a perfect move with few empties left', () => {
    const rand = seededRandom(8);
    let checked = 0;
    while (checked < 15) {
      const p = randomPosition(rand, 50 + Math.floor(rand() * 6));
      if (isGameOver(p) || emptyCount(p) > 10) continue;
      const best = solveEndgame(p).score;
      const m = chooseCpuMove(p);
      expect(negate(solveEndgame(play(p, m).position).score)).toBe(best);
      checked++;
    }
  });

  it('beats a random player', () => {
    const rand = seededRandom(99);
    let wins = 0;
    for (let g = 0; g < 10; g++) {
      const cpu = g % 2 === 0 ? 'black' : 'white';
      let p = startPosition();
      for (;;) {
        const settle = passIfNeeded(p);
        if (settle.finished) break;
        p = settle.position;
        const moves = legalMoves(p);
        const m = p.toMove === cpu ? chooseCpuMove(p, { depth: 3, endgameEmpties: 8 }) : moves[Math.floor(rand() * moves.length)];
        p = playTurn(p, m).position;
      }
      if (result(p).winner === cpu) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(9);
  });

  it('refuses a position where the side to move has no legal square', () => {
    expect(() => chooseCpuMove(fromBoardString('WB' + '.'.repeat(62), 'black'))).toThrow(RangeError);
  });
});
