import { describe, expect, it } from '@jest/globals';
import { discCounts, fromBoardString, isGameOver, legalMoves, playTurn, type Position, startPosition } from '../../../src/engine/index.js';
import { chooseLevelMove, COMPUTER_LEVELS, type ComputerLevel, seededRng, seedOf } from '../../../src/engine/levels.js';

/** A whole game between two levels, each move seeded by its ply; the final disc counts. */
function match(black: ComputerLevel, white: ComputerLevel, seed: number): { black: number; white: number } {
  let p: Position = startPosition();
  for (let ply = 0; !isGameOver(p); ply++) {
    const level = p.toMove === 'black' ? black : white;
    p = playTurn(p, chooseLevelMove(p, level, { seed: seed + ply, nodeLimit: 20_000 })).position;
  }
  return discCounts(p);
}

describe('the computer levels', () => {
  it('play only legal moves, and the same move for the same position, level and seed', () => {
    const p = startPosition();
    for (const level of COMPUTER_LEVELS) {
      const a = chooseLevelMove(p, level, { seed: 42, nodeLimit: 20_000 });
      expect(legalMoves(p)).toContain(a);
      expect(chooseLevelMove(p, level, { seed: 42, nodeLimit: 20_000 })).toBe(a);
    }
  });

  it('level 1 makes mistakes: its moves vary with the seed', () => {
    const p = playTurn(startPosition(), 19).position;
    const seen = new Set(Array.from({ length: 40 }, (_, i) => chooseLevelMove(p, 1, { seed: i })));
    expect(seen.size).toBeGreaterThan(1);
  });

  it('the strongest level beats level 1 with either colour', () => {
    for (const seed of [1, 2]) {
      const asBlack = match(8, 1, seed * 100);
      expect(asBlack.black).toBeGreaterThan(asBlack.white);
      const asWhite = match(1, 8, seed * 100);
      expect(asWhite.white).toBeGreaterThan(asWhite.black);
    }
  });

  it('the strongest level stops at its deadline: a move within its time however slow its thread, and the same move when the deadline is never reached', () => {
    // A midgame position where level 8's full node budget is far more than one look at the clock.
    let p: Position = startPosition();
    for (let ply = 0; ply < 16; ply++) p = playTurn(p, chooseLevelMove(p, 5, { seed: ply })).position;
    let looks = 0;
    const late = () => {
      looks++;
      return 1_000;
    };
    const stopped = chooseLevelMove(p, 8, { seed: 3, nodeLimit: 2_000_000, deadline: 0, now: late });
    expect(legalMoves(p)).toContain(stopped);
    // Every iteration after the deadline stops at its first look: a handful of looks, not one per 1,024 of 2,000,000 nodes.
    expect(looks).toBeGreaterThan(0);
    expect(looks).toBeLessThan(10);

    let early = 0;
    const never = () => {
      early++;
      return 0;
    };
    const untimed = chooseLevelMove(p, 8, { seed: 3, nodeLimit: 50_000 });
    expect(chooseLevelMove(p, 8, { seed: 3, nodeLimit: 50_000, deadline: 1, now: never })).toBe(untimed);
    expect(early).toBeGreaterThan(0);
  });

  it('the strongest level offers its search a pause at every look at the clock, and a pause that returns at once changes nothing', () => {
    let p: Position = startPosition();
    for (let ply = 0; ply < 16; ply++) p = playTurn(p, chooseLevelMove(p, 5, { seed: ply })).position;
    let looks = 0;
    let pauses = 0;
    const now = () => {
      looks++;
      return 0;
    };
    const pause = () => {
      pauses++;
    };
    const untimed = chooseLevelMove(p, 8, { seed: 3, nodeLimit: 50_000 });
    expect(chooseLevelMove(p, 8, { seed: 3, nodeLimit: 50_000, deadline: 1, now, pause })).toBe(untimed);
    expect(pauses).toBeGreaterThan(0);
    expect(pauses).toBe(looks);
    // The lower levels search to fixed budgets, quickly: no pause is offered.
    let lower = 0;
    chooseLevelMove(p, 7, { seed: 3, deadline: 1, now, pause: () => lower++ });
    expect(lower).toBe(0);
  });

  it('seeds: the same text gives the same seed; the generator is uniform in [0, 1)', () => {
    expect(seedOf('game:12')).toBe(seedOf('game:12'));
    expect(seedOf('game:12')).not.toBe(seedOf('game:13'));
    const rng = seededRng(7);
    const xs = Array.from({ length: 1000 }, rng);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
  });

  it('refuses a position where the side to move has no legal move (the server passes for it)', () => {
    const whiteStuck = fromBoardString(`BW${'.'.repeat(62)}`, 'white');
    for (const level of COMPUTER_LEVELS) expect(() => chooseLevelMove(whiteStuck, level, { seed: 1 })).toThrow(RangeError);
  });
});
