import { describe, expect, it } from '@jest/globals';
import { fromBoardString, parseSquare, squareName, startPosition, toBoardString } from '../../../src/engine/index.js';
import { seededRandom } from './helpers.js';

describe('square notation (file a..h, rank 1..8; index = (rank - 1) * 8 + file)', () => {
  it.each([
    ['a1', 0], ['h1', 7], ['a8', 56], ['h8', 63], ['d4', 27], ['e4', 28], ['d5', 35], ['e5', 36],
    ['d3', 19], ['c4', 26], ['f5', 37], ['e6', 44],
  ])('%s is %i', (name, index) => {
    expect(parseSquare(name)).toBe(index);
    expect(squareName(index)).toBe(name);
  });

  it('is case-insensitive in and lower-case out', () => {
    expect(parseSquare('H8')).toBe(63);
    expect(parseSquare('F5')).toBe(37);
    expect(parseSquare(' c4 ')).toBe(26);
    expect(squareName(parseSquare('G7') as number)).toBe('g7');
  });

  it('round-trips all 64 squares', () => {
    for (let i = 0; i < 64; i++) {
      expect(parseSquare(squareName(i))).toBe(i);
      expect(parseSquare(squareName(i).toUpperCase())).toBe(i);
    }
  });

  it.each(['', 'a', 'a0', 'a9', 'i1', '1a', 'aa1', 'a10', 'a 1', 'pass', '--', 'é4'])('rejects %j', (s) => {
    expect(parseSquare(s)).toBeNull();
  });

  it('rejects non-strings without throwing', () => {
    expect(parseSquare(null as unknown as string)).toBeNull();
    expect(parseSquare(27 as unknown as string)).toBeNull();
  });

  it.each([-1, 64, 1.5, Number.NaN])('squareName(%p) throws', (i) => {
    expect(() => squareName(i)).toThrow(RangeError);
  });
});

describe('board string (64 characters B, W, ., index = square)', () => {
  it('of the start position', () => {
    expect(toBoardString(startPosition())).toBe(
      '........' + '........' + '........' + '...WB...' + '...BW...' + '........' + '........' + '........',
    );
  });

  it('round-trips random boards', () => {
    const rand = seededRandom(3);
    for (let n = 0; n < 500; n++) {
      let s = '';
      for (let i = 0; i < 64; i++) s += '.BW'[Math.floor(rand() * 3)];
      const color = rand() < 0.5 ? 'black' : 'white';
      const p = fromBoardString(s, color);
      expect(toBoardString(p)).toBe(s);
      expect(p.toMove).toBe(color);
    }
  });

  it('round-trips the corners and the half boundary (h4 = 31, a5 = 32)', () => {
    for (const i of [0, 7, 31, 32, 56, 63]) {
      const s = '.'.repeat(i) + 'W' + '.'.repeat(63 - i);
      expect(toBoardString(fromBoardString(s, 'black'))).toBe(s);
    }
  });

  it.each([
    ['too short', '.'.repeat(63)],
    ['too long', '.'.repeat(65)],
    ['lower case', 'b' + '.'.repeat(63)],
    ['other character', 'X' + '.'.repeat(63)],
  ])('fromBoardString throws on %s', (_name, s) => {
    expect(() => fromBoardString(s, 'black')).toThrow(RangeError);
  });

  it('fromBoardString throws on a bad colour', () => {
    expect(() => fromBoardString('.'.repeat(64), 'red' as 'black')).toThrow(RangeError);
  });
});
