/**
 * The project's own table of widely known Othello opening names and their move sequences (public
 * knowledge: a name and its moves are facts; this table was written here, copied from no program's
 * list), and the naming of a game's opening: the longest named line whose position the game
 * reached, positions compared up to the board's eight symmetries (./symmetry.ts). Pure, no framework.
 */
import { parseTranscript } from '../../engine/transcript.js';
import { startPosition, type Position } from '../../engine/position.js';
import { passIfNeeded, playTurn } from '../../engine/rules.js';
import { positionKey } from './symmetry.js';

/** Black's first move is always the same up to symmetry; White's reply names the family. */
export type OpeningFamily = 'perpendicular' | 'diagonal' | 'parallel';

export interface Opening {
  /** Stable identifier (lower-case letters and dashes): the message keys and the page's anchors. */
  readonly id: string;
  /** The name in English, as players write it (GGF, transcripts); the pages name it in their language. */
  readonly name: string;
  readonly family: OpeningFamily;
  /** The line from the start position, run together ("f5d6c3d3c4"). */
  readonly moves: string;
}

/**
 * Ordered by family, then by length: each line's parent (the longest other line it starts with)
 * comes before it. Every line is given from f5, as the master games are; any of its mirror images
 * names the same opening.
 */
export const OPENINGS: readonly Opening[] = Object.freeze(
  [
    { id: 'perpendicular', name: 'Perpendicular', family: 'perpendicular', moves: 'f5d6' },
    { id: 'tiger', name: 'Tiger', family: 'perpendicular', moves: 'f5d6c3d3c4' },
    { id: 'brightwell', name: 'Brightwell', family: 'perpendicular', moves: 'f5d6c3d3c4f4c5b3c2' },
    { id: 'mainline', name: 'Mainline Tiger', family: 'perpendicular', moves: 'f5d6c3d3c4f4f6f3e6e7' },
    { id: 'rose', name: 'Rose', family: 'perpendicular', moves: 'f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3' },
    { id: 'rabbit', name: 'Rabbit', family: 'perpendicular', moves: 'f5d6c5f4e3' },
    { id: 'diagonal', name: 'Diagonal', family: 'diagonal', moves: 'f5f6' },
    { id: 'cow', name: 'Cow', family: 'diagonal', moves: 'f5f6e6f4e3' },
    { id: 'buffalo', name: 'Buffalo', family: 'diagonal', moves: 'f5f6e6f4c3' },
    { id: 'heath', name: 'Heath', family: 'diagonal', moves: 'f5f6e6f4g5' },
    { id: 'parallel', name: 'Parallel', family: 'parallel', moves: 'f5f4' },
  ].map((o) => Object.freeze(o as Opening)),
);

/** An opening by its id, or undefined. */
export function openingById(id: string): Opening | undefined {
  return OPENINGS.find((o) => o.id === id);
}

/** The squares of an opening's line. */
export function lineOf(opening: Opening): number[] {
  return parseTranscript(opening.moves);
}

/** The positions after each move of a line of squares (passes played automatically); stops at the first illegal move. */
export function positionsAlong(squares: readonly number[], upTo = squares.length): Position[] {
  const out: Position[] = [];
  let p = passIfNeeded(startPosition()).position;
  for (let i = 0; i < Math.min(upTo, squares.length); i++) {
    try {
      p = playTurn(p, squares[i]).position;
    } catch {
      break;
    }
    out.push(p);
  }
  return out;
}

/** Each named line's final position key and length in moves (built once). */
const NAMED: ReadonlyMap<string, Opening> = new Map(
  OPENINGS.map((o) => {
    const squares = lineOf(o);
    const positions = positionsAlong(squares);
    if (positions.length !== squares.length) throw new Error(`opening ${o.id}: an illegal move in its line`);
    return [`${squares.length}:${positionKey(positions[positions.length - 1])}`, o] as const;
  }),
);

/** The longest named line, in moves. */
export const LONGEST_LINE = Math.max(...OPENINGS.map((o) => o.moves.length / 2));

/**
 * The opening a game played, from its moves (squares, passes left out): the longest named line
 * whose position the game reached after as many moves, up to symmetry; null when it reached none
 * (a game that stopped at its first move, or none at all).
 */
export function nameOpening(squares: readonly number[]): Opening | null {
  // Every read and every move of a game names its opening again from the same first squares: a
  // replay and eight symmetric keys per position, ~4 % of a move's CPU. The name depends on the
  // first LONGEST_LINE squares alone, so it is remembered by them.
  const line = squares.length > LONGEST_LINE ? squares.slice(0, LONGEST_LINE) : squares;
  const key = line.join(',');
  const known = named.get(key);
  if (known !== undefined) return known.opening;
  const found = nameLine(line);
  if (named.size >= NAMED_REMEMBERED) named.clear();
  named.set(key, found);
  return found.opening;
}

/** A line's name so far, and the position it reached (null from its first illegal move on: no later square counts). */
interface NamedLine {
  readonly opening: Opening | null;
  readonly position: Position | null;
}

/** Opening names by the squares that name them (bounded: cleared when full, refilled by the games being played). */
const named = new Map<string, NamedLine>();
const NAMED_REMEMBERED = 20_000;

/**
 * A game's line grows by one square a move, and the line one square shorter was named at the move
 * before: when it is remembered, only the last position is keyed (one symmetric key, not one per
 * position of a replay from the start).
 */
function nameLine(line: readonly number[]): NamedLine {
  const shorter = line.length > 0 ? named.get(line.slice(0, -1).join(',')) : undefined;
  if (shorter !== undefined) return extend(shorter, line.length, line[line.length - 1]);
  let acc: NamedLine = { opening: null, position: passIfNeeded(startPosition()).position };
  for (let i = 0; i < line.length && acc.position; i++) acc = extend(acc, i + 1, line[i]);
  return acc;
}

/** `before` with its `length`-th square played: the longest named line reached so far. */
function extend(before: NamedLine, length: number, square: number): NamedLine {
  if (!before.position) return before;
  let position: Position;
  try {
    position = playTurn(before.position, square).position;
  } catch {
    return { opening: before.opening, position: null };
  }
  return { opening: NAMED.get(`${length}:${positionKey(position)}`) ?? before.opening, position };
}

/** The name as a replay from the start gives it, nothing remembered (what {@link nameOpening} must agree with). */
export function nameOpeningAfresh(squares: readonly number[]): Opening | null {
  const positions = positionsAlong(squares, LONGEST_LINE);
  let found: Opening | null = null;
  positions.forEach((p, i) => {
    const named = NAMED.get(`${i + 1}:${positionKey(p)}`);
    if (named) found = named;
  });
  return found;
}

/** The lines a named opening extends (its ancestors in the table), shortest first. */
export function parentsOf(opening: Opening): Opening[] {
  return OPENINGS.filter((o) => o !== opening && opening.moves.startsWith(o.moves)).sort((a, b) => a.moves.length - b.moves.length);
}
