/**
 * The rules page's board diagrams against the engine: every disc and mark the SVG draws is read
 * back from the markup and compared with what src/engine says about the same position, and every
 * position is checked to come from the real game it names (the WTHOR fixture).
 */
import { describe, expect, it } from '@jest/globals';
import {
  type Color,
  flips,
  fromBoardString,
  isGameOver,
  legalMoves,
  mustPass,
  parseSquare,
  playTurn,
  type Position,
  squareName,
  startPosition,
  toBoardString,
} from '../../../src/engine/index.js';
import { type BoardDiagram, rulesDiagrams } from '../../../src/pages/domain/diagrams.js';
import {
  CORNER,
  CORNER_MOVE,
  FORCED_PASS,
  FORCED_PASS_MOVE,
  flipLines,
  type GamePosition,
  LAST_MOVE,
  LESSON_DIRECTIONS,
  positionOf,
  THREE_DIRECTIONS,
  THREE_DIRECTIONS_MOVE,
} from '../../../src/pages/domain/positions.js';
import { renderBoardSvg } from '../../../src/pages/views/board-svg.js';
import { readShipped, seededRandom } from '../engine/helpers.js';

interface Drawn {
  discs: Map<string, Color>;
  marks: Record<string, string[]>;
  lines: { from: string; to: string }[];
}

/** Reads back what an SVG draws: discs by square, marks by kind, lines. */
function readSvg(svg: string): Drawn {
  const discs = new Map<string, Color>();
  for (const m of svg.matchAll(/data-square="([a-h][1-8])" data-disc="(black|white)"/g)) {
    expect(discs.has(m[1])).toBe(false);
    discs.set(m[1], m[2] as Color);
  }
  const marks: Record<string, string[]> = {};
  for (const m of svg.matchAll(/data-mark="(legal|placed|flipped|corner)" data-square="([a-h][1-8])"/g)) (marks[m[1]] ??= []).push(m[2]);
  const lines = [...svg.matchAll(/data-mark="line" data-from="([a-h][1-8])" data-to="([a-h][1-8])"/g)].map((m) => ({ from: m[1], to: m[2] }));
  return { discs, marks, lines };
}

/** The discs of a position, as square name → colour. */
function discsOf(p: Position): Map<string, Color> {
  const board = toBoardString(p);
  const out = new Map<string, Color>();
  for (let i = 0; i < 64; i++) if (board[i] !== '.') out.set(squareName(i), board[i] === 'B' ? 'black' : 'white');
  return out;
}

const names = (squares: readonly number[]) => squares.map(squareName).sort();
const sq = (name: string) => parseSquare(name)!;
const diagrams = rulesDiagrams();
const svgOf = (d: BoardDiagram) => renderBoardSvg(d, { title: 'T', desc: 'D' }, `diagram-${d.key}`);

describe('board diagrams (SVG from the engine)', () => {
  it('the start position: the four centre discs and Black’s four legal squares', () => {
    const drawn = readSvg(svgOf(diagrams.start));
    expect(drawn.discs).toEqual(discsOf(startPosition()));
    expect(drawn.discs).toEqual(new Map([['d4', 'white'], ['e4', 'black'], ['d5', 'black'], ['e5', 'white']]));
    expect(drawn.marks.legal?.sort()).toEqual(names(legalMoves(startPosition())));
    expect(drawn.marks.legal?.sort()).toEqual(['c4', 'd3', 'e6', 'f5']);
    expect(drawn.marks.placed).toBeUndefined();
    expect(diagrams.start.facts).toMatchObject({ count: 4, white: ['d4', 'e5'], black: ['e4', 'd5'] });
  });

  it('a move that flips in three directions: the flipped discs are the engine’s, each line closed by a mover’s disc', () => {
    const before = positionOf(THREE_DIRECTIONS);
    const move = sq(THREE_DIRECTIONS_MOVE);
    const after = playTurn(before, move).position;
    const drawn = readSvg(svgOf(diagrams.flip));
    expect(drawn.discs).toEqual(discsOf(after));
    expect(drawn.marks.placed).toEqual([THREE_DIRECTIONS_MOVE]);
    expect(drawn.marks.flipped?.sort()).toEqual(names(flips(before, move)));
    // What changed colour between the two positions is exactly what is ringed.
    const changed = [...discsOf(before)].filter(([s, c]) => discsOf(after).get(s) !== c).map(([s]) => s).sort();
    expect(drawn.marks.flipped?.sort()).toEqual(changed);
    expect(flipLines(move, flips(before, move))).toHaveLength(3);
    expect(diagrams.flip.facts.directions).toBe(3);
    // Three gold lines from the new disc, each to a disc of the mover's colour beyond the flipped ones.
    expect(drawn.lines).toHaveLength(3);
    for (const line of drawn.lines) {
      expect(line.from).toBe(THREE_DIRECTIONS_MOVE);
      expect(drawn.discs.get(line.to)).toBe(before.toMove);
      expect(discsOf(before).get(line.to)).toBe(before.toMove);
    }
    // The neighbour the caption names as not flipping is an opposing disc that keeps its colour.
    for (const s of diagrams.flip.facts.unflipped as string[]) {
      expect(discsOf(before).get(s)).toBe('white');
      expect(drawn.discs.get(s)).toBe('white');
    }
    expect(diagrams.flip.facts.unflippedCount).toBeGreaterThan(0);
  });

  it('a forced pass: after the move the other side has no legal square, the mover has', () => {
    const before = positionOf(FORCED_PASS);
    const turn = playTurn(before, sq(FORCED_PASS_MOVE));
    expect(turn.records.map((r) => r.pass)).toEqual([false, true]);
    const drawn = readSvg(svgOf(diagrams.pass));
    expect(drawn.discs).toEqual(discsOf(turn.position));
    const board = toBoardString(turn.position);
    const passer = turn.records[1].color;
    expect(passer).toBe('black');
    expect(mustPass(fromBoardString(board, passer))).toBe(true);
    expect(legalMoves(fromBoardString(board, passer))).toEqual([]);
    expect(isGameOver(turn.position)).toBe(false);
    expect(drawn.marks.legal).toBeUndefined();
    expect(drawn.marks.placed).toEqual([FORCED_PASS_MOVE]);
    expect(drawn.marks.flipped?.sort()).toEqual(names(turn.records[0].flipped));
    expect(diagrams.pass.facts).toMatchObject({ passer: 'black', mover: 'white', passerDiscs: [...drawn.discs.values()].filter((c) => c === 'black').length });
    expect(diagrams.pass.facts.moverLegal).toEqual(legalMoves(turn.position).map(squareName));
  });

  it('a corner that can never flip: no legal move of either side flips it, nor does any random continuation', () => {
    const before = positionOf(CORNER);
    const after = playTurn(before, sq(CORNER_MOVE)).position;
    const drawn = readSvg(svgOf(diagrams.corner));
    expect(drawn.discs).toEqual(discsOf(after));
    expect(drawn.marks.corner).toEqual([CORNER_MOVE]);
    expect(drawn.discs.get(CORNER_MOVE)).toBe(before.toMove);
    const corner = sq(CORNER_MOVE);
    for (const color of ['black', 'white'] as const) {
      const p = fromBoardString(toBoardString(after), color);
      for (const m of legalMoves(p)) expect(flips(p, m)).not.toContain(corner);
    }
    const random = seededRandom(19);
    for (let game = 0; game < 200; game++) {
      let p = after;
      while (!isGameOver(p)) {
        const moves = legalMoves(p);
        const turn = playTurn(p, moves[Math.floor(random() * moves.length)]);
        expect(turn.records[0].flipped).not.toContain(corner);
        p = turn.position;
      }
      expect(toBoardString(p)[corner]).toBe(before.toMove === 'black' ? 'B' : 'W');
    }
  });

  it('every teaching position is the position of the real game it names (data/ WTHOR)', () => {
    const games = readShipped('wthor-2023-2025.tsv.gz')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => {
        const [year, , moves, event] = l.split('\t');
        return { event: event.replace(/\s*-\s*\d{4}$/, '') + ' ' + year, moves: moves.toLowerCase() };
      });
    const positions: GamePosition[] = [THREE_DIRECTIONS, LESSON_DIRECTIONS, FORCED_PASS, CORNER, LAST_MOVE];
    for (const p of positions) {
      const game = games.find((g) => g.event === p.event && g.moves.startsWith(p.moves));
      expect(game && `${p.event}: ${p.moves}`).toBe(`${p.event}: ${p.moves}`);
    }
  });

  it('draws an accessible picture: title and desc named by the svg, no inline style, text escaped', () => {
    const svg = renderBoardSvg(diagrams.start, { title: 'Start <1>', desc: 'd4 & e5' }, 'diagram-x');
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-labelledby="diagram-x-title" aria-describedby="diagram-x-desc"/);
    expect(svg).toContain('<title id="diagram-x-title">Start &lt;1&gt;</title>');
    expect(svg).toContain('<desc id="diagram-x-desc">d4 &amp; e5</desc>');
    expect(svg).not.toMatch(/\sstyle=|<script|<style/i);
    // 64 squares' worth of geometry: eight file and eight rank labels.
    expect(svg.match(/<text /g)).toHaveLength(16);
    expect(() => renderBoardSvg(diagrams.start, { title: '', desc: '' }, 'Bad id')).toThrow(RangeError);
  });
});
