/**
 * The analysed replay's state and controller (no DOM): once the game is over, the
 * engine's analysis (GET /api/games/:id/analysis, asked again while it is pending), the report
 * form's state and command, and the pure selectors the view renders from — the evaluation graph's
 * points (values are final disc differences; the graph shows them from Black's side), each move's
 * mark and description. Loss classes come from the analysis domain (src/analysis/domain/loss.ts).
 */
import { classifyLoss, type LossClass } from '../../analysis/domain/loss';
import { REPORT_REASONS, type ReportReason } from '../../moderation/domain/moderation';
import { t, type Text } from '../common/messages';
import { ApiError, type Analysis as AnalysisDto, type api } from '../transport/api';

/** The server's analysis (GET /api/games/:id/analysis), typed from the OpenAPI schema. */
export type Analysis = AnalysisDto;
export type MoveAnalysis = AnalysisDto['moves'][number];

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
  // A margin above and below the range, so a peak's line and its mark are drawn whole.
  const half = height / 2 - GRAPH_MARGIN;
  return {
    width,
    height,
    range,
    x: (at) => (at / total) * width,
    y: (value) => height / 2 - (Math.max(-range, Math.min(range, value)) / range) * half,
  };
}

/** Room kept above and below the graph's range (a mark's radius and the line's width). */
export const GRAPH_MARGIN = 8;

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

export type AnalysisApi = Pick<typeof api, 'analysis' | 'report'>;

/** The reasons a report can give: the server's own list (moderation's domain). */
export { REPORT_REASONS, type ReportReason };

export interface AnalysisState {
  status: 'idle' | 'loading' | 'pending' | 'ready' | 'none' | 'failed';
  analysis: Analysis | null;
  report: 'closed' | 'open' | 'sending' | 'sent' | 'already';
  reportError: Text | null;
}

/** While the analysis is pending, it is asked for again this often, this many times at most. */
export const PENDING_RETRY_MS = 3000;
const PENDING_TRIES = 60;

export class AnalysisController {
  readonly s: AnalysisState = { status: 'idle', analysis: null, report: 'closed', reportError: null };
  private tries = 0;

  constructor(
    private readonly gameId: string,
    private readonly api: AnalysisApi,
    private readonly changed: () => void,
    private readonly later: (fn: () => void, ms: number) => void = (fn, ms) => void setTimeout(fn, ms),
  ) {}

  /** The game is over: load its analysis (once; asked again while pending). */
  gameOver(): void {
    if (this.s.status === 'idle') void this.load();
  }

  private async load(): Promise<void> {
    const s = this.s;
    if (s.status === 'idle') s.status = 'loading';
    try {
      const a = await this.api.analysis(this.gameId);
      s.analysis = a;
      s.status = a.status === 'ready' ? 'ready' : a.status === 'pending' ? 'pending' : 'none';
      if (s.status === 'pending' && ++this.tries < PENDING_TRIES) this.later(() => void this.load(), PENDING_RETRY_MS);
    } catch {
      s.status = 'failed';
    }
    this.changed();
  }

  toggleReport(): void {
    if (this.s.report === 'closed' || this.s.report === 'open') this.s.report = this.s.report === 'open' ? 'closed' : 'open';
    this.s.reportError = null;
    this.changed();
  }

  async sendReport(reason: ReportReason, text: string): Promise<void> {
    const s = this.s;
    s.report = 'sending';
    s.reportError = null;
    this.changed();
    try {
      await this.api.report(this.gameId, text.trim() ? { reason, text: text.trim() } : { reason });
      s.report = 'sent';
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ALREADY_REPORTED') s.report = 'already';
      else {
        s.report = 'open';
        s.reportError = t('analysis.report.error', { message: (err as Error).message });
      }
    }
    this.changed();
  }
}

/** What the status line says (null: nothing). */
export function statusText(s: AnalysisState): Text | null {
  if (s.status === 'loading' || s.status === 'pending') return t('analysis.pending');
  if (s.status === 'none') return t('analysis.none');
  if (s.status === 'failed') return t('analysis.failed');
  return null;
}

/** The move that led to the replay position `at`, in words: its number and square, its mark, loss, best move and value, exact or estimated. */
export function describeMove(a: Analysis, at: number): Text[] {
  const m = moveAt(a, at);
  if (!m) return [];
  const mark = markOf(m);
  const out: Text[] = [t('analysis.move.number', { n: String(at), square: m.square ?? '' })];
  if (mark === 'pass') return [t('analysis.move.number', { n: String(at), square: '' }), t('analysis.move.pass')];
  if (mark === 'forced') out.push(t('analysis.move.forced'));
  else if (mark === 'best') out.push(t('analysis.move.best'));
  else {
    if (FLAGGED.includes(mark)) out.push(t(`analysis.class.${mark as 'inaccuracy' | 'mistake' | 'blunder'}`));
    out.push(t('analysis.move.loss', { loss: m.loss.toFixed(m.exact ? 0 : 1) }), t('analysis.move.bestWas', { squares: m.best.join(', ') }));
  }
  if (mark === 'cpu') out.push(t('analysis.move.cpu'));
  // Values are the mover's: say whose, as the graph is always Black's.
  out.push(t('analysis.move.value', { color: m.color, value: signed(m.value), bestValue: signed(m.bestValue) }));
  out.push(t(m.exact ? 'analysis.move.exact' : 'analysis.move.estimate'));
  return out;
}
