import { describe, expect, it } from '@jest/globals';
import { backoffDelay, retryAfterDelay } from '../../../src/client/transport/backoff.js';
import { parseEventBlock, SseBuffer } from '../../../src/client/transport/sse-parse.js';
import { applyRecord, boardAt, countDiscs, START_BOARD, step } from '../../../src/client/common/position.js';
import { parseTranscript, replay, toBoardString } from '../../../src/engine/index.js';

describe('client: pure modules', () => {
  it('backs off 400 ms doubling to a cap, with under 250 ms of jitter', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, 10_000, () => 0))).toEqual([400, 800, 1600, 3200, 6400, 10_000, 10_000]);
    expect(backoffDelay(1, 10_000, () => 0.999)).toBe(649);
  });

  it('honours Retry-After in seconds or as a date, within bounds', () => {
    expect(retryAfterDelay('2', 1)).toBe(2000);
    expect(retryAfterDelay('0', 1)).toBe(250);
    expect(retryAfterDelay('600', 1)).toBe(10_000);
    expect(retryAfterDelay(new Date(5_000).toUTCString(), 1, 10_000, 2_000)).toBe(3000);
    expect(retryAfterDelay(null, 1)).toBeGreaterThanOrEqual(400);
  });

  it('parses event blocks and buffers chunks split anywhere', () => {
    expect(parseEventBlock('event: move\nid: 4\ndata: {"ply":3}')).toEqual({ name: 'move', data: { ply: 3 }, id: 4 });
    expect(parseEventBlock(': heartbeat')).toBeNull();
    expect(parseEventBlock('data: not json')).toBeNull();
    const b = new SseBuffer();
    expect(b.push('event: a\r')).toEqual([]);
    expect(b.push('\ndata: 1\r\n\r')).toEqual([]);
    expect(b.push('\n')).toEqual(['event: a\ndata: 1']);
  });

  it('replays a game from its move records to the engine\'s boards, with the engine\'s start position', () => {
    expect(START_BOARD).toBe('...........................WB......BW...........................');
    // A real opening from the engine: the records it produces give the same boards.
    const squares = parseTranscript('f5d6c3d3c4f4f6f3e6e7');
    const records = replay(squares).moves.map((t, ply) => ({ ply, color: t.color, square: t.square === null ? null : sq(t.square), pass: t.pass, flipped: t.flipped.map(sq) }));
    expect(records).toHaveLength(10);
    for (let ply = 0; ply <= records.length; ply++) expect(boardAt(records, ply)).toBe(toBoardString(replay(squares.slice(0, ply)).position));
    expect(applyRecord(START_BOARD, { ply: 0, color: 'black', square: null, pass: true, flipped: [] })).toBe(START_BOARD);
    expect(countDiscs(START_BOARD)).toEqual({ black: 2, white: 2 });
  });

  it('moves the keyboard focus over the board and stops at the edges', () => {
    expect(step(0, 'ArrowLeft')).toBe(0);
    expect(step(0, 'ArrowRight')).toBe(1);
    expect(step(0, 'ArrowDown')).toBe(8);
    expect(step(7, 'ArrowRight')).toBe(7);
    expect(step(63, 'ArrowDown')).toBe(63);
    expect(step(20, 'Home')).toBe(16);
    expect(step(20, 'End')).toBe(23);
    expect(step(20, 'x')).toBe(20);
  });
});

function sq(i: number): string {
  return String.fromCharCode(97 + (i & 7)) + String((i >> 3) + 1);
}
