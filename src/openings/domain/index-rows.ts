/**
 * The explorer's position index, as pure data: for each game, the step from each position it
 * reached to the next (both keyed up to symmetry), up to INDEX_PLIES moves, and the game's result;
 * summed over games into rows (parent position, child position) → count, Black's points, disc
 * difference. The master games (./master-games.ts) and the ladder's rated games go through the
 * same code, so their figures compare. Pure, no framework.
 */
import { type Position, startPosition } from '../../engine/position.js';
import { positionsAlong } from './openings.js';
import { positionKey } from './symmetry.js';

/** Moves of each game the index keeps: past this, nearly every master game is alone in its position. */
export const INDEX_PLIES = 24;

/** A finished game as the index sees it: its moves (passes left out) and its result for Black. */
export interface IndexedGame {
  readonly squares: readonly number[];
  /** Black's discs minus White's at the end (empties to the winner for the master games). */
  readonly discDiff: number;
  /** 2 for a Black win, 1 for a draw, 0 for a loss (half points, so sums stay integers). */
  readonly blackHalfPoints: number;
}

/** One row of the index: games that went from `parent` to `child`, summed. */
export interface IndexRow {
  readonly parent: string;
  readonly child: string;
  games: number;
  blackHalfPoints: number;
  discDiff: number;
}

/** Black's half points from a final disc difference. */
export function halfPointsOf(discDiff: number): number {
  return discDiff > 0 ? 2 : discDiff === 0 ? 1 : 0;
}

/** The (parent, child) key pairs one game contributes, in order. */
export function stepsOf(squares: readonly number[], plies = INDEX_PLIES): [string, string][] {
  const positions: Position[] = [startPosition(), ...positionsAlong(squares, plies)];
  const keys = positions.map(positionKey);
  const out: [string, string][] = [];
  for (let i = 1; i < keys.length; i++) out.push([keys[i - 1], keys[i]]);
  return out;
}

/** Sums games into index rows (a game reaches each position at most once: discs only grow). */
export function indexRows(games: Iterable<IndexedGame>, plies = INDEX_PLIES): IndexRow[] {
  const rows = new Map<string, IndexRow>();
  for (const g of games) {
    for (const [parent, child] of stepsOf(g.squares, plies)) {
      const id = parent + child;
      let row = rows.get(id);
      if (!row) {
        row = { parent, child, games: 0, blackHalfPoints: 0, discDiff: 0 };
        rows.set(id, row);
      }
      row.games++;
      row.blackHalfPoints += g.blackHalfPoints;
      row.discDiff += g.discDiff;
    }
  }
  return [...rows.values()];
}
