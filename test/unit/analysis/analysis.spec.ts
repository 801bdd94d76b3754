import { describe, expect, it } from '@jest/globals';
import {
  analyseGame, type AnalysedRecord, BLUNDER_DISCS, classifyLoss, counts, INACCURACY_DISCS, MISTAKE_DISCS, summarise,
  type MoveAnalysisEntry,
} from '../../../src/analysis/domain/analysis.js';
import { emptyCount, legalMoves, parseSquare, passIfNeeded, play, replay, startPosition } from '../../../src/engine/index.js';
import { loadWthor } from '../engine/helpers.js';

const games = loadWthor();

/** A WTHOR game's move list as the server records it (automatic passes included), every move the player's own. */
function recordsOf(moves: string): AnalysedRecord[] {
  return replay(moves).moves.map((m) => ({ color: m.color, square: m.square, by: 'player' as const }));
}

const options = { exactFromEmpties: 14, depth: 4 };

describe('classifyLoss', () => {
  it.each([
    [0, 'best'], [0.5, 'good'], [INACCURACY_DISCS - 0.01, 'good'], [INACCURACY_DISCS, 'inaccuracy'], [MISTAKE_DISCS - 0.01, 'inaccuracy'],
    [MISTAKE_DISCS, 'mistake'], [BLUNDER_DISCS - 0.01, 'mistake'], [BLUNDER_DISCS, 'blunder'], [64, 'blunder'],
  ] as const)('a loss of %d discs is %s', (loss, cls) => {
    expect(classifyLoss(loss)).toBe(cls);
  });
});

describe('analyseGame', () => {
  // Game 1 of the fixture has an automatic pass at record 59 (White passes, Black moves again).
  const withPass = games[1];
  const records = recordsOf(withPass.moves);
  const analysis = analyseGame(records, options);

  it('has one entry per record, passes included, with the record\'s ply, colour and square', () => {
    expect(records.filter((r) => r.square === null)).toHaveLength(1);
    expect(analysis.moves.map((m) => [m.ply, m.color, m.square])).toEqual(records.map((r, i) => [i, r.color, r.square]));
    expect(analysis.exactFromEmpties).toBe(14);
  });

  it('marks passes and single-choice moves as forced, and counts neither', () => {
    const pass = analysis.moves.find((m) => m.square === null) as MoveAnalysisEntry;
    expect(pass).toMatchObject({ forced: true, best: [], loss: 0 });
    let p = startPosition();
    let forced = 0;
    for (const m of analysis.moves) {
      if (m.square === null) {
        p = passIfNeeded(p).position;
        continue;
      }
      const choices = legalMoves(p).length;
      expect(m.forced).toBe(choices === 1);
      if (choices === 1) {
        forced++;
        expect(m.best).toEqual([m.square]);
      }
      p = play(p, m.square).position;
    }
    expect(forced).toBeGreaterThan(0);
    expect(analysis.players.black.counted + analysis.players.white.counted)
      .toBe(analysis.moves.filter((m) => m.square !== null && !m.forced).length);
  });

  it('gives loss = bestValue − value, never negative, zero exactly for the best squares', () => {
    for (const m of analysis.moves) {
      expect(m.loss).toBeCloseTo(m.bestValue - m.value, 5);
      expect(m.loss).toBeGreaterThanOrEqual(0);
      if (m.square !== null) expect(m.loss === 0).toBe(m.best.includes(m.square));
    }
  });

  it('solves the last 14 empties exactly and estimates the rest', () => {
    const expected = replay(withPass.moves);
    // Positions before each record: empties = 60 − discs placed so far.
    let placed = 0;
    for (const m of analysis.moves) {
      if (m.square === null) continue;
      expect(m.exact).toBe(60 - placed <= 14);
      placed++;
    }
    expect(emptyCount(expected.position)).toBe(0);
  });

  it('chains exact values: a move\'s value is what the next mover can get, from the other side', () => {
    const exact = analysis.moves.filter((m) => m.exact);
    for (let i = 0; i < analysis.moves.length - 1; i++) {
      const m = analysis.moves[i];
      const next = analysis.moves[i + 1];
      if (!m.exact || !next.exact || m.square === null) continue;
      // After a move the opponent is to move, or passes (a pass is valued from the passer's side too).
      expect(m.value).toBe(0 - next.bestValue + 0);
    }
    // The last move's value is the final margin from its mover's side (the fixture's result counts empties to the winner).
    const last = analysis.moves[analysis.moves.length - 1];
    expect(last.value).toBe(last.color === 'black' ? withPass.blackMargin : -withPass.blackMargin);
    expect(exact.length).toBeGreaterThan(10);
  });

  it('summarises each player over their own counted moves', () => {
    for (const color of ['black', 'white'] as const) {
      const mine = analysis.moves.filter((m) => m.color === color && counts(m));
      const s = analysis.players[color];
      expect(s.counted).toBe(mine.length);
      expect(s.meanLoss).toBeCloseTo(mine.reduce((t, m) => t + m.loss, 0) / mine.length, 2);
      expect(s.bestShare).toBeCloseTo(mine.filter((m) => m.loss === 0).length / mine.length, 3);
      expect(s.inaccuracies + s.mistakes + s.blunders).toBe(mine.filter((m) => m.loss >= INACCURACY_DISCS).length);
      const phases = analysis.phases[color];
      expect(phases.exact.counted + phases.estimated.counted).toBe(mine.length);
      expect(phases.exact.best + phases.estimated.best).toBe(mine.filter((m) => m.loss === 0).length);
    }
  });

  it('leaves the stand-in\'s moves out of the player\'s figures', () => {
    const short = recordsOf(games[0].moves).slice(0, 20);
    const cpu = short.map((r, i) => (r.color === 'black' && i < 10 ? { ...r, by: 'cpu' as const } : r));
    const a = analyseGame(cpu, options);
    const b = analyseGame(short, options);
    expect(a.moves.map((m) => m.value)).toEqual(b.moves.map((m) => m.value));
    expect(a.players.white).toEqual(b.players.white);
    expect(a.players.black.counted).toBe(b.players.black.counted - cpu.filter((r) => r.by === 'cpu' && !b.moves[short.indexOf(r)]?.forced).length);
    expect(summarise(a.moves, 'black').counted).toBe(a.players.black.counted);
  });

  it('refuses a move list that does not follow the rules', () => {
    const good = recordsOf(games[0].moves).slice(0, 4);
    expect(() => analyseGame([{ ...good[0], square: parseSquare('a1') }], options)).toThrow(RangeError);
    expect(() => analyseGame([{ ...good[0], color: 'white' }], options)).toThrow(RangeError);
    expect(() => analyseGame([{ ...good[0], square: null }], options)).toThrow(RangeError);
  });
});
