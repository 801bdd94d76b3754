import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { type Color, fromBoardString, type Position } from '../../../src/engine/index.js';

export const repoRoot = path.resolve(__dirname, '../../..');
/** The reference data the tests use, kept in the project (see test/fixtures/README.md). */
export const fixtures = path.resolve(repoRoot, 'test/fixtures');

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
  const file = path.join(fixtures, ...parts);
  const bytes = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
}
