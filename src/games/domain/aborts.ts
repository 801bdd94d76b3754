/**
 * Abuse of abort (issue #20): who is to blame for an aborted game, and how long a player who
 * aborts many of their recent games waits before their next ranked pairing. Pure.
 *
 * A player is to blame when they call the game off (abort, or a resignation before both players
 * have moved) or let their first-move clock run out. A game aborted because the CPU would have to
 * hold both seats blames nobody (both players were gone).
 */
import { hasMoved, seatOf, type ColorName, type GameState } from './game.js';

export type AbortKind = 'abort' | 'first-move';

export interface AbortBlame {
  color: ColorName;
  kind: AbortKind;
}

/** The player to blame for a step that aborted the game: `actorId` is the player who asked (null: a clock ran out). */
export function abortBlame(before: GameState, after: GameState, actorId: string | null): AbortBlame | null {
  if (before.status !== 'active' || after.status !== 'aborted') return null;
  if (actorId !== null) {
    const color = seatOf(before, actorId);
    return color ? { color, kind: 'abort' } : null;
  }
  const color = before.toMove;
  return color && !hasMoved(before, color) ? { color, kind: 'first-move' } : null;
}

/**
 * The rule: over a player's last `recentGames` games from the queue, the first `free` aborts cost
 * nothing; from the next one on, the next ranked pairing waits `firstMinutes` after the latest
 * abort, doubled for each further abort, at most `maxMinutes`.
 */
export const ABORT_RULE = Object.freeze({ recentGames: 10, free: 2, firstMinutes: 5, maxMinutes: 240 });

/** A player's aborts among their recent games from the queue. */
export interface AbortFigures {
  /** Games counted (at most ABORT_RULE.recentGames). */
  games: number;
  /** Of those, the ones the player is to blame for. */
  aborts: number;
  /** The latest of those aborts. */
  latest: Date | null;
}

export interface AbortCooldown {
  aborts: number;
  games: number;
  minutes: number;
  until: Date;
  /** Whole seconds left (at least 1). */
  secondsLeft: number;
}

/** The wait a player's aborts impose on their next ranked pairing at `now`, or null. */
export function abortCooldown(f: AbortFigures, now: Date, rule = ABORT_RULE): AbortCooldown | null {
  if (f.aborts <= rule.free || !f.latest) return null;
  const minutes = Math.min(rule.maxMinutes, rule.firstMinutes * 2 ** (f.aborts - rule.free - 1));
  const until = new Date(f.latest.getTime() + minutes * 60_000);
  if (until <= now) return null;
  return { aborts: f.aborts, games: f.games, minutes, until, secondsLeft: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) };
}
