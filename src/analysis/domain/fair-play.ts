/**
 * Fair-play statistics (pure): how often a player's moves were the engine's best and how many
 * discs they lost, over their last analysed rated games, kept apart for the exact phase (the
 * endgame solver proved the values: "best" is certain) and the estimated phase (a midgame search
 * guessed them); compared with players of similar rating.
 *
 * Bands come from the data: the players rated within the same 100 points (1400–1499, …); a band
 * with fewer than BAND_MIN_PLAYERS players with enough moves widens by 100 points on both sides
 * until it has them (or holds everyone). Within a band each figure's median and spread are taken
 * (spread: the interquartile range / 1.349, a standard deviation that a few outliers cannot
 * inflate, with a floor so that a band of near-identical players does not make everyone an
 * outlier). A player's deviation on one figure is how many spreads better than the band's median
 * they are (a higher best-move share, a lower mean loss); the score is the weighted mean of the
 * deviations they have enough moves for, the exact phase weighing twice as much as the estimated
 * one. 0 is the band's middle; above 3 is rare among honest players of that rating.
 *
 * What it cannot show: a strong or quickly improving player looks the same until their rating
 * catches up; a player who asks an engine for a few moves a game barely moves the figures; few
 * games give noisy figures (hence the minimum numbers of moves). It points moderators at games to
 * look at; it proves nothing by itself.
 */
import type { PhaseTotals } from './analysis.js';

export const BAND_WIDTH = 100;
export const BAND_MIN_PLAYERS = 5;
/** A phase's figures are used only with at least this many counted moves in it. */
export const MIN_PHASE_MOVES = 30;
/** How many of a player's latest analysed rated games the statistics cover. */
export const RECENT_GAMES = 20;
const SHARE_SPREAD_FLOOR = 0.03;
const LOSS_SPREAD_FLOOR = 0.3;
const WEIGHTS = { exactBestShare: 2, exactMeanLoss: 2, estimatedBestShare: 1, estimatedMeanLoss: 1 } as const;

export type Metric = keyof typeof WEIGHTS;
export const METRICS = Object.keys(WEIGHTS) as Metric[];

export interface PhaseFigures {
  moves: number;
  /** null below MIN_PHASE_MOVES moves. */
  bestShare: number | null;
  meanLoss: number | null;
}

export interface PlayerFigures {
  games: number;
  exact: PhaseFigures;
  estimated: PhaseFigures;
}

/** One analysed game from one player's side. */
export interface GamePhases {
  exact: PhaseTotals;
  estimated: PhaseTotals;
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000 + 0;

function phaseFigures(games: readonly GamePhases[], phase: 'exact' | 'estimated'): PhaseFigures {
  let moves = 0;
  let best = 0;
  let loss = 0;
  for (const g of games) {
    moves += g[phase].counted;
    best += g[phase].best;
    loss += g[phase].lossSum;
  }
  const enough = moves >= MIN_PHASE_MOVES;
  return { moves, bestShare: enough ? round3(best / moves) : null, meanLoss: enough ? round3(loss / moves) : null };
}

/** A player's figures over the games given (their latest analysed rated games). */
export function playerFigures(games: readonly GamePhases[]): PlayerFigures {
  return { games: games.length, exact: phaseFigures(games, 'exact'), estimated: phaseFigures(games, 'estimated') };
}

function metricOf(f: PlayerFigures, m: Metric): number | null {
  switch (m) {
    case 'exactBestShare': return f.exact.bestShare;
    case 'exactMeanLoss': return f.exact.meanLoss;
    case 'estimatedBestShare': return f.estimated.bestShare;
    case 'estimatedMeanLoss': return f.estimated.meanLoss;
  }
}

/** The q-quantile (0..1) of sorted values, linearly interpolated. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export interface MetricBand {
  players: number;
  p10: number;
  p25: number;
  median: number;
  p75: number;
  p90: number;
}

export interface Band {
  /** Ratings from (inclusive) … to (exclusive). */
  from: number;
  to: number;
  metrics: Record<Metric, MetricBand | null>;
}

export interface RatedFigures {
  rating: number;
  figures: PlayerFigures;
}

/**
 * The comparison bands of a population (players with their rating and figures): bandFor(rating)
 * gives the band of that rating, widened until each figure has BAND_MIN_PLAYERS players or the
 * whole population is in it.
 */
export class RatingBands {
  private readonly byBand = new Map<number, RatedFigures[]>();
  private readonly lowest: number;
  private readonly highest: number;

  constructor(private readonly population: readonly RatedFigures[], private readonly minPlayers = BAND_MIN_PLAYERS) {
    for (const p of population) {
      const k = Math.floor(p.rating / BAND_WIDTH);
      const list = this.byBand.get(k) ?? [];
      list.push(p);
      this.byBand.set(k, list);
    }
    const keys = [...this.byBand.keys()];
    this.lowest = keys.length ? Math.min(...keys) : 0;
    this.highest = keys.length ? Math.max(...keys) : 0;
  }

  bandFor(rating: number): Band {
    const k = Math.floor(rating / BAND_WIDTH);
    const metrics = {} as Record<Metric, MetricBand | null>;
    let widest = 0;
    for (const m of METRICS) {
      let w = 0;
      let values = this.valuesIn(k, 0, m);
      while (values.length < this.minPlayers && (k - w > this.lowest || k + w < this.highest)) {
        w++;
        values = this.valuesIn(k, w, m);
      }
      widest = Math.max(widest, w);
      values.sort((a, b) => a - b);
      metrics[m] = values.length === 0 ? null : {
        players: values.length,
        p10: round3(quantile(values, 0.1)),
        p25: round3(quantile(values, 0.25)),
        median: round3(quantile(values, 0.5)),
        p75: round3(quantile(values, 0.75)),
        p90: round3(quantile(values, 0.9)),
      };
    }
    return { from: (k - widest) * BAND_WIDTH, to: (k + widest + 1) * BAND_WIDTH, metrics };
  }

  private valuesIn(k: number, w: number, m: Metric): number[] {
    const out: number[] = [];
    for (let b = k - w; b <= k + w; b++) {
      for (const p of this.byBand.get(b) ?? []) {
        const v = metricOf(p.figures, m);
        if (v !== null) out.push(v);
      }
    }
    return out;
  }

  get size(): number {
    return this.population.length;
  }
}

export interface FairPlayScore {
  /** Weighted mean deviation from the band (spreads better than its median); null without enough moves. */
  score: number | null;
  /** Per figure: how many spreads better than the band's median (null when not enough moves or no band). */
  deviations: Record<Metric, number | null>;
  band: Band;
}

/** How far a player's figures lie outside their rating band (see the module comment). */
export function fairPlayScore(figures: PlayerFigures, rating: number, bands: RatingBands): FairPlayScore {
  const band = bands.bandFor(rating);
  const deviations = {} as Record<Metric, number | null>;
  let sum = 0;
  let weights = 0;
  for (const m of METRICS) {
    const x = metricOf(figures, m);
    const b = band.metrics[m];
    if (x === null || b === null || b.players < 2) {
      deviations[m] = null;
      continue;
    }
    const isShare = m.endsWith('BestShare');
    const spread = Math.max((b.p75 - b.p25) / 1.349, isShare ? SHARE_SPREAD_FLOOR : LOSS_SPREAD_FLOOR);
    const d = round3(isShare ? (x - b.median) / spread : (b.median - x) / spread);
    deviations[m] = d;
    sum += WEIGHTS[m] * d;
    weights += WEIGHTS[m];
  }
  return { score: weights === 0 ? null : round3(sum / weights), deviations, band };
}

export interface MoveTimeFigures {
  moves: number;
  meanSeconds: number | null;
  medianSeconds: number | null;
  /** Standard deviation / mean: low values mean very even times (an engine user's often are). */
  variation: number | null;
}

/** Seconds a player used per move (their own moves, not the stand-in's). */
export function moveTimeFigures(seconds: readonly number[]): MoveTimeFigures {
  const n = seconds.length;
  if (n === 0) return { moves: 0, meanSeconds: null, medianSeconds: null, variation: null };
  const sorted = [...seconds].sort((a, b) => a - b);
  const mean = seconds.reduce((s, x) => s + x, 0) / n;
  const sd = Math.sqrt(seconds.reduce((s, x) => s + (x - mean) ** 2, 0) / n);
  return {
    moves: n,
    meanSeconds: round3(mean),
    medianSeconds: round3(quantile(sorted, 0.5)),
    variation: mean > 0 ? round3(sd / mean) : null,
  };
}
