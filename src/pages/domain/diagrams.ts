/**
 * The four board diagrams of the rules page, computed through the engine from real positions
 * (./positions.ts): what each shows (discs, marks) and the facts its caption states. Pure and
 * language-neutral: the words come from the messages, the pictures from ../views/board-svg.ts.
 */
import { discCounts, legalMoves } from '../../engine/rules.js';
import { toBoardString, type Color } from '../../engine/position.js';
import {
  CORNER,
  CORNER_MOVE,
  FORCED_PASS,
  FORCED_PASS_MOVE,
  flipLines,
  type GamePosition,
  lineAnchors,
  movesOf,
  positionOf,
  showMove,
  startWithLegalSquares,
  THREE_DIRECTIONS,
  THREE_DIRECTIONS_MOVE,
  unflippedNeighbours,
} from './positions.js';

export type DiagramKey = 'start' | 'flip' | 'pass' | 'corner';

/** Everything a board diagram draws, in square indices (0 = a1 … 63 = h8). */
export interface BoardDiagram {
  readonly key: DiagramKey;
  /** 64 characters B / W / . (API order). */
  readonly board: string;
  /** The side to move in the position shown. */
  readonly toMove: Color;
  /** Squares marked with a dot: legal squares of the side to move. */
  readonly legal: readonly number[];
  /** The disc just placed (marked), or null. */
  readonly placed: number | null;
  /** Discs the placed disc flipped (ringed). */
  readonly flipped: readonly number[];
  /** Each outflanked line, from the placed disc to the disc that closes it. */
  readonly lines: readonly { readonly from: number; readonly to: number }[];
  /** Squares outlined as corners that can never flip. */
  readonly corners: readonly number[];
  /** The real game the position comes from (null for the start position). */
  readonly game: { readonly event: string; readonly moves: readonly string[] } | null;
  /** The facts the caption states, for the messages: square names (lists of them), counts, colours. */
  readonly facts: Readonly<Record<string, string | number | readonly string[]>>;
}

const names = (squares: readonly number[]): string[] => squares.map((s) => 'abcdefgh'[s & 7] + String((s >> 3) + 1));
const gameOf = (g: GamePosition) => ({ event: g.event, moves: movesOf(g) });

/** The start position with Black's four legal squares. */
export function startDiagram(): BoardDiagram {
  const { position, legal } = startWithLegalSquares();
  const board = toBoardString(position);
  const of = (ch: string) => names([...board].flatMap((c, i) => (c === ch ? [i] : [])));
  return {
    key: 'start',
    board,
    toMove: position.toMove,
    legal,
    placed: null,
    flipped: [],
    lines: [],
    corners: [],
    game: null,
    facts: { legal: names(legal), count: legal.length, white: of('W'), black: of('B') },
  };
}

/** A move that outflanks in three directions at once, every flipped disc marked. */
export function flipDiagram(): BoardDiagram {
  const move = showMove(positionOf(THREE_DIRECTIONS), THREE_DIRECTIONS_MOVE);
  const anchors = lineAnchors(move.square, move.flipped);
  const unflipped = unflippedNeighbours(move.before, move.square);
  return {
    key: 'flip',
    board: toBoardString(move.after),
    toMove: move.after.toMove,
    legal: [],
    placed: move.square,
    flipped: move.flipped,
    lines: anchors.map((to) => ({ from: move.square, to })),
    corners: [],
    game: gameOf(THREE_DIRECTIONS),
    facts: {
      color: move.before.toMove,
      square: names([move.square])[0],
      flipped: names(move.flipped),
      flippedCount: move.flipped.length,
      directions: flipLines(move.square, move.flipped).length,
      unflipped: names(unflipped),
      unflippedCount: unflipped.length,
    },
  };
}

/** A move after which the opponent has no legal square: they must pass. */
export function passDiagram(): BoardDiagram {
  const move = showMove(positionOf(FORCED_PASS), FORCED_PASS_MOVE);
  if (move.passed === null) throw new Error(`${FORCED_PASS_MOVE} must leave the opponent without a move`);
  const counts = discCounts(move.after);
  return {
    key: 'pass',
    board: toBoardString(move.after),
    // After the pass the mover is to move again; no dots: the passing side had none.
    toMove: move.after.toMove,
    legal: [],
    placed: move.square,
    flipped: move.flipped,
    lines: lineAnchors(move.square, move.flipped).map((to) => ({ from: move.square, to })),
    corners: [],
    game: gameOf(FORCED_PASS),
    facts: {
      mover: move.before.toMove,
      square: names([move.square])[0],
      flipped: names(move.flipped),
      passer: move.passed,
      passerDiscs: counts[move.passed],
      moverDiscs: counts[move.before.toMove],
      moverLegal: names(legalMoves(move.after)),
    },
  };
}

/** A corner just taken: no line can ever close around it. */
export function cornerDiagram(): BoardDiagram {
  const move = showMove(positionOf(CORNER), CORNER_MOVE);
  return {
    key: 'corner',
    board: toBoardString(move.after),
    toMove: move.after.toMove,
    legal: [],
    placed: move.square,
    flipped: move.flipped,
    lines: [],
    corners: [move.square],
    game: gameOf(CORNER),
    facts: { color: move.before.toMove, square: names([move.square])[0], flipped: names(move.flipped) },
  };
}

/** The rules page's diagrams, in the order of the page. */
export function rulesDiagrams(): Record<DiagramKey, BoardDiagram> {
  return { start: startDiagram(), flip: flipDiagram(), pass: passDiagram(), corner: cornerDiagram() };
}
