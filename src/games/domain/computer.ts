/**
 * The computer opponent: a game against it has a level (src/engine/levels.ts) and the computer's
 * own player row in one seat. It is a player like any other to the rules (its clock runs, its
 * moves are the seat's own), is never rated, and no stand-in ever plays for it.
 */
import { COMPUTER_LEVELS, type ComputerLevel, isComputerLevel, STRONGEST_LEVEL } from '../../engine/levels.js';
import type { ColorName, GameState } from './game.js';

export { COMPUTER_LEVELS, type ComputerLevel, isComputerLevel, STRONGEST_LEVEL };

/** The computer's player row (made on first use): a bot account nobody can sign in to. */
export const COMPUTER_PLAYER_ID = '00000000-0000-4000-8000-0000000c0de8';
/** Longer than a registered name may be (3–20), so no one can register it. */
export const COMPUTER_USERNAME = 'outflank-computer-engine';

/** The seat the computer plays in a game against it, or null. */
export function computerColorOf(game: Pick<GameState, 'computerLevel' | 'blackId' | 'whiteId'>): ColorName | null {
  if (game.computerLevel === null) return null;
  if (game.blackId === COMPUTER_PLAYER_ID) return 'black';
  if (game.whiteId === COMPUTER_PLAYER_ID) return 'white';
  return null;
}

/** The computer is to move in this game (and should be thinking). */
export function computerToMove(game: GameState): boolean {
  return game.status === 'active' && game.toMove !== null && computerColorOf(game) === game.toMove;
}

/**
 * How long the strongest level may think about one move: `maxMs`, or with a clock a share of the
 * time left (a fortieth, plus half the increment), so it never loses on time in a normal game.
 */
export function computerBudgetMs(remainingMs: number | null, incrementSeconds: number | null, maxMs: number): number {
  if (remainingMs === null) return maxMs;
  return Math.max(10, Math.min(maxMs, remainingMs / 40 + ((incrementSeconds ?? 0) * 1000) / 2));
}

/** Nodes the strongest level searches per ms of its budget: measured on a loaded 2-core machine (BENCHMARKS.md). */
export const COMPUTER_NODES_PER_MS = 400;
