import { describe, expect, it } from '@jest/globals';
import { analyseGame, type AnalysedRecord } from '../../../src/analysis/domain/analysis.js';
import {
  BAND_MIN_PLAYERS, fairPlayScore, type GamePhases, MIN_PHASE_MOVES, moveTimeFigures, playerFigures, quantile, RatingBands,
  type RatedFigures,
} from '../../../src/analysis/domain/fair-play.js';
import {
  analyseMove, type Color, legalMoves, passIfNeeded, playTurn, replay, startPosition,
} from '../../../src/engine/index.js';
import { loadWthor, seededRandom } from '../engine/helpers.js';

const options = { exactFromEmpties: 14, depth: 4 };
const GAMES_EACH = 7;

const phases = (exact: [number, number, number], estimated: [number, number, number]): GamePhases => ({
  exact: { counted: exact[0], best: exact[1], lossSum: exact[2] },
  estimated: { counted: estimated[0], best: estimated[1], lossSum: estimated[2] },
});

describe('quantile and figures', () => {
  it.each([
    [[1, 2, 3, 4, 5], 0.5, 3], [[1, 2, 3, 4], 0.5, 2.5], [[10], 0.9, 10], [[0, 10], 0.25, 2.5], [[0, 10, 20], 1, 20],
  ])('quantile(%j, %d) = %d', (values, q, expected) => {
    expect(quantile(values, q)).toBeCloseTo(expected, 10);
  });

  it('sums a player\'s games per phase, with no figure below the minimum of moves', () => {
    const few = playerFigures([phases([10, 5, 20], [20, 10, 40])]);
    expect(few).toEqual({ games: 1, exact: { moves: 10, bestShare: null, meanLoss: null }, estimated: { moves: 20, bestShare: null, meanLoss: null } });
    const enough = playerFigures([phases([20, 10, 40], [20, 5, 80]), phases([MIN_PHASE_MOVES - 20, 10, 0], [20, 15, 20])]);
    expect(enough.exact).toEqual({ moves: MIN_PHASE_MOVES, bestShare: Math.round((20 / MIN_PHASE_MOVES) * 1000) / 1000, meanLoss: Math.round((40 / MIN_PHASE_MOVES) * 1000) / 1000 });
    expect(enough.estimated).toEqual({ moves: 40, bestShare: 0.5, meanLoss: 2.5 });
  });

  it('measures how even a player\'s move times are', () => {
    expect(moveTimeFigures([])).toEqual({ moves: 0, meanSeconds: null, medianSeconds: null, variation: null });
    expect(moveTimeFigures([2, 2, 2, 2])).toEqual({ moves: 4, meanSeconds: 2, medianSeconds: 2, variation: 0 });
    const human = moveTimeFigures([1, 12, 3, 30, 2, 5]);
    expect(human.variation as number).toBeGreaterThan(0.8);
    expect(human.medianSeconds).toBe(4);
  });
});

describe('rating bands', () => {
  const player = (rating: number, share: number): RatedFigures => ({
    rating,
    figures: playerFigures([phases([40, Math.round(40 * share), 40 * (1 - share) * 4], [60, Math.round(60 * share), 60 * (1 - share) * 6])]),
  });

  it('compares a player with the players of the same 100 points when there are enough of them', () => {
    const population = [1510, 1520, 1530, 1540, 1550, 1560].map((r, i) => player(r, 0.4 + i * 0.02));
    population.push(player(1850, 0.9), player(1860, 0.95));
    const band = new RatingBands(population).bandFor(1575);
    expect([band.from, band.to]).toEqual([1500, 1600]);
    expect(band.metrics.exactBestShare?.players).toBe(6);
    expect(band.metrics.exactBestShare?.median).toBeCloseTo(0.45, 2);
  });

  it('widens a thin band until it has enough players', () => {
    const population = [1210, 1420, 1480, 1530, 1610, 1690, 1990].map((r) => player(r, 0.5));
    const band = new RatingBands(population).bandFor(1520);
    expect(band.metrics.exactBestShare?.players).toBeGreaterThanOrEqual(BAND_MIN_PLAYERS);
    expect([band.from, band.to]).toEqual([1400, 1700]);
  });

  it('has no band figures for a population without enough moves', () => {
    const band = new RatingBands([{ rating: 1500, figures: playerFigures([]) }]).bandFor(1500);
    expect(band.metrics.exactBestShare).toBeNull();
    expect(fairPlayScore(playerFigures([]), 1500, new RatingBands([])).score).toBeNull();
  });
});

/** Plays a game: each side picks with its own function; returns the move list as the server records it. */
function playGame(pick: Record<Color, (p: ReturnType<typeof startPosition>) => number>): AnalysedRecord[] {
  const squares: number[] = [];
  let p = startPosition();
  for (;;) {
    const settled = passIfNeeded(p);
    if (settled.finished) break;
    p = settled.position;
    const sq = pick[p.toMove](p);
    squares.push(sq);
    p = playTurn(p, sq).position;
  }
  return replay(squares).moves.map((m) => ({ color: m.color, square: m.square, by: 'player' as const }));
}

describe('fair-play score: the engine stands out, random play does not', () => {
  const rand = seededRandom(7);
  const randomMove = (p: ReturnType<typeof startPosition>): number => {
    const moves = legalMoves(p);
    return moves[Math.floor(rand() * moves.length)];
  };
  // The engine's own choice, at the analysis' settings: what a player copying an engine would play.
  const engineMove = (p: ReturnType<typeof startPosition>): number => analyseMove(p, legalMoves(p)[0], options).best[0];

  const wthor = loadWthor();
  // Ten "human" players, each with five sides of real tournament games, rated 1500-1599.
  const humans: RatedFigures[] = [];
  for (let h = 0; h < 10; h++) {
    const games: GamePhases[] = [];
    for (let g = 0; g < GAMES_EACH; g++) {
      const game = wthor[h * GAMES_EACH + g];
      const color: Color = g % 2 === 0 ? 'black' : 'white';
      games.push(analyseGame(replay(game.moves).moves.map((m) => ({ color: m.color, square: m.square, by: 'player' as const })), options).phases[color]);
    }
    humans.push({ rating: 1500 + h * 9, figures: playerFigures(games) });
  }

  function sides(color: Color, me: (p: ReturnType<typeof startPosition>) => number, games: number): GamePhases[] {
    const out: GamePhases[] = [];
    for (let g = 0; g < games; g++) {
      const records = playGame(color === 'black' ? { black: me, white: randomMove } : { black: randomMove, white: me });
      out.push(analyseGame(records, options).phases[color]);
    }
    return out;
  }
  const engine = playerFigures([...sides('black', engineMove, 3), ...sides('white', engineMove, GAMES_EACH - 3)]);
  const random = playerFigures([...sides('black', randomMove, 3), ...sides('white', randomMove, GAMES_EACH - 3)]);
  const bands = new RatingBands([...humans, { rating: 1550, figures: engine }, { rating: 1560, figures: random }]);

  it('has enough moves in both phases for every player', () => {
    for (const f of [...humans.map((h) => h.figures), engine, random]) {
      expect(f.exact.bestShare).not.toBeNull();
      expect(f.estimated.bestShare).not.toBeNull();
    }
  });

  it('finds the engine player\'s every move best', () => {
    expect([engine.exact.bestShare, engine.exact.meanLoss, engine.estimated.bestShare, engine.estimated.meanLoss]).toEqual([1, 0, 1, 0]);
  });

  it('puts the engine player far outside its band and random play below it', () => {
    const engineScore = fairPlayScore(engine, 1550, bands);
    const randomScore = fairPlayScore(random, 1560, bands);
    const humanScores = humans.map((h) => fairPlayScore(h.figures, h.rating, bands).score as number);
    expect(engineScore.score as number).toBeGreaterThan(3);
    expect(randomScore.score as number).toBeLessThan(0);
    expect(Math.max(...humanScores)).toBeLessThan(engineScore.score as number);
    for (const d of Object.values(engineScore.deviations)) expect(d as number).toBeGreaterThan(0);
  });
});
