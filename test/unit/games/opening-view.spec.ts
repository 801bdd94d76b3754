import { describe, expect, it } from '@jest/globals';
import { parseTranscript } from '../../../src/engine/index.js';
import { OPENING_RECORDS } from '../../../src/games/game-rows.js';
import { openingOf, openingSquaresAfter, openingToStore } from '../../../src/games/game-view.js';
import type { MoveRecord } from '../../../src/games/domain/game.js';

const record = (ply: number, square: number | null): MoveRecord =>
  ({ ply, color: ply % 2 ? 'white' : 'black', square, pass: square === null, flipped: [], by: 'player', at: new Date(0) }) as unknown as MoveRecord;

describe("a game's opening between its row and its first squares", () => {
  it('names it from the first squares where a read has them, else from the stored id', () => {
    expect(openingOf({ openingSquares: parseTranscript('f5d6c3d3c4') })).toBe('Tiger');
    expect(openingOf({ openingSquares: parseTranscript('f5d6c3d3c4'), openingId: 'rose' })).toBe('Tiger');
    expect(openingOf({ openingId: 'rose' })).toBe('Rose');
    expect(openingOf({ openingId: null })).toBeNull();
    expect(openingOf({})).toBeNull();
  });

  it('stores what the squares after a step name while the read had them, and leaves the row alone after', () => {
    const before = { openingSquares: parseTranscript('f5d6c3d3') };
    const after = { openingSquares: openingSquaresAfter(before, [record(4, parseTranscript('c4')[0])]) };
    expect(openingToStore(after)).toEqual({ id: 'tiger' });
    expect(openingToStore({ openingSquares: [] })).toEqual({ id: null });
    // Past the first OPENING_RECORDS records the load reads no squares: nothing is written, the stored name stays.
    expect(openingSquaresAfter({}, [record(OPENING_RECORDS + 3, 20)])).toBeUndefined();
    expect(openingToStore({})).toBeUndefined();
  });
});
