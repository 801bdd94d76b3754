import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import {
  DEFAULT_GLICKO2_CONFIG,
  GLICKO2_SCALE,
  effectiveRd,
  glicko2Config,
  idleDays,
  inflateRd,
  initialValues,
  isProvisional,
  rateGame,
  update,
  type RatedPlayer,
  type Score,
} from '../../../src/ratings/domain/glicko2.js';

const DAY = 86_400_000;
const T0 = Date.parse('2024-01-01T00:00:00Z');
const cfg = DEFAULT_GLICKO2_CONFIG;

function expectFiniteWithinBounds(v: { rating: number; rd: number; volatility: number }): void {
  expect(Number.isFinite(v.rating)).toBe(true);
  expect(Number.isFinite(v.rd)).toBe(true);
  expect(Number.isFinite(v.volatility)).toBe(true);
  expect(v.volatility).toBeGreaterThan(0);
  expect(v.rating).toBeGreaterThanOrEqual(cfg.ratingFloor);
  expect(v.rd).toBeGreaterThanOrEqual(cfg.minRd);
  expect(v.rd).toBeLessThanOrEqual(cfg.maxRd);
}

describe('config', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_GLICKO2_CONFIG).toEqual({
      initialRating: 1500,
      initialRd: 350,
      initialVolatility: 0.06,
      tau: 0.5,
      minRd: 45,
      maxRd: 350,
      ratingFloor: 100,
      periodsPerDay: 0.21436,
      epsilon: 0.000001,
    });
    expect(GLICKO2_SCALE).toBe(173.7178);
    expect(initialValues()).toEqual({ rating: 1500, rd: 350, volatility: 0.06 });
  });

  it('accepts overrides without touching the defaults', () => {
    const c = glicko2Config({ tau: 0.3, ratingFloor: 0 });
    expect(c.tau).toBe(0.3);
    expect(c.ratingFloor).toBe(0);
    expect(c.maxRd).toBe(350);
    expect(DEFAULT_GLICKO2_CONFIG.tau).toBe(0.5);
  });
});

describe('update (Glickman, "Example of the Glicko-2 system")', () => {
  it('reproduces the worked example: 1500/200/0.06 vs 1400/30 won, 1550/100 lost, 1700/300 lost', () => {
    const out = update({ rating: 1500, rd: 200, volatility: 0.06 }, [
      { opponentRating: 1400, opponentRd: 30, score: 1 },
      { opponentRating: 1550, opponentRd: 100, score: 0 },
      { opponentRating: 1700, opponentRd: 300, score: 0 },
    ]);
    expect(Math.abs(out.rating - 1464.05)).toBeLessThan(0.01);
    expect(Math.abs(out.rd - 151.52)).toBeLessThan(0.01);
    expect(Math.abs(out.volatility - 0.05999)).toBeLessThan(0.00001);
  });

  it('with no games only grows the RD by one period', () => {
    const out = update({ rating: 1600, rd: 100, volatility: 0.06 }, []);
    expect(out.rating).toBe(1600);
    expect(out.volatility).toBe(0.06);
    expect(out.rd).toBeCloseTo(Math.sqrt(100 ** 2 + (GLICKO2_SCALE * 0.06) ** 2), 9);
  });

  it.each([
    // [rating, rd, opponent rating, opponent rd, score, rating goes, RD goes]
    [1500, 350, 1500, 350, 1, 'up', 'down'],
    [1500, 350, 1500, 350, 0, 'down', 'down'],
    [1500, 350, 1500, 350, 0.5, 'same', 'down'],
    [1800, 80, 1500, 80, 0.5, 'down', 'down'],
    [1200, 80, 1500, 80, 0.5, 'up', 'down'],
    // an expected result carries almost no information: the RD grows by the volatility term
    [2000, 50, 1000, 50, 1, 'up', 'up'],
    [1000, 50, 2000, 50, 0, 'down', 'up'],
  ] as const)('%d/%d vs %d/%d scoring %d: rating goes %s, RD goes %s', (r, rd, or, ord, s, dir, rdDir) => {
    const out = update({ rating: r, rd, volatility: 0.06 }, [{ opponentRating: or, opponentRd: ord, score: s }]);
    if (dir === 'up') expect(out.rating).toBeGreaterThan(r);
    if (dir === 'down') expect(out.rating).toBeLessThan(r);
    if (dir === 'same') expect(out.rating).toBeCloseTo(r, 9);
    if (rdDir === 'down') expect(out.rd).toBeLessThan(rd);
    else expect(out.rd).toBeGreaterThan(rd);
    expectFiniteWithinBounds(out);
  });

  it('clamps the RD to minRd after many informative games', () => {
    const games = Array.from({ length: 40 }, (_, i) => ({ opponentRating: 1500, opponentRd: 45, score: i % 2 }));
    const out = update({ rating: 1500, rd: 45, volatility: 0.06 }, games);
    expect(out.rd).toBe(45);
    const unclamped = update({ rating: 1500, rd: 45, volatility: 0.06 }, games, glicko2Config({ minRd: 0 }));
    expect(unclamped.rd).toBeLessThan(45);
  });
});

describe('inactivity', () => {
  it('grows RD 60 to about 110 after a year idle with σ = 0.06', () => {
    const p: RatedPlayer = { rating: 1700, rd: 60, volatility: 0.06, lastRatedAt: new Date(T0) };
    const rd = effectiveRd(p, T0 + 365 * DAY);
    expect(Math.abs(rd - 110)).toBeLessThan(0.5);
    // the documented formula: RD' = 173.7178·√((RD/173.7178)² + t·σ²), t = days × 0.21436
    const t = 365 * 0.21436;
    expect(rd).toBeCloseTo(GLICKO2_SCALE * Math.sqrt((60 / GLICKO2_SCALE) ** 2 + t * 0.06 ** 2), 9);
  });

  it.each([
    [60, 0.06, 0, 60],
    [60, 0.06, -5, 60],
    [300, 0.06, 10_000, 350],
    [350, 0.06, 1, 350],
    [400, 0.06, 0, 350],
  ])('inflateRd(%d, %d, %d days) = %d', (rd, sigma, days, expected) => {
    expect(inflateRd(rd, sigma, days)).toBeCloseTo(expected, 9);
  });

  it('is monotone in idle time and capped at maxRd', () => {
    let prev = 0;
    for (const days of [0, 1, 30, 90, 365, 1000, 5000]) {
      const rd = inflateRd(50, 0.06, days);
      expect(rd).toBeGreaterThanOrEqual(prev);
      expect(rd).toBeLessThanOrEqual(350);
      prev = rd;
    }
  });

  it('computes idle days from dates, strings and numbers; none when never rated or in the future', () => {
    expect(idleDays(null, T0)).toBe(0);
    expect(idleDays(undefined, T0)).toBe(0);
    expect(idleDays(new Date(T0), T0 + 2.5 * DAY)).toBeCloseTo(2.5, 12);
    expect(idleDays('2024-01-01T00:00:00Z', '2024-01-11T00:00:00Z')).toBe(10);
    expect(idleDays(T0 + DAY, T0)).toBe(0);
    expect(() => idleDays('not a date', T0)).toThrow(RangeError);
  });

  it('is applied before a game', () => {
    const idle: RatedPlayer = { rating: 1600, rd: 60, volatility: 0.06, lastRatedAt: T0 };
    const fresh: RatedPlayer = { ...idle, lastRatedAt: T0 + 365 * DAY };
    const opp: RatedPlayer = { rating: 1600, rd: 60, volatility: 0.06, lastRatedAt: T0 + 365 * DAY };
    const at = T0 + 365 * DAY;
    const rIdle = rateGame(idle, opp, 1, cfg, at);
    const rFresh = rateGame(fresh, opp, 1, cfg, at);
    expect(rIdle.a.before.rd).toBeCloseTo(effectiveRd(idle, at), 12);
    expect(rFresh.a.before.rd).toBe(60); // exact when not idle
    // more uncertainty: bigger move
    expect(rIdle.a.delta).toBeGreaterThan(rFresh.a.delta);
  });
});

describe('isProvisional', () => {
  it.each([
    [350, true],
    [110, true],
    [109.999, false],
    [45, false],
  ])('RD %d → %s', (rd, expected) => {
    expect(isProvisional(rd)).toBe(expected);
  });
});

describe('rateGame', () => {
  const fresh = (): RatedPlayer => ({ ...initialValues(), lastRatedAt: null });

  it('a draw between equals leaves them equal and lowers both RDs', () => {
    for (const rd of [350, 200, 110, 80, 65]) {
      const p: RatedPlayer = { rating: 1720, rd, volatility: 0.06, lastRatedAt: T0 };
      const r = rateGame(p, { ...p }, 0.5, cfg, T0);
      expect(r.a.rating).toBeCloseTo(1720, 9);
      expect(r.b.rating).toBeCloseTo(1720, 9);
      expect(r.a.rating).toBe(r.b.rating);
      expect(r.a.delta).toBeCloseTo(0, 9);
      expect(r.a.rd).toBeLessThan(rd);
      expect(r.b.rd).toBeLessThan(rd);
      expect(r.a.rd).toBe(r.b.rd);
    }
  });

  it('one game per period: repeated draws between equals settle the RD near 60, inside the bounds', () => {
    // Each game adds σ² before shrinking, so with σ = 0.06 the RD converges to ≈60, not to minRd.
    let p: RatedPlayer = { rating: 1500, rd: 350, volatility: 0.06, lastRatedAt: T0 };
    for (let i = 0; i < 200; i += 1) {
      const r = rateGame(p, { ...p }, 0.5, cfg, T0);
      p = { ...r.a, lastRatedAt: T0 };
    }
    expect(p.rd).toBeGreaterThan(55);
    expect(p.rd).toBeLessThan(65);
    expect(p.rating).toBeCloseTo(1500, 6);
  });

  it('the winner gains what the loser loses between equals', () => {
    for (const [rating, rd] of [[1500, 350], [1900, 120], [1300, 60]] as const) {
      const p: RatedPlayer = { rating, rd, volatility: 0.06, lastRatedAt: T0 };
      const r = rateGame(p, { ...p }, 1, cfg, T0 + DAY);
      expect(r.a.delta).toBeGreaterThan(0);
      expect(r.a.delta).toBeCloseTo(-r.b.delta, 9);
      expect(r.a.rd).toBeCloseTo(r.b.rd, 9);
      // mirrored game: same numbers
      const m = rateGame(p, { ...p }, 0, cfg, T0 + DAY);
      expect(m.b.delta).toBeCloseTo(r.a.delta, 12);
    }
  });

  it('two new players: the winner goes up by about 162 (textbook for RD 350 vs 350)', () => {
    const r = rateGame(fresh(), fresh(), 1, cfg, T0);
    expect(r.a.rating).toBeGreaterThan(1650);
    expect(r.a.rating).toBeLessThan(1670);
    expect(r.a.before).toEqual({ rating: 1500, rd: 350, volatility: 0.06 });
    expect(r.a.delta).toBe(r.a.rating - 1500);
  });

  it('equals update(a, [b before]) for each side', () => {
    const a: RatedPlayer = { rating: 1650, rd: 90, volatility: 0.059, lastRatedAt: T0 };
    const b: RatedPlayer = { rating: 1580, rd: 140, volatility: 0.061, lastRatedAt: T0 - 10 * DAY };
    const at = T0 + 3 * DAY;
    const r = rateGame(a, b, 0, cfg, at);
    const aBefore = { rating: 1650, rd: effectiveRd(a, at), volatility: 0.059 };
    const bBefore = { rating: 1580, rd: effectiveRd(b, at), volatility: 0.061 };
    const aAfter = update(aBefore, [{ opponentRating: 1580, opponentRd: bBefore.rd, score: 0 }]);
    const bAfter = update(bBefore, [{ opponentRating: 1650, opponentRd: aBefore.rd, score: 1 }]);
    expect(r.a).toEqual({ ...aAfter, before: aBefore, delta: aAfter.rating - 1650 });
    expect(r.b).toEqual({ ...bAfter, before: bBefore, delta: bAfter.rating - 1580 });
  });

  it('rejects a score other than 0, 0.5 or 1', () => {
    expect(() => rateGame(fresh(), fresh(), 0.7 as Score, cfg, T0)).toThrow(RangeError);
  });

  it.each([
    [100, 45, 3500, 45],
    [100, 350, 3500, 350],
    [100, 45, 3500, 350],
    [100, 350, 3500, 45],
    [3500, 45, 100, 45],
    [100, 45, 9000, 45],
    [100, 45, 30000, 45],
  ])('extreme gap %d/%d vs %d/%d stays finite and within bounds for every result', (ra, rda, rb, rdb) => {
    for (const s of [0, 0.5, 1] as const) {
      const r = rateGame({ rating: ra, rd: rda, volatility: 0.06 }, { rating: rb, rd: rdb, volatility: 0.06 }, s, cfg, T0);
      expectFiniteWithinBounds(r.a);
      expectFiniteWithinBounds(r.b);
      expect(Number.isFinite(r.a.delta)).toBe(true);
      expect(Number.isFinite(r.b.delta)).toBe(true);
    }
  });

  it('holds the rating floor', () => {
    const weak: RatedPlayer = { rating: 110, rd: 350, volatility: 0.06, lastRatedAt: null };
    const r = rateGame(weak, { rating: 105, rd: 45, volatility: 0.06 }, 0, cfg, T0);
    expect(r.a.rating).toBe(100);
    expect(r.a.delta).toBe(-10);
    const atFloor = rateGame({ rating: 100, rd: 45, volatility: 0.06 }, { rating: 100, rd: 45, volatility: 0.06 }, 0, cfg, T0);
    expect(atFloor.a.rating).toBe(100);
    expect(atFloor.b.rating).toBeGreaterThan(100);
  });

  it('clamps RD into [minRd, maxRd]', () => {
    const settled: RatedPlayer = { rating: 1500, rd: 60, volatility: 0.06, lastRatedAt: T0 };
    const r = rateGame(settled, { ...settled }, 0.5, glicko2Config({ minRd: 70 }), T0);
    expect(r.a.rd).toBe(70);
    const atMin = rateGame({ ...settled, rd: 45 }, { ...settled, rd: 45 }, 0.5, cfg, T0);
    expect(atMin.a.rd).toBeGreaterThanOrEqual(45);
    const wild = rateGame({ rating: 1500, rd: 350, volatility: 0.5 }, { rating: 1500, rd: 350, volatility: 0.06 }, 1, cfg, T0);
    expect(wild.a.rd).toBeLessThanOrEqual(350);
  });
});

describe('properties', () => {
  const player = fc.record({
    rating: fc.double({ min: 100, max: 3500, noNaN: true }),
    rd: fc.double({ min: 45, max: 350, noNaN: true }),
    volatility: fc.double({ min: 0.03, max: 0.12, noNaN: true }),
    idle: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: null }),
  });
  const toPlayer = (p: { rating: number; rd: number; volatility: number; idle: number | null }): RatedPlayer => ({
    rating: p.rating,
    rd: p.rd,
    volatility: p.volatility,
    lastRatedAt: p.idle === null ? null : T0 - p.idle * DAY,
  });
  const score = fc.constantFrom<Score>(0, 0.5, 1);

  it('outputs are finite and within bounds', () => {
    fc.assert(
      fc.property(player, player, score, (a, b, s) => {
        const r = rateGame(toPlayer(a), toPlayer(b), s, cfg, T0);
        for (const side of [r.a, r.b]) {
          expectFiniteWithinBounds(side);
          expect(side.before.rd).toBeLessThanOrEqual(350);
          expect(Number.isFinite(side.delta)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the winner never loses rating and the loser never gains', () => {
    fc.assert(
      fc.property(player, player, (a, b) => {
        const r = rateGame(toPlayer(a), toPlayer(b), 1, cfg, T0);
        expect(r.a.delta).toBeGreaterThanOrEqual(0);
        expect(r.b.delta).toBeLessThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('between identical players the result is symmetric (zero-sum)', () => {
    fc.assert(
      fc.property(player, score, (p, s) => {
        const a = toPlayer(p);
        const r = rateGame(a, { ...a }, s, cfg, T0);
        const tol = 1e-9 * Math.max(1, Math.abs(r.a.delta));
        // the floor can absorb part of a loss
        if (r.b.rating > cfg.ratingFloor && r.a.rating > cfg.ratingFloor) {
          expect(Math.abs(r.a.delta + r.b.delta)).toBeLessThanOrEqual(tol);
        }
        expect(Math.abs(r.a.rd - r.b.rd)).toBeLessThanOrEqual(1e-9);
        if (s === 0.5) expect(Math.abs(r.a.delta)).toBeLessThanOrEqual(1e-9);
      }),
      { numRuns: 500 },
    );
  });

  it('swapping the players mirrors the result', () => {
    fc.assert(
      fc.property(player, player, score, (a, b, s) => {
        const r = rateGame(toPlayer(a), toPlayer(b), s, cfg, T0);
        const m = rateGame(toPlayer(b), toPlayer(a), (1 - s) as Score, cfg, T0);
        expect(m.a).toEqual(r.b);
        expect(m.b).toEqual(r.a);
      }),
      { numRuns: 200 },
    );
  });
});
