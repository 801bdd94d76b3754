import { describe, expect, it } from '@jest/globals';
import {
  analyseMove, emptyCount, fromBoardString, legalMoves, newEndgameTable, parseSquare, parseTranscript, passIfNeeded, play,
  playTurn, type Position, solveEndgame, squareName, startPosition,
} from '../../../src/engine/index.js';
import { diagram, loadFfo, loadWthor } from './helpers.js';

const allFfo = loadFfo();
const ffo = allFfo.filter((f) => f.empties <= 17);
const names = (squares: number[]): string[] => squares.map(squareName);

/** The positions of a WTHOR game with exactly `empties` empty squares (the side to move having a move), and the move played there. */
function wthorPositions(empties: number, count: number): Array<{ position: Position; played: number }> {
  const out: Array<{ position: Position; played: number }> = [];
  for (const game of loadWthor()) {
    if (out.length === count) break;
    let p = startPosition();
    for (const sq of parseTranscript(game.moves)) {
      p = passIfNeeded(p).position;
      if (emptyCount(p) === empties) {
        out.push({ position: p, played: sq });
        break;
      }
      p = playTurn(p, sq).position;
    }
  }
  return out;
}

describe('analyseMove, exact phase', () => {
  it('has FFO positions with every legal move scored (#1-#22 have at most 17 empties)', () => {
    expect(ffo.map((f) => f.id)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
    for (const f of allFfo) expect([...f.scores.keys()].sort((a, b) => a - b)).toEqual(legalMoves(f.position));
  });

  it.each(ffo.map((f) => [f.id, f] as const))('values every move of FFO #%i as the suite does', (_id, f) => {
    newEndgameTable();
    const best = [...f.scores].filter(([, v]) => v === f.best).map(([m]) => m).sort((a, b) => a - b);
    for (const [move, score] of f.scores) {
      const a = analyseMove(f.position, move, { exactFromEmpties: 17 });
      expect({ move: squareName(move), exact: a.exact, value: a.value, bestValue: a.bestValue, best: names(a.best) })
        .toEqual({ move: squareName(move), exact: true, value: score, bestValue: f.best, best: names(best) });
    }
  });

  it('agrees with solveEndgame on real positions with 12 empties (value of the move played, best value)', () => {
    for (const { position, played } of wthorPositions(12, 20)) {
      const a = analyseMove(position, played, { exactFromEmpties: 12 });
      expect(a.exact).toBe(true);
      expect(a.bestValue).toBe(solveEndgame(position).score);
      const after = play(position, played).position;
      const v = passIfNeeded(after).records.length === 1 ? solveEndgame(passIfNeeded(after).position).score : 0 - solveEndgame(after).score;
      expect(a.value).toBe(v + 0);
      for (const b of a.best) expect(0 - solveEndgame(play(position, b).position).score + 0).toBe(a.bestValue);
    }
  });

  it('falls back to an estimate past its node budget', () => {
    const [{ position, played }] = wthorPositions(14, 1);
    const a = analyseMove(position, played, { exactFromEmpties: 14, exactNodeLimit: 100 });
    expect(a.exact).toBe(false);
    expect(analyseMove(position, played, { exactFromEmpties: 14 }).exact).toBe(true);
  });

  it('is deterministic for a game once the table is renewed', () => {
    const run = () => {
      newEndgameTable();
      return wthorPositions(14, 3).map(({ position, played }) => analyseMove(position, played, { exactFromEmpties: 14 }));
    };
    expect(run()).toEqual(run());
  });
});

describe('analyseMove, estimated phase', () => {
  it('chooses far better than chance on the FFO positions #20-#39 (every move has its exact score)', () => {
    const cases = allFfo.filter((f) => f.id >= 20);
    let estimateLoss = 0;
    let chanceLoss = 0;
    let found = 0;
    for (const f of cases) {
      const a = analyseMove(f.position, legalMoves(f.position)[0], { exactFromEmpties: 0 });
      expect(a.exact).toBe(false);
      // What the estimate's choice really loses, and what a move picked at random loses on average.
      estimateLoss += f.best - (f.scores.get(a.best[0]) as number);
      chanceLoss += [...f.scores.values()].reduce((s, v) => s + f.best - v, 0) / f.scores.size;
      if (f.scores.get(a.best[0]) === f.best) found++;
    }
    expect(found).toBeGreaterThanOrEqual(cases.length / 3);
    expect(estimateLoss).toBeLessThan(chanceLoss / 2);
  });

  it('scores a finished game inside the search exactly', () => {
    // White wipes Black out with c1 (its only move), flipping Black's last disc.
    const wipe = diagram(`
      W B . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . W W . . .
      . . . W W . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .`, 'white');
    const a = analyseMove(wipe, legalMoves(wipe)[0], { exactFromEmpties: 0 });
    expect(names(a.best)).toEqual(['c1']);
    // A finished game inside the search is scored exactly: 7 white discs, 57 empties to the winner.
    expect(a.bestValue).toBe(64);
  });

  it('values the four symmetric first moves equally: all best, no loss', () => {
    for (const m of legalMoves(startPosition())) {
      const a = analyseMove(startPosition(), m, { exactFromEmpties: 0, depth: 4 });
      expect(names(a.best)).toEqual(['d3', 'c4', 'f5', 'e6']); // ascending square order
      expect(a.value).toBe(a.bestValue);
    }
  });

  it('estimates within a few discs of the truth on average, and seldom misses the best move badly', () => {
    const cases = wthorPositions(16, 25);
    let error = 0;
    let bestMissed = 0;
    for (const { position, played } of cases) {
      newEndgameTable();
      const exact = analyseMove(position, played, { exactFromEmpties: 16 });
      const estimate = analyseMove(position, played, { exactFromEmpties: 0 });
      expect(estimate.exact).toBe(false);
      error += Math.abs(estimate.bestValue - exact.bestValue);
      // The estimated best move's true value: how much the estimate's choice really loses.
      const trueLoss = exact.bestValue - analyseMove(position, estimate.best[0], { exactFromEmpties: 16 }).value;
      if (trueLoss >= 6) bestMissed++;
    }
    expect(error / cases.length).toBeLessThan(10);
    expect(bestMissed).toBeLessThanOrEqual(cases.length / 4);
  });

  it('refuses a move that is not legal', () => {
    expect(() => analyseMove(startPosition(), parseSquare('a1') as number)).toThrow(RangeError);
    expect(() => analyseMove(fromBoardString('WB' + '.'.repeat(62), 'black'), 2)).toThrow(RangeError);
  });
});
