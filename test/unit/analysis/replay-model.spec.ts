import { describe, expect, it } from '@jest/globals';
import { type Analysis, geometry, graphPoints, graphSegments, markOf, moveAt, signed } from '../../../src/client/game/analysis.js';

const move = (ply: number, color: 'black' | 'white', square: string | null, value: number, bestValue: number, exact: boolean, extra: Partial<Analysis['moves'][number]> = {}) => ({
  ply, color, square, by: 'player' as const, forced: false, best: square ? [square] : [], value, bestValue, loss: bestValue - value, exact, ...extra,
});

const analysis: Analysis = {
  status: 'ready',
  exactFromEmpties: 16,
  depth: 6,
  moves: [
    move(0, 'black', 'f5', 1.5, 1.5, false),
    move(1, 'white', 'd6', -4, 3, false),
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
    expect([g.y(0), g.y(16), g.y(-16), g.y(99)]).toEqual([50, 0, 100, 0]);
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
