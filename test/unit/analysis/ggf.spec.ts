import { describe, expect, it } from '@jest/globals';
import { type GgfGame, ggfResult, writeGgf } from '../../../src/analysis/domain/ggf.js';
import { parseSquare, replay, squareName, startPosition, toBoardString } from '../../../src/engine/index.js';
import { loadWthor } from '../engine/helpers.js';

/** A small GGF reader, as Othello tools read it: `(;` … `;)`, TAG[value] pairs, the tags in order. */
function parseGgf(text: string): Array<[string, string]> {
  expect(text.startsWith('(;')).toBe(true);
  expect(text.endsWith(';)')).toBe(true);
  const body = text.slice(2, -2);
  const out: Array<[string, string]> = [];
  const re = /([A-Z]{1,3})\[([^\]]*)\]/gy;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(body)) !== null) {
    out.push([m[1], m[2]]);
    end = re.lastIndex;
  }
  expect(end).toBe(body.length); // nothing left over that is not a property
  return out;
}

/** The BO field back into the API's board string and side to move. */
function readBoard(bo: string): { board: string; toMove: 'black' | 'white' } {
  const [size, ...rest] = bo.split(' ');
  expect(size).toBe('8');
  const side = rest.pop();
  expect(rest).toHaveLength(8);
  for (const rank of rest) expect(rank).toMatch(/^[*O-]{8}$/);
  const board = rest.join('').replace(/\*/g, 'B').replace(/O/g, 'W').replace(/-/g, '.');
  return { board, toMove: side === '*' ? 'black' : 'white' };
}

const start = new Date('2026-11-30T17:34:03.250Z');
const at = (seconds: number): Date => new Date(start.getTime() + seconds * 1000);

function gameFrom(transcript: string, result: GgfGame['result'], turnSeconds: number | null = 30): GgfGame {
  const records = replay(transcript).moves;
  let t = 0;
  return {
    black: { username: 'ann', rating: 1523.4 },
    white: { username: 'bob', rating: 1498.125 },
    createdAt: start,
    turnSeconds,
    result,
    // Each move takes 1.5 s more than the one before; a pass is recorded with the move before it.
    moves: records.map((r, i) => ({ color: r.color, square: r.square, at: at(r.pass ? t : (t += 1 + i * 0.5)) })),
  };
}

describe('writeGgf', () => {
  const wthor = loadWthor()[1]; // has White's automatic pass at record 59
  const game = gameFrom(wthor.moves, { winner: 'white', reason: 'board', discs: { black: 31, white: 33 } });
  const text = writeGgf(game);
  const props = parseGgf(text);
  const tag = (t: string) => props.filter(([k]) => k === t).map(([, v]) => v);

  it('writes the header GGS writes, in its order', () => {
    expect(props.slice(0, 10).map(([k]) => k)).toEqual(['GM', 'PC', 'DT', 'PB', 'PW', 'RB', 'RW', 'TI', 'TY', 'RE']);
    expect(tag('GM')).toEqual(['Othello']);
    expect(tag('PC')).toEqual(['Outflank']);
    expect(tag('DT')).toEqual(['2026.11.30_17:34:03.UTC']);
    expect([tag('PB'), tag('PW'), tag('RB'), tag('RW')]).toEqual([['ann'], ['bob'], ['1523.40'], ['1498.13']]);
    expect(tag('TI')).toEqual(['00:30,N1//00:30,N1']);
    expect(tag('TY')).toEqual(['8']);
    expect(tag('RE')).toEqual(['-2.000']);
  });

  it('writes the start position in BO, a1..h1 first, Black to move', () => {
    expect(readBoard(tag('BO')[0])).toEqual({ board: toBoardString(startPosition()), toMove: 'black' });
    expect(tag('BO')[0]).toBe('8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *');
  });

  it('round-trips the moves, passes as PA, with the seconds each player used', () => {
    const moves = props.filter(([k]) => k === 'B' || k === 'W');
    expect(moves).toHaveLength(game.moves.length);
    let previous = start.getTime();
    moves.forEach(([k, v], i) => {
      const m = game.moves[i];
      expect(k).toBe(m.color === 'black' ? 'B' : 'W');
      if (m.square === null) {
        expect(v).toBe('PA');
      } else {
        const [square, evaluation, seconds] = v.split('/');
        expect(parseSquare(square)).toBe(m.square);
        expect(evaluation).toBe('');
        expect(Number(seconds)).toBeCloseTo((m.at.getTime() - previous) / 1000, 2);
      }
      previous = m.at.getTime();
    });
    // Replaying the squares read back gives the same game.
    const squares = moves.filter(([, v]) => v !== 'PA').map(([, v]) => v.split('/')[0]).join('');
    expect(squares).toBe(wthor.moves);
    expect(moves.filter(([, v]) => v === 'PA')).toEqual([['W', 'PA']]);
    expect(moves[0][1]).toBe(`${squareName(game.moves[0].square as number)}//1.00`);
  });

  it('omits the clock without a turn limit, ratings when unknown, and the result of an aborted or active game', () => {
    const g = gameFrom('f5d6', null, null);
    const p = parseGgf(writeGgf({ ...g, black: { username: 'x]y[', rating: null } }));
    expect(p.map(([k]) => k)).toEqual(['GM', 'PC', 'DT', 'PB', 'PW', 'RW', 'TY', 'BO', 'B', 'W']);
    expect(p.find(([k]) => k === 'PB')).toEqual(['PB', 'xy']);
  });

  it.each([
    [{ winner: 'black', reason: 'board', discs: { black: 40, white: 24 } }, '+16.000'],
    [{ winner: 'white', reason: 'board', discs: { black: 10, white: 30 } }, '-44.000'], // 24 empties to the winner
    [{ winner: null, reason: 'board', discs: { black: 32, white: 32 } }, '+0.000'],
    [{ winner: 'black', reason: 'resign', discs: { black: 10, white: 20 } }, '+64.000:r'],
    [{ winner: 'white', reason: 'resign', discs: { black: 20, white: 10 } }, '-64.000:r'],
    [{ winner: 'white', reason: 'abandoned', discs: { black: 20, white: 44 } }, '-24.000'],
  ] as const)('writes the result %j as RE[%s]', (result, expected) => {
    expect(ggfResult(result)).toBe(expected);
  });
});
