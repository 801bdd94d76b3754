import { describe, expect, it } from '@jest/globals';
import { overStandInLimitFor, seatAbandoned } from '../../../src/games/domain/stand-in.js';

describe('the stand-in rule on one seat (shared by the game and the board page)', () => {
  it('over the limit only past it, and never without one', () => {
    expect(overStandInLimitFor(3, 3)).toBe(false);
    expect(overStandInLimitFor(4, 3)).toBe(true);
    expect(overStandInLimitFor(0, 0)).toBe(false);
    expect(overStandInLimitFor(1, 0)).toBe(true);
    expect(overStandInLimitFor(60, null)).toBe(false);
  });

  it('a seat abandoned: the CPU holds it, or played over the limit for it', () => {
    expect(seatAbandoned({ standIn: true, cpuMoves: 0 }, null)).toBe(true);
    expect(seatAbandoned({ standIn: false, cpuMoves: 5 }, 4)).toBe(true);
    expect(seatAbandoned({ standIn: false, cpuMoves: 4 }, 4)).toBe(false);
    expect(seatAbandoned({ standIn: false, cpuMoves: 40 }, null)).toBe(false);
  });
});
