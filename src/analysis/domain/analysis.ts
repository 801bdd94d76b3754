/**
 * The analysis of a finished game (pure): every move's value against the engine's best, and a
 * summary per player. Values are final disc differences from the mover's side under best play
 * (empties to the winner, as GGS and WOF count); loss = bestValue − value. Exact values come from
 * the endgame solver (at most exactFromEmpties empties), the rest are estimates of a fixed-depth
 * midgame search (src/engine/search.ts, analyseMove). Forced moves (one legal square), automatic
 * passes and moves the CPU stand-in played count for nothing.
 */
import {
  analyseMove, ANALYSIS_DEPTH, ANALYSIS_EXACT_EMPTIES, ANALYSIS_EXACT_NODE_LIMIT, type Color, legalMoves, newEndgameTable,
  passIfNeeded, play, type Position, startPosition,
} from '../../engine/index.js';
import { classifyLoss } from './loss.js';

export { BLUNDER_DISCS, classifyLoss, INACCURACY_DISCS, type LossClass, MISTAKE_DISCS } from './loss.js';

/** One record of the game's move list as the analysis needs it. */
export interface AnalysedRecord {
  color: Color;
  /** Square index, null for a pass. */
  square: number | null;
  by: 'player' | 'cpu';
}

export interface MoveAnalysisEntry {
  ply: number;
  color: Color;
  square: number | null;
  by: 'player' | 'cpu';
  /** One legal square only, or a pass: it counts for nothing. */
  forced: boolean;
  /** The best squares (all that reach bestValue), ascending; [] for a pass. */
  best: number[];
  value: number;
  bestValue: number;
  loss: number;
  exact: boolean;
}

export interface PlayerSummary {
  /** Moves that count: the player's own (not the stand-in's), not forced, not passes. */
  counted: number;
  /** Mean loss in discs over the counted moves (0 when none). */
  meanLoss: number;
  /** Share of counted moves that were among the best, 0..1 (0 when none). */
  bestShare: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

/** The same figures split by how the values were found (the fair-play statistics keep them apart). */
export interface PhaseTotals {
  counted: number;
  best: number;
  lossSum: number;
}

export interface GameAnalysis {
  exactFromEmpties: number;
  depth: number;
  moves: MoveAnalysisEntry[];
  players: Record<Color, PlayerSummary>;
  phases: Record<Color, { exact: PhaseTotals; estimated: PhaseTotals }>;
}

export interface AnalyseGameOptions {
  exactFromEmpties?: number;
  depth?: number;
  exactNodeLimit?: number;
}

const round2 = (x: number): number => Math.round(x * 100) / 100 + 0;

/**
 * Analyses a game's move list from the start position (throws a RangeError on a record that does
 * not fit the rules: the list must be what the server recorded, passes included).
 */
export function analyseGame(records: readonly AnalysedRecord[], opts: AnalyseGameOptions = {}): GameAnalysis {
  const exactFromEmpties = opts.exactFromEmpties ?? ANALYSIS_EXACT_EMPTIES;
  const depth = opts.depth ?? ANALYSIS_DEPTH;
  const exactNodeLimit = opts.exactNodeLimit ?? ANALYSIS_EXACT_NODE_LIMIT;
  newEndgameTable();
  const moves: MoveAnalysisEntry[] = [];
  let position: Position = startPosition();
  for (let ply = 0; ply < records.length; ply++) {
    const r = records[ply];
    if (r.color !== position.toMove) throw new RangeError(`analyseGame: record ${ply} is ${r.color}'s, but ${position.toMove} is to move`);
    if (r.square === null) {
      const settled = passIfNeeded(position);
      if (settled.records.length !== 1) throw new RangeError(`analyseGame: record ${ply} is a pass, but ${r.color} can move`);
      // Filled in from the next position's value below.
      moves.push({ ply, color: r.color, square: null, by: r.by, forced: true, best: [], value: 0, bestValue: 0, loss: 0, exact: true });
      position = settled.position;
      continue;
    }
    const legal = legalMoves(position);
    if (!legal.includes(r.square)) throw new RangeError(`analyseGame: record ${ply} (${r.square}) is not a legal move`);
    const a = analyseMove(position, r.square, { exactFromEmpties, depth, exactNodeLimit });
    const loss = round2(a.bestValue - a.value);
    moves.push({
      ply, color: r.color, square: r.square, by: r.by, forced: legal.length === 1, best: a.best,
      value: round2(a.value), bestValue: round2(a.bestValue), loss, exact: a.exact,
    });
    // The opponent is to move next; an automatic pass is its own record, handled above.
    position = play(position, r.square).position;
  }
  // A pass is worth, to the player who passes, what the position is worth to them: minus the
  // opponent's best value at the next record (a pass never ends a game).
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i];
    if (m.square !== null) continue;
    const next = moves[i + 1];
    const v = next === undefined ? 0 : round2(0 - next.bestValue);
    m.value = v;
    m.bestValue = v;
    m.exact = next === undefined ? true : next.exact;
  }
  return { exactFromEmpties, depth, moves, players: { black: summarise(moves, 'black'), white: summarise(moves, 'white') }, phases: { black: phasesOf(moves, 'black'), white: phasesOf(moves, 'white') } };
}

/** Whether a move counts in the player's figures. */
export function counts(m: MoveAnalysisEntry): boolean {
  return m.square !== null && !m.forced && m.by === 'player';
}

export function summarise(moves: readonly MoveAnalysisEntry[], color: Color): PlayerSummary {
  const mine = moves.filter((m) => m.color === color && counts(m));
  const counted = mine.length;
  const lossSum = mine.reduce((s, m) => s + m.loss, 0);
  const best = mine.filter((m) => m.loss <= 0).length;
  const cls = mine.map((m) => classifyLoss(m.loss));
  return {
    counted,
    meanLoss: counted === 0 ? 0 : round2(lossSum / counted),
    bestShare: counted === 0 ? 0 : Math.round((best / counted) * 1000) / 1000,
    inaccuracies: cls.filter((c) => c === 'inaccuracy').length,
    mistakes: cls.filter((c) => c === 'mistake').length,
    blunders: cls.filter((c) => c === 'blunder').length,
  };
}

export function phasesOf(moves: readonly MoveAnalysisEntry[], color: Color): { exact: PhaseTotals; estimated: PhaseTotals } {
  const totals = (exact: boolean): PhaseTotals => {
    const mine = moves.filter((m) => m.color === color && counts(m) && m.exact === exact);
    return { counted: mine.length, best: mine.filter((m) => m.loss <= 0).length, lossSum: round2(mine.reduce((s, m) => s + m.loss, 0)) };
  };
  return { exact: totals(true), estimated: totals(false) };
}
