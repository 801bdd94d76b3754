/** One named test per rule of Reversi as the project plays it (and the engine's API around them). */
import { describe, expect, it } from '@jest/globals';
import {
  discCounts, flips, fromBoardString, IllegalMoveError, isGameOver, isLegal, legalMoveMask, legalMoves,
  maskSquares, mustPass, parseSquare, passIfNeeded, play, playTurn, type Position, result, squareName,
  startPosition, toBoardString,
} from '../../../src/engine/index.js';
import * as engine from '../../../src/engine/index.js';
import { diagram, seededRandom } from './helpers.js';

const sq = (name: string): number => {
  const i = parseSquare(name);
  if (i === null) throw new Error(`bad square ${name}`);
  return i;
};
const names = (squares: number[]): string[] => squares.map(squareName);

/** A board with the given discs ('B'/'W' by square name) and nothing else. */
function boardWith(discs: Record<string, 'B' | 'W'>, toMove: 'black' | 'white'): Position {
  const cells = new Array<string>(64).fill('.');
  for (const [name, c] of Object.entries(discs)) cells[sq(name)] = c;
  return fromBoardString(cells.join(''), toMove);
}

describe('the start', () => {
  it('has d4 and e5 white, e4 and d5 black, Black to move', () => {
    const p = startPosition();
    const board = toBoardString(p);
    expect(board[27]).toBe('W');
    expect(board[28]).toBe('B');
    expect(board[35]).toBe('B');
    expect(board[36]).toBe('W');
    expect(board.replace(/\./g, '')).toHaveLength(4);
    expect(p.toMove).toBe('black');
  });

  it("gives Black the four first moves d3, c4, f5, e6", () => {
    expect(names(legalMoves(startPosition())).sort()).toEqual(['c4', 'd3', 'e6', 'f5']);
    expect(legalMoves(startPosition())).toEqual([19, 26, 37, 44]);
    expect(maskSquares(legalMoveMask(startPosition()))).toEqual([19, 26, 37, 44]);
  });
});

// Black plays d4; two white discs and a closing black disc lie in one direction from it.
const DIRECTIONS: Array<[string, number, number]> = [
  ['east (towards file h)', 1, 0],
  ['west (towards file a)', -1, 0],
  ['north (towards rank 8)', 0, 1],
  ['south (towards rank 1)', 0, -1],
  ['north-east', 1, 1],
  ['north-west', -1, 1],
  ['south-east', 1, -1],
  ['south-west', -1, -1],
];

function line(df: number, dr: number, k: number): string {
  return squareName((3 + dr * k) * 8 + (3 + df * k)); // from d4 (file 3, rank index 3)
}

describe('outflanking works in all 8 directions', () => {
  it.each(DIRECTIONS)('%s', (_name, df, dr) => {
    const p = boardWith({ [line(df, dr, 1)]: 'W', [line(df, dr, 2)]: 'W', [line(df, dr, 3)]: 'B' }, 'black');
    expect(names(legalMoves(p))).toEqual(['d4']);
    expect(names(flips(p, sq('d4'))).sort()).toEqual([line(df, dr, 1), line(df, dr, 2)].sort());
    const after = play(p, sq('d4')).position;
    expect(discCounts(after)).toEqual({ black: 4, white: 0 });
  });

  it.each(DIRECTIONS)('%s: the line must be closed by a disc of the mover', (_name, df, dr) => {
    const p = boardWith({ [line(df, dr, 1)]: 'W', [line(df, dr, 2)]: 'W', [line(df, dr, 3)]: 'W' }, 'black');
    expect(legalMoves(p)).toEqual([]);
  });
});

describe('rules of flipping', () => {
  it('every outflanked line flips at once, in every direction', () => {
    const discs: Record<string, 'B' | 'W'> = {};
    for (const [, df, dr] of DIRECTIONS) {
      discs[line(df, dr, 1)] = 'W';
      discs[line(df, dr, 2)] = 'W';
      discs[line(df, dr, 3)] = 'B';
    }
    const p = boardWith(discs, 'black');
    const { position, flipped } = play(p, sq('d4'));
    expect(flipped).toHaveLength(16);
    expect(discCounts(position)).toEqual({ black: 8 + 16 + 1, white: 0 });
  });

  it('an empty square in the line breaks it', () => {
    // a1 -> b1 W, c1 empty, d1 W, e1 B: not outflanked. a1 -> a2 W, a3 B: outflanked.
    const p = diagram(`
      . W . W B . . .
      W . . . . . . .
      B . . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .`, 'black');
    expect(names(flips(p, sq('a1')))).toEqual(['a2']);
    const after = toBoardString(play(p, sq('a1')).position);
    expect(after.slice(0, 8)).toBe('BW.WB...');
  });

  it('an empty square alone makes the move illegal', () => {
    const p = diagram(`
      . W . W B . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .`, 'black');
    expect(isLegal(p, sq('a1'))).toBe(false);
    expect(() => play(p, sq('a1'))).toThrow(expect.objectContaining({ reason: 'no-flips' }));
  });

  it('you cannot jump over your own disc to outflank', () => {
    // a1 -> b1 B, c1 W, d1 B: c1 is not between a1 and a black disc with only white between.
    const p = boardWith({ b1: 'B', c1: 'W', d1: 'B' }, 'black');
    expect(isLegal(p, sq('a1'))).toBe(false);
    expect(flips(p, sq('a1'))).toEqual([]);
  });

  it('flipped discs do not flip others (no chain reaction); only lines from the new disc count', () => {
    // Black a1 flips b1. The new black b1 would "outflank" b2 with b3, but that line does not
    // run from the placed disc, so b2 stays white.
    const p = diagram(`
      . W B . . . . .
      . W . . . . . .
      . B . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .`, 'black');
    const { position, flipped } = play(p, sq('a1'));
    expect(names(flipped)).toEqual(['b1']);
    expect(toBoardString(position)[sq('b2')]).toBe('W');
  });

  it('a placed disc stays where it is and takes the mover\'s colour', () => {
    const { position } = play(startPosition(), sq('f5'));
    expect(toBoardString(position)[sq('f5')]).toBe('B');
    expect(toBoardString(position)[sq('e5')]).toBe('B');
  });

  it('corners can never be outflanked, so a corner disc never flips', () => {
    const rand = seededRandom(11);
    let cornersSeen = 0;
    const violations: string[] = [];
    for (let g = 0; g < 200; g++) {
      let p = startPosition();
      for (;;) {
        p = passIfNeeded(p).position;
        const moves = legalMoves(p);
        if (moves.length === 0) break;
        const before = toBoardString(p);
        const turn = playTurn(p, moves[Math.floor(rand() * moves.length)]);
        const after = toBoardString(turn.position);
        for (const c of [0, 7, 56, 63]) {
          if (before[c] === '.') continue;
          cornersSeen++;
          if (after[c] !== before[c]) violations.push(`${before} -> ${after}`);
        }
        p = turn.position;
      }
    }
    expect(violations).toEqual([]);
    expect(cornersSeen).toBeGreaterThan(1000);
  });
});

describe('passing', () => {
  // Black has no square (its b1 cannot outflank the white corner); White can play c1.
  const blackStuck = boardWith({ a1: 'W', b1: 'B' }, 'black');

  it('the turn passes only when the side to move has no legal square', () => {
    expect(legalMoves(blackStuck)).toEqual([]);
    expect(mustPass(blackStuck)).toBe(true);
    expect(isGameOver(blackStuck)).toBe(false);
    const { records, position, finished } = passIfNeeded(blackStuck);
    expect(records).toEqual([{ color: 'black', square: null, pass: true, flipped: [] }]);
    expect(position.toMove).toBe('white');
    expect(toBoardString(position)).toBe(toBoardString(blackStuck));
    expect(finished).toBe(false);
    expect(names(legalMoves(position))).toEqual(['c1']);
  });

  it('a player with a legal move must move: a pass can never be chosen', () => {
    expect(mustPass(startPosition())).toBe(false);
    expect(passIfNeeded(startPosition())).toEqual({ records: [], position: startPosition(), finished: false });
    expect(Object.keys(engine).filter((k) => /^pass$|skip/i.test(k))).toEqual([]);
  });

  it('a side that must pass cannot play any square', () => {
    for (let s = 0; s < 64; s++) {
      expect(() => play(blackStuck, s)).toThrow(IllegalMoveError);
    }
  });

  it('after a move, the opponent passes automatically when it has no square and the mover has', () => {
    // Black f1 flips g1; White's g8 then outflanks nothing, and Black can still play f8.
    const p = boardWith({ g1: 'W', h1: 'B', g8: 'W', h8: 'B' }, 'black');
    const turn = playTurn(p, sq('f1'));
    expect(turn.records).toEqual([
      { color: 'black', square: sq('f1'), pass: false, flipped: [sq('g1')] },
      { color: 'white', square: null, pass: true, flipped: [] },
    ]);
    expect(turn.position.toMove).toBe('black');
    expect(turn.finished).toBe(false);
    const last = playTurn(turn.position, sq('f8'));
    expect(last.records).toEqual([{ color: 'black', square: sq('f8'), pass: false, flipped: [sq('g8')] }]);
    expect(last.finished).toBe(true);
  });
});

describe('the end and the result', () => {
  it('the game ends when neither side can move, even with empty squares', () => {
    const p = boardWith({ a1: 'W', h8: 'B', h1: 'B' }, 'white');
    expect(isGameOver(p)).toBe(true);
    expect(mustPass(p)).toBe(false);
    expect(passIfNeeded(p)).toEqual({ records: [], position: p, finished: true });
    expect(result(p)).toEqual({ winner: 'black', discs: { black: 2, white: 1 } });
    expect(() => play(p, sq('b1'))).toThrow(expect.objectContaining({ reason: 'game-over' }));
  });

  it('the game ends when the board is full', () => {
    const p = fromBoardString('B'.repeat(40) + 'W'.repeat(24), 'black');
    expect(isGameOver(p)).toBe(true);
    expect(result(p)).toEqual({ winner: 'black', discs: { black: 40, white: 24 } });
  });

  it('the player with more discs wins', () => {
    const p = fromBoardString('W'.repeat(33) + 'B'.repeat(31), 'black');
    expect(result(p).winner).toBe('white');
  });

  it.each([
    ['a full board 32-32', 'B'.repeat(32) + 'W'.repeat(32)],
    ['a blocked board 1-1 with 62 empties', 'W' + '.'.repeat(62) + 'B'],
  ])('equal discs is a draw: %s', (_name, board) => {
    const p = fromBoardString(board, 'white');
    expect(isGameOver(p)).toBe(true);
    expect(result(p).winner).toBeNull();
  });

  it('a game has at most 60 moves: each move adds exactly one disc', () => {
    const rand = seededRandom(5);
    const lengths: number[] = [];
    const problems: string[] = [];
    for (let g = 0; g < 300; g++) {
      let p = startPosition();
      let moves = 0;
      for (;;) {
        const settle = passIfNeeded(p);
        if (settle.finished) break;
        p = settle.position;
        const options = legalMoves(p);
        const before = discCounts(p);
        p = playTurn(p, options[Math.floor(rand() * options.length)]).position;
        const after = discCounts(p);
        if (after.black + after.white !== before.black + before.white + 1) problems.push(toBoardString(p));
        moves++;
      }
      const d = discCounts(p);
      if (d.black + d.white !== 4 + moves) problems.push(toBoardString(p));
      lengths.push(moves);
    }
    expect(problems).toEqual([]);
    expect(Math.max(...lengths)).toBe(60);
    expect(lengths.filter((n) => n < 60).length).toBeGreaterThan(0); // some games end early
  });
});

describe('illegal moves', () => {
  const over = boardWith({ a1: 'W', h8: 'B' }, 'black');
  it.each([
    ['malformed: 64', startPosition(), 64, 'malformed'],
    ['malformed: -1', startPosition(), -1, 'malformed'],
    ['malformed: 2.5', startPosition(), 2.5, 'malformed'],
    ['malformed: NaN', startPosition(), Number.NaN, 'malformed'],
    ['malformed: a string', startPosition(), 'd3' as unknown as number, 'malformed'],
    ['occupied: d4', startPosition(), 27, 'occupied'],
    ['flips nothing: a1', startPosition(), 0, 'no-flips'],
    ['game over', over, 1, 'game-over'],
    ['game over, occupied square', over, 0, 'game-over'],
  ] as Array<[string, Position, number, string]>)('%s', (_name, p, square, reason) => {
    let error: unknown;
    try {
      play(p, square);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(IllegalMoveError);
    expect((error as IllegalMoveError).reason).toBe(reason);
    expect((error as IllegalMoveError).square).toBe(square);
    expect(isLegal(p, square)).toBe(false);
    expect(() => playTurn(p, square)).toThrow(IllegalMoveError);
  });

  it('names the square in the message', () => {
    expect(() => play(startPosition(), 27)).toThrow('Illegal move: d4 is already occupied');
  });
});

describe('positions are immutable values', () => {
  it('play returns a new frozen position and leaves its argument alone', () => {
    const p = startPosition();
    const before = toBoardString(p);
    const { position } = play(p, sq('d3'));
    expect(toBoardString(p)).toBe(before);
    expect(Object.isFrozen(position)).toBe(true);
    expect(Object.isFrozen(p)).toBe(true);
    expect(position.toMove).toBe('white');
  });
});
