/**
 * The teaching positions of the rules page (/rules) and the lesson (/learn): pure data and the
 * engine, no framework. Every position but the start is the position of a real tournament game
 * (the WTHOR database) after the moves given here, replayed by the engine, so nothing on either
 * page is drawn by hand: the discs, the legal squares and the flips all come from src/engine.
 */
import { flips, legalMoves, playTurn, type TurnResult } from '../../engine/rules.js';
import { parseSquare, squareName } from '../../engine/notation.js';
import { type Color, type Position, startPosition, toBoardString } from '../../engine/position.js';
import { replay } from '../../engine/transcript.js';

/** A real game's position: the event it comes from and the moves that lead to it from the start. */
export interface GamePosition {
  /** The tournament, as the WTHOR database names it (a proper name: never translated). */
  readonly event: string;
  /** The moves from the start position, run together ("f5f6e6…"); passes are implicit. */
  readonly moves: string;
}

/** A 3-direction flip: Black could play f3 here and outflank in three directions at once. */
export const THREE_DIRECTIONS: GamePosition = Object.freeze({ event: 'GPI Milano 2023', moves: 'f5f4e3d2d3e6f6g4' });
export const THREE_DIRECTIONS_MOVE = 'f3';

/** The lesson's own 3-direction puzzle: one square of nine outflanks in three directions. */
export const LESSON_DIRECTIONS: GamePosition = Object.freeze({ event: 'Saint Petersburg Open 2023', moves: 'f5d6c4d3c3f4c6e3' });

/** White, down to one disc, plays h1: Black (20 discs) has no legal square and must pass. */
export const FORCED_PASS: GamePosition = Object.freeze({ event: 'Iranian Championship 2025', moves: 'f5d6c4d3e2f4g4f3f2g6h7g3d7h4h2e6h3' });
export const FORCED_PASS_MOVE = 'h1';

/** White has just played b2, next to the empty corner: Black can take a1. */
export const CORNER: GamePosition = Object.freeze({ event: 'EGP Istanbul 2023', moves: 'f5f6e6f4c3b2e3d3' });
export const CORNER_MOVE = 'a1';

/** One empty square left: Black, behind 29 to 34, plays the last move and wins 33 to 31. */
export const LAST_MOVE: GamePosition = Object.freeze({
  event: 'Campionati Italiani 2023',
  moves: 'f5f6e6f4g6d6e3f3d3g5c5c4b5e2c3d7h4d2c2g4c7c6d8e8e7b3f8b4h3a6b6c8b8g7f7h5a5a4a3a2b7c1f2g3d1e1h2h1g2a8a7g8h8h6a1b1b2f1g1',
});
export const LAST_MOVE_SQUARE = 'h7';

/** The four corners' squares. */
export const CORNERS: readonly number[] = Object.freeze([0, 7, 56, 63]);

/** The position a real game reached (throws if the moves were not legal: a test replays them all). */
export function positionOf(game: GamePosition): Position {
  return replay(game.moves).position;
}

/** The moves of a game position as square names ("f5 f6 e6 …"), for the captions. */
export function movesOf(game: GamePosition): string[] {
  return (game.moves.match(/../g) ?? []).map((m) => squareName(parseSquare(m)!));
}

/** A square's index from its name; throws on a name that is not a square (the constants above are all squares). */
export function square(name: string): number {
  const sq = parseSquare(name);
  if (sq === null) throw new RangeError(`not a square: ${name}`);
  return sq;
}

/** The compass direction (dx, dy) from `from` towards `to` on a line: file and rank steps of -1, 0 or 1. */
export function directionOf(from: number, to: number): [number, number] {
  return [Math.sign((to & 7) - (from & 7)), Math.sign((to >> 3) - (from >> 3))];
}

/** The flipped discs of a move grouped by line (direction from the placed disc), each group nearest first. */
export function flipLines(placed: number, flipped: readonly number[]): number[][] {
  const lines = new Map<string, number[]>();
  const distance = (sq: number) => Math.max(Math.abs((sq & 7) - (placed & 7)), Math.abs((sq >> 3) - (placed >> 3)));
  for (const sq of [...flipped].sort((a, b) => distance(a) - distance(b))) {
    const key = directionOf(placed, sq).join(',');
    lines.set(key, [...(lines.get(key) ?? []), sq]);
  }
  return [...lines.values()];
}

/**
 * Where each outflanked line ends: the mover's own disc that closes it (one per line of
 * {@link flipLines}), so a diagram can draw the line from the new disc to its anchor.
 */
export function lineAnchors(placed: number, flipped: readonly number[]): number[] {
  return flipLines(placed, flipped).map((line) => {
    const last = line[line.length - 1];
    const [dx, dy] = directionOf(placed, last);
    return last + dx + dy * 8;
  });
}

/**
 * Opposing discs next to the placed disc whose line is not closed (an empty square or the edge
 * comes first): they do not flip. The rules page names them under the 3-direction diagram.
 */
export function unflippedNeighbours(before: Position, placed: number): number[] {
  const board = toBoardString(before);
  const theirs = before.toMove === 'black' ? 'W' : 'B';
  const flipped = new Set(flips(before, placed));
  const out: number[] = [];
  for (const dy of [-1, 0, 1]) {
    for (const dx of [-1, 0, 1]) {
      if (dx === 0 && dy === 0) continue;
      const f = (placed & 7) + dx;
      const r = (placed >> 3) + dy;
      if (f < 0 || f > 7 || r < 0 || r > 7) continue;
      const sq = r * 8 + f;
      if (board[sq] === theirs && !flipped.has(sq)) out.push(sq);
    }
  }
  return out.sort((a, b) => a - b);
}

/** What a move did, from the engine: the position before and after, the flips, and a pass if one followed. */
export interface MoveShown {
  readonly before: Position;
  readonly square: number;
  readonly flipped: readonly number[];
  readonly after: Position;
  /** The colour that had to pass after the move, or null. */
  readonly passed: Color | null;
  readonly finished: boolean;
}

/** Plays `squareName` on `before` through the engine (throws IllegalMoveError if it is not legal). */
export function showMove(before: Position, name: string): MoveShown {
  const sq = square(name);
  const turn: TurnResult = playTurn(before, sq);
  const pass = turn.records.find((r) => r.pass);
  return { before, square: sq, flipped: turn.records[0].flipped, after: turn.position, passed: pass ? pass.color : null, finished: turn.finished };
}

/** The start position and Black's legal squares there. */
export function startWithLegalSquares(): { position: Position; legal: number[] } {
  const position = startPosition();
  return { position, legal: legalMoves(position) };
}
