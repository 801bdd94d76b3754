/**
 * The time rules of a game's turns, as pure functions: when a turn's deadlines fall (the first
 * move's, the turn limit's, the idle wait's, the clock's flag), how a move charges the clock, and
 * how the stand-in's hand-over shortens. transitions.ts applies them at each step.
 */
import { type ColorName, type GameRules, type GameState, clockOf, clockRunning, controlOf, hasMoved, lagQuotaOf, takeoversOf } from './game.js';
import { chargeMove, flagGraceMs } from './clock.js';

export const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

/** Escalation never shortens a limit below this many seconds (or below the limit itself, when that is shorter). */
export const MIN_HAND_OVER_SECONDS = 10;

/**
 * How long a seat's turn lasts before the stand-in comes (the turn limit, or without one the idle
 * limit), once the stand-in has already taken that seat over `takeovers` times in this game: the
 * full limit the first time, then half as long after each takeover, never below
 * MIN_HAND_OVER_SECONDS. So an opponent never waits the full limit twice for the same player.
 */
export function handOverSeconds(limit: number, takeovers: number): number {
  return Math.max(Math.min(limit, MIN_HAND_OVER_SECONDS), limit / 2 ** Math.max(0, takeovers));
}

/** The game's idle limit (no turn limit): its own setting, or the rules' for games made before it was stored. */
export function idleLimitOf(game: Pick<GameState, 'idleSeconds'>, rules: Pick<GameRules, 'idleTurnSeconds'>): number {
  return game.idleSeconds ?? rules.idleTurnSeconds;
}

/**
 * The clocks of a turn that starts now: a player's first move has FIRST_MOVE_SECONDS in every
 * game (the game is aborted when it runs out); later turns have the turn limit, or, without one,
 * the wait before a stand-in for an absent player (presence pushes it back, up to the idle
 * limit). A seat the stand-in has taken over before gets a shorter limit (handOverSeconds).
 * In a clocked game the clock decides after the first move: the turn's deadline is the flag (the
 * clock at zero), presence keeps the stand-in away up to it (plus the flag's grace), and the
 * stand-in comes only for a player gone CPU_TAKEOVER_SECONDS: a present player is never moved for.
 */
export function startTurn(game: GameState, rules: GameRules): GameState {
  const color = game.toMove!;
  const takeovers = takeoversOf(game, color);
  let deadline: Date | null = null;
  let idleDeadline: Date | null = null;
  let takeoverAt: Date;
  if (!hasMoved(game, color)) {
    deadline = addSeconds(rules.now, rules.firstMoveSeconds);
    takeoverAt = deadline;
  } else if (game.clockBaseSeconds !== null) {
    const remaining = clockOf(game, color) ?? 0;
    deadline = new Date(rules.now.getTime() + remaining);
    idleDeadline = new Date(deadline.getTime() + flagGraceMs(lagQuotaOf(game, color)));
    // The stand-in comes only before the flag: at zero, the clock decides.
    const absent = addSeconds(rules.now, rules.cpuTakeoverSeconds);
    takeoverAt = absent < deadline ? absent : idleDeadline;
  } else if (game.turnSeconds) {
    deadline = addSeconds(rules.now, handOverSeconds(game.turnSeconds, takeovers));
    takeoverAt = deadline;
  } else {
    const idle = handOverSeconds(idleLimitOf(game, rules), takeovers);
    idleDeadline = addSeconds(rules.now, idle);
    takeoverAt = addSeconds(rules.now, Math.min(rules.cpuTakeoverSeconds, idle));
  }
  return { ...game, turnDeadline: deadline, takeoverAt, idleDeadline, turnStartedAt: rules.now };
}

/** Until when a present player's turn is safe from the stand-in (no turn limit, after their first move). */
export function presentUntil(game: GameState, rules: GameRules): Date | null {
  if (game.status !== 'active' || game.turnSeconds || !game.toMove || !hasMoved(game, game.toMove)) return null;
  const idle = game.idleDeadline ?? (game.turnStartedAt ? addSeconds(game.turnStartedAt, idleLimitOf(game, rules)) : null);
  if (!idle) return null;
  const present = addSeconds(rules.now, rules.cpuTakeoverSeconds);
  return present < idle ? present : idle;
}

/** A running clock's time at `now` (no increment: the turn is not over), never below 0. */
export function stopClock(game: GameState, now: Date): GameState {
  if (!clockRunning(game) || !game.turnStartedAt) return game;
  const color = game.toMove!;
  const left = Math.max(0, (clockOf(game, color) ?? 0) - Math.max(0, now.getTime() - game.turnStartedAt.getTime()));
  return withClock(game, color, left, lagQuotaOf(game, color));
}

export function withClock(game: GameState, color: ColorName, remainingMs: number, quotaMs: number): GameState {
  return color === 'black' ? { ...game, blackClockMs: remainingMs, blackLagQuotaMs: quotaMs } : { ...game, whiteClockMs: remainingMs, whiteLagQuotaMs: quotaMs };
}

/**
 * The mover's clock after a move that came within its time (see {@link outOfTime}): the turn's
 * time less the lag credited, plus the increment. A first move costs and earns nothing: the clock
 * starts once that side has moved.
 */
export function clockAfterMove(game: GameState, color: ColorName, rules: GameRules, lagMs = 0): Partial<GameState> {
  const control = controlOf(game);
  if (!control || !hasMoved(game, color) || !game.turnStartedAt) return {};
  const charge = chargeMove(control, clockOf(game, color) ?? 0, lagQuotaOf(game, color), rules.now.getTime() - game.turnStartedAt.getTime(), lagMs);
  const remaining = Math.max(0, charge.remainingMs);
  return color === 'black' ? { blackClockMs: remaining, blackLagQuotaMs: charge.quotaMs } : { whiteClockMs: remaining, whiteLagQuotaMs: charge.quotaMs };
}

/** The side to move's clock ran out before this move came, even with `lagMs` credited. */
export function outOfTime(game: GameState, rules: GameRules, lagMs: number): boolean {
  if (!clockRunning(game) || !game.turnStartedAt) return false;
  const color = game.toMove!;
  return chargeMove(controlOf(game)!, clockOf(game, color) ?? 0, lagQuotaOf(game, color), rules.now.getTime() - game.turnStartedAt.getTime(), lagMs).flagged;
}

/** The flag of the side to move has fallen by `rules.now`, grace included: the deadline sweep calls it. */
export function flagDue(game: GameState, rules: GameRules): boolean {
  return clockRunning(game) && game.idleDeadline !== null && game.idleDeadline <= rules.now;
}
