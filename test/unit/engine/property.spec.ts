/**
 * Property tests: the engine against the simple array reference (reference.ts) at every ply of
 * thousands of random games: legal moves, the discs every legal move flips, passes, the end and
 * the result.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  flips, fromBoardString, isGameOver, legalMoves, mustPass, passIfNeeded, perft, playTurn, type Position,
  result, startPosition, toBoardString,
} from '../../../src/engine/index.js';
import {
  BLACK, type Cell, other, refCounts, refFlips, refFromBoardString, refLegalMoves, refMasks, refMovesWithFlips, refPerft, refPlay, refStart,
  refWinner, type Side, WHITE,
} from './reference.js';

const sideOf = (p: Position): Side => (p.toMove === 'black' ? BLACK : WHITE);

type RefMoves = Array<{ square: number; flips: number[] }>;

/**
 * Compares engine and reference on one position: the board, the legal moves and the discs each
 * legal move flips. Returns the first disagreement, or null.
 */
function compareMoves(p: Position, board: Cell[], ref: RefMoves = refMovesWithFlips(board, sideOf(p))): string | null {
  const [bL, bH, wL, wH] = refMasks(board);
  if (p.blackLo !== bL || p.blackHi !== bH || p.whiteLo !== wL || p.whiteHi !== wH) return 'boards differ';
  const mine = legalMoves(p);
  if (mine.join() !== ref.map((m) => m.square).join()) return `legal moves ${mine} vs ${ref.map((m) => m.square)}`;
  for (const m of ref) {
    const f = flips(p, m.square);
    if (f.join() !== m.flips.join()) return `flips of ${m.square}: ${f} vs ${m.flips}`;
  }
  return null;
}

const colorOf = (side: Side): 'black' | 'white' => (side === BLACK ? 'black' : 'white');

/**
 * Plays a random game on both (`choices` pick the moves) through the server's call, playTurn,
 * checking at every ply. Returns the first disagreement, or null.
 */
function playBoth(choices: number[]): string | null {
  let p = startPosition();
  let board = refStart();
  let side: Side = BLACK;
  let ref = refMovesWithFlips(board, side);
  for (let ply = 0; ; ply++) {
    const at = (): string => `ply ${ply} (${toBoardString(p)} ${p.toMove})`;
    if (sideOf(p) !== side) return `${at()}: side to move`;
    const problem = compareMoves(p, board, ref);
    if (problem !== null) return `${at()}: ${problem}`;
    if (ref.length === 0) return `${at()}: a side to move without a legal square`;
    if (mustPass(p) || isGameOver(p)) return `${at()}: mustPass/isGameOver with legal moves`;
    const settle = passIfNeeded(p);
    if (settle.records.length !== 0 || settle.finished) return `${at()}: passIfNeeded with legal moves`;

    const { square, flips: expected } = ref[choices[ply % choices.length] % ref.length];
    const turn = playTurn(p, square);
    const rec = turn.records[0];
    if (rec.square !== square || rec.pass || rec.color !== colorOf(side) || rec.flipped.join() !== expected.join()) {
      return `${at()}: move record`;
    }
    board = refPlay(board, side, square);
    side = other(side);
    ref = refMovesWithFlips(board, side);
    let finished = false;
    let passed = false;
    if (ref.length === 0) {
      const moverMoves = refMovesWithFlips(board, other(side));
      if (moverMoves.length > 0) {
        // The opponent cannot move but the mover can: an automatic pass.
        const pass = turn.records[1];
        if (turn.records.length !== 2 || !pass.pass || pass.square !== null || pass.color !== colorOf(side) || pass.flipped.length !== 0) {
          return `${at()}: automatic pass`;
        }
        side = other(side);
        ref = moverMoves;
        passed = true;
      } else {
        finished = true;
      }
    }
    if (!passed && turn.records.length !== 1) return `${at()}: unexpected pass record`;
    if (turn.finished !== finished) return `${at()}: finished flag`;
    p = turn.position;
    if (finished) {
      if (!isGameOver(p) || mustPass(p) || !passIfNeeded(p).finished) return `${at()}: end not seen`;
      const r = result(p);
      if (r.winner !== refWinner(board) || JSON.stringify(r.discs) !== JSON.stringify(refCounts(board))) return `${at()}: result`;
      return null;
    }
  }
}

/** A position that must pass is handled by passIfNeeded like the reference says. */
function comparePass(p: Position, board: Cell[]): string | null {
  const side = sideOf(p);
  const own = refLegalMoves(board, side).length;
  const opp = refLegalMoves(board, other(side)).length;
  if (mustPass(p) !== (own === 0 && opp > 0)) return 'mustPass';
  if (isGameOver(p) !== (own === 0 && opp === 0)) return 'isGameOver';
  const settle = passIfNeeded(p);
  if (own === 0 && opp > 0) {
    if (settle.records.length !== 1 || !settle.records[0].pass || settle.position.toMove === p.toMove) return 'pass record';
  } else if (settle.records.length !== 0 || settle.finished !== (own === 0)) return 'passIfNeeded';
  return null;
}

describe('engine agrees with the reference implementation', () => {
  it('at every ply of 2,000 random games (legal moves, all flips, passes, end, result)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 61, maxLength: 61 }), (choices) => {
        expect(playBoth(choices)).toBeNull();
      }),
      { numRuns: 2000, seed: 20261129 },
    );
  });

  it('on random boards (any arrangement of discs, either side to move), on every square', () => {
    const cell = fc.constantFrom<Cell>(0, 0, 1, 2);
    fc.assert(
      fc.property(fc.array(cell, { minLength: 64, maxLength: 64 }), fc.boolean(), (cells, blackToMove) => {
        const p = fromBoardString(cells.map((c) => '.BW'[c]).join(''), blackToMove ? 'black' : 'white');
        const side = sideOf(p);
        const wrong: number[] = [];
        for (let sq = 0; sq < 64; sq++) if (flips(p, sq).join() !== refFlips(cells, side, sq).join()) wrong.push(sq);
        expect(wrong).toEqual([]);
        expect(compareMoves(p, cells)).toBeNull();
        expect(comparePass(p, cells)).toBeNull();
      }),
      { numRuns: 1000, seed: 7 },
    );
  });

  it('on sparse random boards, where passes and blocked games are common', () => {
    const cell = fc.constantFrom<Cell>(0, 0, 0, 0, 0, 0, 0, 0, 1, 2);
    fc.assert(
      fc.property(fc.array(cell, { minLength: 64, maxLength: 64 }), fc.boolean(), (cells, blackToMove) => {
        const p = fromBoardString(cells.map((c) => '.BW'[c]).join(''), blackToMove ? 'black' : 'white');
        expect(compareMoves(p, cells)).toBeNull();
        expect(comparePass(p, cells)).toBeNull();
      }),
      { numRuns: 1000, seed: 8 },
    );
  });

  it('on perft from random positions (passes as a ply, finished games as leaves)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 60, maxLength: 60 }), fc.integer({ min: 0, max: 56 }), (choices, plies) => {
        // Walk `plies` random moves into a game, then count 3 plies below on both.
        let board = refStart();
        let side: Side = BLACK;
        for (let i = 0; i < plies; i++) {
          const moves = refLegalMoves(board, side);
          if (moves.length === 0) {
            if (refLegalMoves(board, other(side)).length === 0) break;
            side = other(side);
            continue;
          }
          board = refPlay(board, side, moves[choices[i] % moves.length]);
          side = other(side);
        }
        const p = fromBoardString(board.map((c) => '.BW'[c]).join(''), side === BLACK ? 'black' : 'white');
        expect(perft(3, p)).toBe(refPerft(board, side, 3));
      }),
      { numRuns: 150, seed: 11 },
    );
  });

  it('reference sanity: the start position', () => {
    expect(refLegalMoves(refFromBoardString(toBoardString(startPosition())), BLACK)).toEqual([19, 26, 37, 44]);
  });
});
