import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { type Color, emptyCount, fromBoardString, parseSquare, type Position } from '../../../src/engine/index.js';

export const repoRoot = path.resolve(__dirname, '../../..');
/** The reference data the tests use, kept in the project (see test/fixtures/README.md). */
export const fixtures = path.resolve(repoRoot, 'test/fixtures');
/** The data the app itself ships (the master games: see data/README.md). */
export const shipped = path.resolve(repoRoot, 'data');

/**
 * A position from an 8x8 picture: rank 1 first (the top row, as in RULES.md), files a..h left to
 * right; 'B' black, 'W' white, '.' empty; spaces and line breaks are ignored.
 */
export function diagram(picture: string, toMove: Color): Position {
  return fromBoardString(picture.replace(/\s+/g, ''), toMove);
}

/** A small deterministic random generator (mulberry32) for reproducible games. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fixture's text; `.gz` files are gunzipped. */
export function readFixture(...parts: string[]): string {
  return readGzOrText(path.join(fixtures, ...parts));
}

/** A file of the shipped data (data/), read the same way. */
export function readShipped(...parts: string[]): string {
  return readGzOrText(path.join(shipped, ...parts));
}

function readGzOrText(file: string): string {
  const bytes = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
}

export interface FfoPosition {
  id: number;
  position: Position;
  empties: number;
  /** The best score (exact final disc difference for the side to move). */
  best: number;
  /** Every listed move's exact score. */
  scores: Map<number, number>;
}

/** test/fixtures/ffo (the FFO endgame test positions): 64 squares a1..h8 (X black, O white, - empty), side to move, moves with exact scores. */
export function loadFfo(): FfoPosition[] {
  const out: FfoPosition[] = [];
  for (const [file, first] of [['fforum-1-19.obf', 1], ['fforum-20-39.obf', 20]] as const) {
    readFixture('ffo', file).split('\n').filter((l) => l.trim() !== '').forEach((line, i) => {
      const board = line.slice(0, 64).replace(/X/g, 'B').replace(/O/g, 'W').replace(/-/g, '.');
      const position = fromBoardString(board, line[65] === 'X' ? 'black' : 'white');
      const scores = new Map<number, number>();
      for (const m of line.slice(67).matchAll(/([A-H][1-8]):([+-]\d+)/g)) scores.set(parseSquare(m[1]) as number, Number(m[2]));
      out.push({ id: first + i, position, empties: emptyCount(position), best: Math.max(...scores.values()), scores });
    });
  }
  return out;
}

/** The real games of data/wthor-2023-2025.tsv.gz: the result (black − white discs, empties to the winner) and the moves. */
export function loadWthor(): Array<{ blackMargin: number; moves: string }> {
  return readShipped('wthor-2023-2025.tsv.gz').split('\n').filter((l) => l.trim() !== '').map((line) => {
    const [, score, moves] = line.split('\t');
    const [b, w] = score.split('-').map(Number);
    return { blackMargin: b - w, moves };
  });
}
