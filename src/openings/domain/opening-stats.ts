/**
 * How often each named opening occurs in a set of games and how Black scores in it: the games
 * whose position after the line's moves is the line's position (up to symmetry), whatever longer
 * line they went on to. Pure, no framework.
 */
import { lineOf, OPENINGS, positionsAlong } from './openings.js';
import type { IndexedGame } from './index-rows.js';
import { positionKey } from './symmetry.js';

export interface OpeningFigures {
  /** Games that reached the opening's position. */
  games: number;
  /** Black's score in them, 0..1 (null without games). */
  blackScore: number | null;
  /** Black's mean final disc difference in them (null without games). */
  meanDiscDiff: number | null;
}

/** Each opening's final position key and length in moves. */
export const OPENING_KEYS: ReadonlyMap<string, { key: string; plies: number }> = new Map(
  OPENINGS.map((o) => {
    const squares = lineOf(o);
    const positions = positionsAlong(squares);
    return [o.id, { key: positionKey(positions[positions.length - 1]), plies: squares.length }] as const;
  }),
);

/** Figures from sums (games, Black's half points, disc difference). */
export function figuresOf(games: number, blackHalfPoints: number, discDiff: number): OpeningFigures {
  return games === 0
    ? { games: 0, blackScore: null, meanDiscDiff: null }
    : { games, blackScore: blackHalfPoints / 2 / games, meanDiscDiff: discDiff / games };
}

/** Every opening's figures over `games`, by opening id. */
export function openingFigures(games: Iterable<IndexedGame>): Map<string, OpeningFigures> {
  const maxPlies = Math.max(...[...OPENING_KEYS.values()].map((k) => k.plies));
  const sums = new Map<string, [number, number, number]>(OPENINGS.map((o) => [o.id, [0, 0, 0]]));
  for (const g of games) {
    const keys = positionsAlong(g.squares, maxPlies).map(positionKey);
    for (const [id, { key, plies }] of OPENING_KEYS) {
      if (keys[plies - 1] !== key) continue;
      const s = sums.get(id)!;
      s[0]++;
      s[1] += g.blackHalfPoints;
      s[2] += g.discDiff;
    }
  }
  return new Map([...sums].map(([id, [n, p, d]]) => [id, figuresOf(n, p, d)]));
}
