/**
 * The analysed replay's model (no DOM): the evaluation graph's points, each move's annotation and
 * the players' summaries, from the server's analysis (GET /api/games/:id/analysis). Values are
 * final disc differences; the graph shows them from Black's side.
 */
import { classifyLoss, type LossClass } from '../../analysis/domain/loss';

export interface MoveAnalysis {
  ply: number;
  color: 'black' | 'white';
  square: string | null;
  by: 'player' | 'cpu';
  forced: boolean;
  best: string[];
  value: number;
  bestValue: number;
  loss: number;
  exact: boolean;
}

export interface Summary {
  counted: number;
  meanLoss: number;
  bestShare: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

export interface Analysis {
  status: 'pending' | 'ready' | 'none';
  exactFromEmpties: number;
  depth: number;
  moves: MoveAnalysis[];
  players: { black: Summary; white: Summary } | null;
}

/** How a move is marked: the loss class, or why it counts for nothing. */
export type Mark = LossClass | 'forced' | 'pass' | 'cpu';

export function markOf(m: MoveAnalysis): Mark {
  if (m.square === null) return 'pass';
  if (m.by === 'cpu') return 'cpu';
  if (m.forced) return 'forced';
  return classifyLoss(m.loss);
}

/** Marks that the move list shows (the others stay plain). */
export const FLAGGED: readonly Mark[] = ['inaccuracy', 'mistake', 'blunder'];

export interface GraphPoint {
  /** Records shown after this point (ply + 1): the replay position it stands for. */
  at: number;
  /** Black's final disc difference under best play after this record (exact, or estimated). */
  black: number;
  exact: boolean;
  mark: Mark;
}

/** One point per record: the value after it, from Black's side. */
export function graphPoints(a: Analysis): GraphPoint[] {
  return a.moves.map((m) => ({
    at: m.ply + 1,
    black: m.color === 'black' ? m.value : 0 - m.value,
    exact: m.exact,
    mark: markOf(m),
  }));
}

export interface GraphGeometry {
  width: number;
  height: number;
  /** Discs shown above and below the middle line. */
  range: number;
  /** x of the point for `at` records shown (0: the start, before any move). */
  x(at: number): number;
  /** y of a value from Black's side. */
  y(value: number): number;
}

/** The graph's scale: every record across, ±range discs (at least 16, the largest value rounded up to 8) up and down. */
export function geometry(points: readonly GraphPoint[], width = 600, height = 160): GraphGeometry {
  const largest = Math.max(16, ...points.map((p) => Math.abs(p.black)));
  const range = Math.min(64, Math.ceil(largest / 8) * 8);
  const total = Math.max(1, points.length);
  return {
    width,
    height,
    range,
    x: (at) => (at / total) * width,
    y: (value) => height / 2 - (Math.max(-range, Math.min(range, value)) / range) * (height / 2),
  };
}

/** SVG path data through the points, split where exactness changes (so estimates can be drawn dashed). */
export function graphSegments(points: readonly GraphPoint[], g: GraphGeometry): { exact: boolean; d: string }[] {
  const out: { exact: boolean; d: string }[] = [];
  let prev: { x: number; y: number } = { x: g.x(0), y: g.y(0) };
  for (const p of points) {
    const here = { x: g.x(p.at), y: g.y(p.black) };
    const last = out[out.length - 1];
    if (last && last.exact === p.exact) last.d += ` L${here.x.toFixed(1)} ${here.y.toFixed(1)}`;
    else out.push({ exact: p.exact, d: `M${prev.x.toFixed(1)} ${prev.y.toFixed(1)} L${here.x.toFixed(1)} ${here.y.toFixed(1)}` });
    prev = here;
  }
  return out;
}

/** The analysis of the move that led to the replay position `at` (records shown), or null at the start. */
export function moveAt(a: Analysis, at: number): MoveAnalysis | null {
  return at > 0 ? (a.moves[at - 1] ?? null) : null;
}

/** "±n" with one decimal at most. */
export function signed(n: number): string {
  const r = Math.round(n * 10) / 10;
  return `${r > 0 ? '+' : r < 0 ? '−' : ''}${Math.abs(r)}`;
}
