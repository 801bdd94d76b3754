/**
 * Glicko-2 rating math (pure: no framework, no I/O).
 *
 * Implements steps 1–8 of Mark Glickman, "Example of the Glicko-2 system"
 * (http://www.glicko.net/glicko/glicko2.pdf), with the Illinois algorithm
 * for the new volatility (step 5) and convergence tolerance ε = 0.000001.
 *
 * Values go in and come out on the familiar "Glicko" scale (rating 1500,
 * RD 350); internally they are converted to the Glicko-2 scale with
 *   μ = (r − 1500) / 173.7178,   φ = RD / 173.7178
 * and back with r = 173.7178·μ + 1500, RD = 173.7178·φ.
 * The volatility σ is always on the Glicko-2 scale (0.06 by default).
 *
 * Ladder policy on top of the textbook algorithm (all configurable):
 * - every rated game is one rating period for each of its two players,
 *   computed from both players' values before the game;
 * - before a game each player's RD grows for the time spent idle
 *   (see {@link inflateRd}); this grown RD is what profiles show;
 * - the RD after a game is clamped to [minRd, maxRd] and the rating never
 *   drops below `ratingFloor`.
 */

/** Glicko-2 scale factor: 400 / ln(10). */
export const GLICKO2_SCALE = 173.7178;

/** Centre of the Glicko scale (μ = 0 on the Glicko-2 scale). */
export const GLICKO_CENTRE = 1500;

/** A player is provisional while their RD is at or above this value. */
export const PROVISIONAL_RD = 110;

export interface Glicko2Config {
  /** Rating of a new player (1500 scale). */
  initialRating: number;
  /** RD of a new player (1500 scale). */
  initialRd: number;
  /** Volatility σ of a new player (Glicko-2 scale). */
  initialVolatility: number;
  /** System constant τ, which constrains the change in volatility over time. */
  tau: number;
  /** Lower bound for RD after a game (1500 scale). */
  minRd: number;
  /** Upper bound for RD (after a game and after inactivity growth; 1500 scale). */
  maxRd: number;
  /** A rating never goes below this (1500 scale). */
  ratingFloor: number;
  /**
   * Rating periods per idle day: t = days since the last rated game × this.
   * 0.21436 makes RD 60 grow to ≈110 after 365 idle days with σ = 0.06.
   */
  periodsPerDay: number;
  /** Convergence tolerance of the volatility iteration (step 5). */
  epsilon: number;
}

export const DEFAULT_GLICKO2_CONFIG: Readonly<Glicko2Config> = Object.freeze({
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

/** The defaults with some values replaced. */
export function glicko2Config(overrides: Partial<Glicko2Config> = {}): Glicko2Config {
  return { ...DEFAULT_GLICKO2_CONFIG, ...overrides };
}

/** The three numbers that describe a player's strength (rating and RD on the 1500 scale). */
export interface RatingValues {
  rating: number;
  rd: number;
  volatility: number;
}

/** A player's values plus the time of their last rated game (null: never rated). */
export interface RatedPlayer extends RatingValues {
  lastRatedAt?: Date | string | number | null;
}

/** One game inside a rating period, from the point of view of the player being rated. */
export interface GameResult {
  /** Opponent's rating (1500 scale). */
  opponentRating: number;
  /** Opponent's RD (1500 scale). */
  opponentRd: number;
  /** 1 win, 0.5 draw, 0 loss. */
  score: number;
}

export type Score = 0 | 0.5 | 1;

/** Black's score in a finished game: a win 1, a draw (no winner) 0.5, a loss 0. */
export function blackScore(winner: 'black' | 'white' | null): Score {
  return winner === 'black' ? 1 : winner === 'white' ? 0 : 0.5;
}

/** Outcome of one rated game for one player. */
export interface RatingChange extends RatingValues {
  /** Values the game was rated from: the stored values with the RD grown for inactivity. */
  before: RatingValues;
  /** rating − before.rating. */
  delta: number;
}

export interface GameRatingResult {
  a: RatingChange;
  b: RatingChange;
}

/** Values of a brand-new player. */
export function initialValues(config: Glicko2Config = DEFAULT_GLICKO2_CONFIG): RatingValues {
  return { rating: config.initialRating, rd: config.initialRd, volatility: config.initialVolatility };
}

/** RD ≥ 110 (by default) means the rating is still provisional. */
export function isProvisional(rd: number, threshold: number = PROVISIONAL_RD): boolean {
  return rd >= threshold;
}

const MS_PER_DAY = 86_400_000;

function toMillis(value: Date | string | number, what: string): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new RangeError(`invalid ${what}: ${String(value)}`);
  return ms;
}

/**
 * Idle time in days between the last rated game and `at` (0 when never rated or when
 * `at` is not after it).
 */
export function idleDays(lastRatedAt: Date | string | number | null | undefined, at: Date | string | number): number {
  if (lastRatedAt === null || lastRatedAt === undefined) return 0;
  const days = (toMillis(at, 'time') - toMillis(lastRatedAt, 'lastRatedAt')) / MS_PER_DAY;
  return days > 0 ? days : 0;
}

/**
 * RD grown for `days` without a rated game, capped at config.maxRd:
 *
 *   φ  = RD / 173.7178                        (to the Glicko-2 scale)
 *   t  = days × config.periodsPerDay          (idle rating periods)
 *   φ' = √(φ² + t·σ²)                         (Glickman's step 6, applied t times)
 *   RD' = min(maxRd, 173.7178 · φ')           (back to the 1500 scale)
 *
 * σ is the player's volatility, already on the Glicko-2 scale. Equivalently
 * RD' = √(RD² + t·(173.7178·σ)²). An RD already above maxRd is not raised, only capped.
 */
export function inflateRd(rd: number, volatility: number, days: number, config: Glicko2Config = DEFAULT_GLICKO2_CONFIG): number {
  const t = Math.max(0, days) * config.periodsPerDay;
  if (t === 0) return Math.min(config.maxRd, rd); // exact: no round trip through the Glicko-2 scale
  const phi = rd / GLICKO2_SCALE;
  const grown = GLICKO2_SCALE * Math.sqrt(phi * phi + t * volatility * volatility);
  return Math.min(config.maxRd, grown);
}

/** The RD a player has at `now` after inactivity growth (what a profile shows). */
export function effectiveRd(player: RatedPlayer, now: Date | string | number = Date.now(), config: Glicko2Config = DEFAULT_GLICKO2_CONFIG): number {
  return inflateRd(player.rd, player.volatility, idleDays(player.lastRatedAt, now), config);
}

function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

/**
 * E(μ, μj, φj) and E·(1 − E) computed without catastrophic rounding:
 * with z = −g(φj)(μ − μj), E = 1/(1 + e^z) and E(1 − E) = 1/((1 + e^z)(1 + e^−z)).
 */
function expectation(mu: number, muJ: number, gJ: number): { e: number; eVar: number } {
  const z = -gJ * (mu - muJ);
  const ez = Math.exp(z);
  const e = 1 / (1 + ez);
  const eVar = 1 / ((1 + ez) * (1 + 1 / ez));
  return { e, eVar: Number.isFinite(eVar) ? eVar : 0 };
}

/** Step 5: the new volatility σ' by the Illinois algorithm. */
function newVolatility(sigma: number, phi: number, v: number, delta: number, tau: number, epsilon: number): number {
  const phi2 = phi * phi;
  const delta2 = delta * delta;
  const a = Math.log(sigma * sigma);
  const tau2 = tau * tau;
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi2 + v + ex;
    return (ex * (delta2 - phi2 - v - ex)) / (2 * d * d) - (x - a) / tau2;
  };

  let A = a;
  let B: number;
  if (delta2 > phi2 + v) {
    B = Math.log(delta2 - phi2 - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0 && k < 10_000) k += 1;
    B = a - k * tau;
  }

  let fA = f(A);
  let fB = f(B);
  for (let i = 0; Math.abs(B - A) > epsilon && i < 10_000; i += 1) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA = fA / 2;
    }
    B = C;
    fB = fC;
  }
  const result = Math.exp(A / 2);
  return Number.isFinite(result) && result > 0 ? result : sigma;
}

function clampOutput(rating: number, rd: number, volatility: number, config: Glicko2Config): RatingValues {
  return {
    rating: Math.max(config.ratingFloor, rating),
    rd: Math.min(config.maxRd, Math.max(config.minRd, rd)),
    volatility,
  };
}

/**
 * One Glicko-2 rating period for `player` (steps 1–8), on the 1500 scale in and out.
 *
 * Input values are used as given (no inactivity growth, no clamping of inputs), so
 * Glickman's worked example reproduces exactly. The output RD is clamped to
 * [minRd, maxRd] and the output rating is at least `ratingFloor`.
 * With no results (or results that carry no information) only the RD grows, by
 * one period: φ' = √(φ² + σ²).
 */
export function update(player: RatingValues, results: readonly GameResult[], config: Glicko2Config = DEFAULT_GLICKO2_CONFIG): RatingValues {
  // Step 2: to the Glicko-2 scale.
  const mu = (player.rating - GLICKO_CENTRE) / GLICKO2_SCALE;
  const phi = player.rd / GLICKO2_SCALE;
  const sigma = player.volatility;

  // Steps 3 and 4: estimated variance v and improvement Δ.
  let invV = 0;
  let sum = 0;
  for (const r of results) {
    const muJ = (r.opponentRating - GLICKO_CENTRE) / GLICKO2_SCALE;
    const gJ = g(r.opponentRd / GLICKO2_SCALE);
    const { e, eVar } = expectation(mu, muJ, gJ);
    invV += gJ * gJ * eVar;
    sum += gJ * (r.score - e);
  }

  if (!(invV > 0) || !Number.isFinite(invV)) {
    const grown = GLICKO2_SCALE * Math.sqrt(phi * phi + sigma * sigma);
    return clampOutput(player.rating, grown, sigma, config);
  }

  const v = 1 / invV;
  const delta = v * sum;

  // Step 5: new volatility.
  const sigmaNew = newVolatility(sigma, phi, v, delta, config.tau, config.epsilon);

  // Step 6: pre-period RD.
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);

  // Step 7: new RD and rating.
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + invV);
  const muNew = mu + phiNew * phiNew * sum;

  // Step 8: back to the 1500 scale.
  return clampOutput(GLICKO2_SCALE * muNew + GLICKO_CENTRE, GLICKO2_SCALE * phiNew, sigmaNew, config);
}

/**
 * Rate one game between `a` and `b` (scoreA: 1 a won, 0.5 draw, 0 a lost), played at `at`.
 *
 * The game is one rating period for each player. First each player's RD is grown for the
 * time since their own last rated game (see {@link inflateRd}); then each player is
 * updated with {@link update} against the other's grown values from before the game.
 */
export function rateGame(
  a: RatedPlayer,
  b: RatedPlayer,
  scoreA: Score,
  config: Glicko2Config = DEFAULT_GLICKO2_CONFIG,
  at: Date | string | number = Date.now(),
): GameRatingResult {
  if (scoreA !== 0 && scoreA !== 0.5 && scoreA !== 1) throw new RangeError(`invalid score: ${String(scoreA)}`);
  const beforeA: RatingValues = { rating: a.rating, rd: effectiveRd(a, at, config), volatility: a.volatility };
  const beforeB: RatingValues = { rating: b.rating, rd: effectiveRd(b, at, config), volatility: b.volatility };
  const afterA = update(beforeA, [{ opponentRating: beforeB.rating, opponentRd: beforeB.rd, score: scoreA }], config);
  const afterB = update(beforeB, [{ opponentRating: beforeA.rating, opponentRd: beforeA.rd, score: 1 - scoreA }], config);
  return {
    a: { ...afterA, before: beforeA, delta: afterA.rating - beforeA.rating },
    b: { ...afterB, before: beforeB, delta: afterB.rating - beforeB.rating },
  };
}
