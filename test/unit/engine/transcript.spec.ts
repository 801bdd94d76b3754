import { describe, expect, it } from '@jest/globals';
import {
  legalMoves, parseTranscript, passIfNeeded, playTurn, replay, squareName, startPosition, toBoardString,
  TranscriptError, writeTranscript,
} from '../../../src/engine/index.js';
import { seededRandom } from './helpers.js';

// A real game (WTHOR 2024, All Japan Championships, Urano - Ohno, 33-31).
const GAME =
  'f5d6c3d3c4f4f6g5e6f7d7c5g3f3c6e7f8b4g6b6e8c7h4c8b3d2d8g8a4a5a3b5g4e3f2g2e2e1c1d1h1g1c2f1g7b2a1a2b1h8'
  + 'h7h6h5h2h3a6a7a8b7b8';

describe('parseTranscript / writeTranscript', () => {
  it('parses squares in order, case-insensitive, whitespace tolerated', () => {
    expect(parseTranscript('f5d6C3 D3\n c4')).toEqual([37, 43, 18, 19, 26]);
    expect(parseTranscript('')).toEqual([]);
    expect(parseTranscript('  ')).toEqual([]);
  });

  it('writes lower case, passes (null) not written', () => {
    expect(writeTranscript([37, 43, null, 18])).toBe('f5d6c3');
    expect(writeTranscript([])).toBe('');
  });

  it('round-trips', () => {
    expect(writeTranscript(parseTranscript(GAME.toUpperCase()))).toBe(GAME);
  });

  it.each([
    ['f5d6x3', 2, 'x3'],
    ['f5d', 1, 'd'],
    ['f5d9', 1, 'd9'],
    ['f5-d6', 1, '-d'],
  ])('names the first malformed move: %j', (text, index, token) => {
    expect(() => parseTranscript(text)).toThrow(TranscriptError);
    try {
      parseTranscript(text);
    } catch (e) {
      expect(e).toMatchObject({ reason: 'malformed', index, token });
    }
  });
});

describe('replay', () => {
  it('replays a real game to its final position and result', () => {
    const r = replay(GAME);
    expect(r.finished).toBe(true);
    expect(r.result).toEqual({ winner: 'black', discs: { black: 33, white: 31 } });
    expect(r.moves.filter((m) => !m.pass)).toHaveLength(60);
    expect(r.moves.filter((m) => m.pass)).toEqual([{ color: 'white', square: null, pass: true, flipped: [] }]);
    expect(writeTranscript(r.moves.map((m) => m.square))).toBe(GAME);
  });

  it('gives the move list with the colours and the flipped discs', () => {
    const r = replay('f5d6c3');
    expect(r.moves.map((m) => [m.color, m.square === null ? null : squareName(m.square), m.flipped.map(squareName)])).toEqual([
      ['black', 'f5', ['e5']],
      ['white', 'd6', ['d5']],
      ['black', 'c3', ['d4']],
    ]);
    expect(r.finished).toBe(false);
    expect(r.position.toMove).toBe('white');
  });

  it('accepts square indices as well as text', () => {
    expect(replay([37, 43]).position).toEqual(replay('f5d6').position);
  });

  it('inserts the automatic passes into the move list', () => {
    // Random games until one contains a pass; the transcript (passes not written) must replay to
    // the same move list.
    const rand = seededRandom(9);
    let found = 0;
    for (let g = 0; g < 200 && found < 5; g++) {
      let p = startPosition();
      const records = [];
      for (;;) {
        const settle = passIfNeeded(p);
        if (settle.finished) break;
        records.push(...settle.records);
        p = settle.position;
        const moves = legalMoves(p);
        const turn = playTurn(p, moves[Math.floor(rand() * moves.length)]);
        records.push(...turn.records);
        p = turn.position;
      }
      if (!records.some((r) => r.pass)) continue;
      found++;
      const r = replay(writeTranscript(records.map((m) => m.square)));
      expect(r.moves).toEqual(records);
      expect(toBoardString(r.position)).toBe(toBoardString(p));
      expect(r.finished).toBe(true);
    }
    expect(found).toBe(5);
  });

  it.each([
    ['malformed', 'f5d6zz', 2, 'zz'],
    ['malformed before a later bad move', 'f5q9f5', 1, 'q9'],
    ['occupied', 'f5d6d6', 2, 'd6'],
    ['occupied (a centre square)', 'd4', 0, 'd4'],
    ['no-flips', 'f5a1', 1, 'a1'],
    ['no-flips (second move)', 'f5d6h8', 2, 'h8'],
  ])('rejects a bad move: %s', (reason, text, index, token) => {
    let error: unknown;
    try {
      replay(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TranscriptError);
    expect(error).toMatchObject({ reason: reason.split(' ')[0], index, token });
  });

  it('rejects a move after the game is over', () => {
    let error: unknown;
    try {
      replay(GAME + 'a1');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ reason: 'game-over', index: 60, token: 'a1' });
    expect((error as Error).message).toBe('Transcript move 61 ("a1") comes after the game is over');
  });

  it('ends a game early when one side is wiped out (a 9-move game, 51 squares empty)', () => {
    const r = replay('d3c3b3d2e1d6d7e3f4');
    expect(r.finished).toBe(true);
    expect(r.moves).toHaveLength(9);
    expect(r.result).toEqual({ winner: 'black', discs: { black: 13, white: 0 } });
  });
});
