import { describe, expect, it, jest } from '@jest/globals';
import './english';
import {
  type Analysis, AnalysisController, describeMove, geometry, graphPoints, graphSegments, markOf, moveAt, signed, statusText,
} from '../../src/client/game/analysis-state';
import { show } from '../../src/client/common/messages';
import { ApiError } from '../../src/client/transport/api';

const move = (ply: number, color: 'black' | 'white', square: string | null, value: number, bestValue: number, exact: boolean, extra: Partial<Analysis['moves'][number]> = {}) => ({
  ply, color, square, by: 'player' as const, forced: false, best: square ? [square] : [], value, bestValue, loss: bestValue - value, exact, ...extra,
});

const analysis: Analysis = {
  status: 'ready',
  exactFromEmpties: 16,
  depth: 6,
  moves: [
    move(0, 'black', 'f5', 1.5, 1.5, false),
    move(1, 'white', 'd6', -4, 3, false, { best: ['c5'] }),
    move(2, 'black', 'c3', 10, 10, true, { forced: true }),
    move(3, 'white', null, -10, -10, true),
    move(4, 'black', 'h8', 2, 14, true, { by: 'cpu' }),
  ],
  players: null,
};

describe('the analysed replay model', () => {
  it('marks each move: its loss class, or why it counts for nothing', () => {
    expect(analysis.moves.map(markOf)).toEqual(['best', 'mistake', 'forced', 'pass', 'cpu']);
  });

  it('puts every record on the graph from Black\'s side, exact or estimated', () => {
    expect(graphPoints(analysis).map((p) => [p.at, p.black, p.exact])).toEqual([[1, 1.5, false], [2, 4, false], [3, 10, true], [4, 10, true], [5, 2, true]]);
  });

  it('draws the estimated and the exact stretches as separate segments, joined where they meet', () => {
    const points = graphPoints(analysis);
    const g = geometry(points, 500, 100);
    expect(g.range).toBe(16);
    // The range's ends stay a margin inside the box: a peak is drawn whole.
    expect([g.y(0), g.y(16), g.y(-16), g.y(99)]).toEqual([50, 8, 92, 8]);
    const segments = graphSegments(points, g);
    expect(segments.map((s) => s.exact)).toEqual([false, true]);
    expect(segments[0].d.startsWith('M0.0 50.0')).toBe(true);
    expect(segments[1].d.startsWith(`M${g.x(2).toFixed(1)} ${g.y(4).toFixed(1)}`)).toBe(true);
  });

  it('finds the move that led to a replay position', () => {
    expect(moveAt(analysis, 0)).toBeNull();
    expect(moveAt(analysis, 2)?.square).toBe('d6');
    expect(moveAt(analysis, 9)).toBeNull();
    expect([signed(3), signed(-2.26), signed(0)]).toEqual(['+3', '−2.3', '0']);
  });
});

describe('AnalysisController', () => {
  function setup(answers: Array<Analysis | Error>) {
    const later: Array<() => void> = [];
    const api = {
      analysis: jest.fn(async () => {
        const next = answers.shift()!;
        if (next instanceof Error) throw next;
        return next;
      }),
      report: jest.fn(async (_id: string, _body: { reason: string; text?: string }) => ({}) as never),
    };
    const changed = jest.fn();
    const c = new AnalysisController('g1', api as never, changed, (fn) => void later.push(fn));
    return { c, api, changed, later };
  }
  const flush = () => new Promise((r) => setTimeout(r, 0));
  const pending: Analysis = { status: 'pending', exactFromEmpties: 16, depth: 6, moves: [], players: null };

  it('loads once the game is over, asks again while pending, and shows the figures when ready', async () => {
    const { c, api, changed, later } = setup([pending, analysis]);
    c.gameOver();
    c.gameOver();
    await flush();
    expect(api.analysis).toHaveBeenCalledTimes(1);
    expect(c.s.status).toBe('pending');
    expect(show(statusText(c.s)!)).toMatch(/has not been through this game yet/);
    expect(later).toHaveLength(1);
    later[0]();
    await flush();
    expect(c.s.status).toBe('ready');
    expect(statusText(c.s)).toBeNull();
    expect(changed).toHaveBeenCalledTimes(2);
    expect(describeMove(c.s.analysis!, 2).map(show)).toEqual(['2. d6', 'mistake', '−7.0 discs', 'best was c5', 'value for White: −4 (best +3)', 'estimate']);
    expect(describeMove(c.s.analysis!, 3).map(show)).toEqual(['3. c3', 'only move', 'value for Black: +10 (best +10)', 'exact']);
  });

  it('says when there is no analysis, or when it could not be loaded', async () => {
    const none = setup([{ ...pending, status: 'none' }]);
    none.c.gameOver();
    await flush();
    expect(show(statusText(none.c.s)!)).toMatch(/^No analysis/);
    expect(none.later).toHaveLength(0);
    const broken = setup([new Error('down')]);
    broken.c.gameOver();
    await flush();
    expect(broken.c.s.status).toBe('failed');
  });

  it('sends a report once; a second one is already filed; an error keeps the form open', async () => {
    const { c, api } = setup([]);
    c.toggleReport();
    expect(c.s.report).toBe('open');
    await c.sendReport('engine', '  too precise ');
    expect(api.report).toHaveBeenCalledWith('g1', { reason: 'engine', text: 'too precise' });
    expect(c.s.report).toBe('sent');
    api.report.mockRejectedValueOnce(new ApiError('already', 409, 'ALREADY_REPORTED', undefined));
    await c.sendReport('other', '');
    expect(api.report).toHaveBeenLastCalledWith('g1', { reason: 'other' });
    expect(c.s.report).toBe('already');
    api.report.mockRejectedValueOnce(new ApiError('Too many reports.', 429, 'RATE_LIMITED', undefined));
    await c.sendReport('other', '');
    expect(c.s.report).toBe('open');
    expect(show(c.s.reportError!)).toBe('The report could not be sent: Too many reports.');
  });
});
