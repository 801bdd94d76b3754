/**
 * Game clocks: base time plus an increment per move, kept by the server, with network lag credited
 * to the player from a quota (lichess's LagTracker). Pure: times come in as numbers of ms.
 *
 * - A player's clock runs only on their turn, and only once they have made their first move (the
 *   first move of each side has its own short timer that aborts the game instead). An automatic
 *   pass is not a turn the passer plays: their clock does not move.
 * - After each move the clock loses the time the server measured for the turn less the lag
 *   credited, then gains the increment.
 * - Lag credit for one move = min(the lag the client reports, the seat's quota). After the move,
 *   quota = min(quota + gain − credit, 7 × gain), where gain = min(1 s, 0.4 % of the estimated
 *   game seconds + 0.15 s) and the estimated game seconds = base + 40 × increment; the quota starts
 *   at 3 × gain. A steady connection is credited in full; a client that claims huge lag on every
 *   move drains its quota and gets no more than `gain` a move.
 * - The flag falls when the clock reaches zero; the server calls it (its deadline sweep, with no
 *   request from anyone) after a grace of min(quota, FLAG_GRACE_MAX_MS) for a move still in flight.
 */

/** A game's time control: base minutes' worth of seconds and seconds added after each move. */
export interface ClockControl {
  readonly baseSeconds: number;
  readonly incrementSeconds: number;
}

/** The presets on offer, as "minutes+seconds" (1+2, 3+2, 5+3, 10+5, 15+10). */
export const CLOCK_PRESETS: readonly ClockControl[] = Object.freeze([
  { baseSeconds: 60, incrementSeconds: 2 },
  { baseSeconds: 180, incrementSeconds: 2 },
  { baseSeconds: 300, incrementSeconds: 3 },
  { baseSeconds: 600, incrementSeconds: 5 },
  { baseSeconds: 900, incrementSeconds: 10 },
]);

/** The ranked queue's clock when a ticket names none: 5+3. */
export const DEFAULT_RANKED_CLOCK: ClockControl = CLOCK_PRESETS[2];

/** A custom clock's bounds: base 1 to 60 minutes, in whole seconds; increment 0 to 60 s. */
export const CLOCK_BOUNDS = Object.freeze({ minBaseSeconds: 60, maxBaseSeconds: 3600, minIncrementSeconds: 0, maxIncrementSeconds: 60 });

/** True when `c` is a clock within the bounds (whole seconds). */
export function isValidClock(c: { baseSeconds: unknown; incrementSeconds: unknown }): c is ClockControl {
  const { baseSeconds: b, incrementSeconds: i } = c;
  return (
    typeof b === 'number' && Number.isInteger(b) && b >= CLOCK_BOUNDS.minBaseSeconds && b <= CLOCK_BOUNDS.maxBaseSeconds &&
    typeof i === 'number' && Number.isInteger(i) && i >= CLOCK_BOUNDS.minIncrementSeconds && i <= CLOCK_BOUNDS.maxIncrementSeconds
  );
}

export const isPreset = (c: ClockControl): boolean => CLOCK_PRESETS.some((p) => p.baseSeconds === c.baseSeconds && p.incrementSeconds === c.incrementSeconds);

/** "5+3": minutes (a fraction when the base is not whole minutes) + increment seconds. */
export function clockLabel(c: ClockControl): string {
  const minutes = c.baseSeconds / 60;
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)}+${c.incrementSeconds}`;
}

/** Parses "5+3" (minutes + seconds) into a clock within the bounds, or null. */
export function parseClockLabel(text: string): ClockControl | null {
  const m = /^(\d{1,3}(?:\.\d)?)\+(\d{1,3})$/.exec(text.trim());
  if (!m) return null;
  const c = { baseSeconds: Math.round(Number(m[1]) * 60), incrementSeconds: Number(m[2]) };
  return isValidClock(c) ? c : null;
}

/** Lag credit is never more than this on one move, whatever the quota. */
export const LAG_QUOTA_GAIN_MAX_MS = 1000;
/** The most lag a move request may report (more is refused as bad input). */
export const MAX_REPORTED_LAG_MS = 10_000;
/** The flag waits at most this long for a move still in flight (lichess: 2 s; shorter, so a game ends within a second of a clock at zero). */
export const FLAG_GRACE_MAX_MS = 500;

/** The quota a move adds: min(1 s, 0.4 % of the estimated game seconds + 0.15 s), in ms. */
export function lagQuotaGainMs(c: ClockControl): number {
  const estimatedSeconds = c.baseSeconds + 40 * c.incrementSeconds;
  return Math.min(LAG_QUOTA_GAIN_MAX_MS, Math.round(estimatedSeconds * 4 + 150));
}

export const initialLagQuotaMs = (c: ClockControl): number => 3 * lagQuotaGainMs(c);
export const maxLagQuotaMs = (c: ClockControl): number => 7 * lagQuotaGainMs(c);

/** The grace the flag waits past zero for a move in flight: min(quota, FLAG_GRACE_MAX_MS). */
export const flagGraceMs = (quotaMs: number): number => Math.max(0, Math.min(quotaMs, FLAG_GRACE_MAX_MS));

/** What one move does to the mover's clock. */
export interface ClockCharge {
  /** The clock after the move, increment included; negative: the flag fell before the move. */
  readonly remainingMs: number;
  readonly quotaMs: number;
  /** The lag credited. */
  readonly creditMs: number;
  /** The flag fell before this move came (even with the lag credited). */
  readonly flagged: boolean;
}

/**
 * Charges one move: `elapsedMs` is the turn's time as the server measured it, `lagMs` what the
 * client reports (0 for the CPU).
 */
export function chargeMove(c: ClockControl, remainingMs: number, quotaMs: number, elapsedMs: number, lagMs: number): ClockCharge {
  const elapsed = Math.max(0, elapsedMs);
  const creditMs = Math.max(0, Math.min(lagMs, quotaMs, elapsed));
  const left = remainingMs - (elapsed - creditMs);
  const quota = Math.min(quotaMs + lagQuotaGainMs(c) - creditMs, maxLagQuotaMs(c));
  if (left < 0) return { remainingMs: left, quotaMs: quota, creditMs, flagged: true };
  return { remainingMs: Math.round(left + c.incrementSeconds * 1000), quotaMs: quota, creditMs, flagged: false };
}
