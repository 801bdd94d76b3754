import { describe, expect, it } from '@jest/globals';
import { fromBoardString, perft, play, startPosition } from '../../../src/engine/index.js';
import { main } from '../../../src/engine/perft-cli.js';

// Leaves from the start position, a pass counting as a ply and a finished game as a leaf.
const COUNTS: Array<[number, number]> = [
  [1, 4], [2, 12], [3, 56], [4, 244], [5, 1396], [6, 8200], [7, 55092], [8, 390216],
];

describe('perft', () => {
  it.each(COUNTS)('perft(%i) = %i', (depth, leaves) => {
    expect(perft(depth)).toBe(leaves);
  });

  it('perft(0) is 1', () => {
    expect(perft(0)).toBe(1);
  });

  it('counts a finished game as one leaf at any depth', () => {
    const over = fromBoardString('W' + '.'.repeat(62) + 'B', 'black');
    expect([1, 2, 5].map((d) => perft(d, over))).toEqual([1, 1, 1]);
  });

  it('counts a pass as a ply', () => {
    // Black cannot move (b1 cannot outflank the a1 corner); White can play c1, then nobody can move.
    const stuck = fromBoardString('WB' + '.'.repeat(62), 'black');
    expect(perft(1, stuck)).toBe(1); // the pass
    expect(perft(2, stuck)).toBe(1); // pass, then White's only move c1 (which ends the game)
  });

  it('works from any position and side to move', () => {
    const afterF5 = play(startPosition(), 37).position;
    expect(perft(7, afterF5) * 4).toBe(perft(8)); // the four first moves are symmetric
  });

  it('rejects a bad depth', () => {
    expect(() => perft(-1)).toThrow(RangeError);
    expect(() => perft(1.5)).toThrow(RangeError);
  });
});

describe('outflank perft <depth>', () => {
  function run(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    return main(args, { out: (l) => out.push(l), err: (l) => err.push(l) }).then((code) => ({ code, out, err }));
  }

  it('prints the leaf count and the speed', async () => {
    const { code, out, err } = await run(['6']);
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^perft 6: 8200 leaves in \d+\.\d{3} s \(\d+\.\d M leaves\/s\)$/);
  });

  it('accepts the sub-command name in front', async () => {
    const { code, out } = await run(['perft', '3']);
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^perft 3: 56 leaves/);
  });

  it.each([[[]], [['x']], [['-1']], [['2', '3']], [['21']], [['1.5']]])('exits 2 with usage on %j', async (args) => {
    const { code, out, err } = await run(args);
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expect(err[0]).toMatch(/^usage: outflank perft <depth>/);
  });
});
