import { describe, expect, it } from '@jest/globals';
import { type LoginFailures, loginAttempt, loginDelaySeconds, type LoginThrottleRule } from '../../../src/auth/domain/login-throttle.js';

const NOW = new Date('2026-11-30T12:00:00Z');
const at = (s: number) => new Date(NOW.getTime() + s * 1000);
const RULE: LoginThrottleRule = { free: 5, maxSeconds: 300 };

describe('the per-account sign-in limit', () => {
  it.each<[number, number]>([
    [0, 0], [1, 0], [5, 0], [6, 1], [7, 2], [8, 4], [10, 16], [13, 128], [14, 256], [15, 300], [100, 300],
  ])('after %s failures the next attempt waits %s s', (failures, seconds) => {
    expect(loginDelaySeconds(failures, RULE)).toBe(seconds);
  });

  it.each<[string, LoginFailures | null, number, { allowed: boolean; failures?: number; blockedFor?: number; retryAfter?: number }]>([
    ['a first attempt', null, 0, { allowed: true, failures: 1, blockedFor: 0 }],
    ['the fifth: still free', { failures: 4, blockedUntil: NOW, lastFailureAt: NOW }, 0, { allowed: true, failures: 5, blockedFor: 0 }],
    ['the sixth: checked, and the next waits 1 s', { failures: 5, blockedUntil: NOW, lastFailureAt: NOW }, 0, { allowed: true, failures: 6, blockedFor: 1 }],
    ['during the delay: refused, nothing checked', { failures: 8, blockedUntil: at(4), lastFailureAt: NOW }, 1, { allowed: false, retryAfter: 3 }],
    ['a fraction of a second left: retry after 1 s', { failures: 8, blockedUntil: at(4), lastFailureAt: NOW }, 3.9, { allowed: false, retryAfter: 1 }],
    ['once the delay is over: checked, and the next waits twice as long', { failures: 8, blockedUntil: at(4), lastFailureAt: NOW }, 4, { allowed: true, failures: 9, blockedFor: 8 }],
    ['at the cap: never more than 5 minutes', { failures: 40, blockedUntil: at(300), lastFailureAt: NOW }, 300, { allowed: true, failures: 41, blockedFor: 300 }],
    ['a day after the last failure: forgotten', { failures: 40, blockedUntil: at(300), lastFailureAt: NOW }, 86_401, { allowed: true, failures: 1, blockedFor: 0 }],
  ])('%s', (_label, current, seconds, expected) => {
    const a = loginAttempt(current, at(seconds), RULE);
    expect(a.allowed).toBe(expected.allowed);
    if (a.allowed) {
      expect(a.charged.failures).toBe(expected.failures);
      expect((a.charged.blockedUntil.getTime() - at(seconds).getTime()) / 1000).toBe(expected.blockedFor);
      expect(a.charged.lastFailureAt).toEqual(at(seconds));
    } else {
      expect(a.retryAfterSeconds).toBe(expected.retryAfter);
    }
  });

  it('100 wrong passwords sent at once: 6 are checked, the rest refused; with waits, one per delay', () => {
    let state: LoginFailures | null = null;
    let checked = 0;
    for (let i = 0; i < 100; i++) {
      const a = loginAttempt(state, NOW, RULE);
      if (a.allowed) {
        checked++;
        state = a.charged;
      }
    }
    expect(checked).toBe(6);
    // An attacker who waits out every delay gets one guess per delay: 9 more in the next ten minutes.
    let t = 0;
    let guesses = 0;
    while (t <= 600) {
      const a = loginAttempt(state, at(t), RULE);
      if (a.allowed) {
        guesses++;
        state = a.charged;
      } else {
        t += a.retryAfterSeconds;
      }
    }
    expect(guesses).toBe(9);
  });
});
