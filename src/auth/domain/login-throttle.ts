/**
 * The per-account sign-in limit, pure. Failed logins are counted per username (case
 * insensitive), whichever addresses they come from; the per-address limit (AUTH_RATE_LIMIT) is a
 * separate, earlier gate.
 *
 * THE RULE: the first `free` failures cost nothing; after that, each attempt may only be made once
 * the previous one's delay is over, and the delay doubles with every failure (1 s, 2 s, 4 s, …) up
 * to `maxSeconds`. A refused attempt (429 RATE_LIMITED with Retry-After) checks no password and
 * does not lengthen the delay. A correct login clears the count; failures are forgotten a day
 * after the last one.
 *
 * Every attempt is charged as a failure before its password is checked (and the charge is taken
 * back by a correct login), so concurrent attempts cannot slip through together: after the free
 * ones, exactly one attempt per delay gets its password checked.
 */
export interface LoginThrottleRule {
  /** Failures on one username that cost nothing. */
  free: number;
  /** The longest delay between attempts. */
  maxSeconds: number;
}

/** A username's count as stored. */
export interface LoginFailures {
  failures: number;
  /** No attempt is checked before this. */
  blockedUntil: Date;
  lastFailureAt: Date;
}

/** Failures are forgotten this long after the last one. */
export const LOGIN_FAILURES_FORGET_MS = 24 * 3_600_000;

/** The delay after `failures` failures: 0 within the free ones, then 1 s, 2 s, 4 s, … at most maxSeconds. */
export function loginDelaySeconds(failures: number, rule: LoginThrottleRule): number {
  const over = failures - rule.free;
  if (over <= 0) return 0;
  return Math.min(rule.maxSeconds, 2 ** (over - 1));
}

export type LoginAttempt =
  /** Check the password; `charged` is the count to store meanwhile (as if it fails). */
  | { allowed: true; charged: LoginFailures }
  /** Refused: retry after this many whole seconds. */
  | { allowed: false; retryAfterSeconds: number };

/** Whether an attempt on a username with this count may have its password checked now. */
export function loginAttempt(current: LoginFailures | null, now: Date, rule: LoginThrottleRule): LoginAttempt {
  const fresh = !current || now.getTime() - current.lastFailureAt.getTime() > LOGIN_FAILURES_FORGET_MS;
  const failures = fresh ? 0 : current.failures;
  if (!fresh && current.blockedUntil > now) {
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((current.blockedUntil.getTime() - now.getTime()) / 1000)) };
  }
  const charged = failures + 1;
  return {
    allowed: true,
    charged: { failures: charged, blockedUntil: new Date(now.getTime() + loginDelaySeconds(charged, rule) * 1000), lastFailureAt: now },
  };
}
