import { describe, expect, it } from '@jest/globals';
import {
  chooseCpuMove, chooseStandInMove, type Color, discCounts, emptyCount, isGameOver, isLegal, legalMoves, passIfNeeded,
  playTurn, type Position, result, solveEndgame, STAND_IN_MARGIN, standInCandidates, standInMoveScores, startPosition,
} from '../../../src/engine/index.js';
import { diagram, seededRandom } from './helpers.js';

/** A position reached by `plies` random moves from the start, settled (automatic passes included). */
function randomPosition(rand: () => number, plies: number): Position {
  let p = startPosition();
  for (let i = 0; i < plies; i++) {
    const settle = passIfNeeded(p);
    if (settle.finished) break;
    const moves = legalMoves(settle.position);
    p = playTurn(settle.position, moves[Math.floor(rand() * moves.length)]).position;
  }
  return passIfNeeded(p).position;
}

/** `count` positions (side to move has a move) from random games, each after a random number of plies in [min, max]. */
function samplePositions(seed: number, count: number, min: number, max: number, keep: (p: Position) => boolean = () => true): Position[] {
  const rand = seededRandom(seed);
  const out: Position[] = [];
  for (let tries = 0; out.length < count && tries < count * 50; tries++) {
    const p = randomPosition(rand, min + Math.floor(rand() * (max - min + 1)));
    if (!isGameOver(p) && keep(p)) out.push(p);
  }
  return out;
}

/** Plays a whole game; returns the winner and every stand-in move with the position it was played in. */
function playGame(standIn: Color, rng: () => number): { winner: Color | null; standInMoves: Array<[Position, number]> } {
  const standInMoves: Array<[Position, number]> = [];
  let p = startPosition();
  for (;;) {
    const settle = passIfNeeded(p);
    if (settle.finished) break;
    p = settle.position;
    let move: number;
    if (p.toMove === standIn) {
      move = chooseStandInMove(p, { rng });
      standInMoves.push([p, move]);
    } else {
      move = chooseCpuMove(p, { nodeLimit: 20_000 }); // as the games service's stand-in used it
    }
    p = playTurn(p, move).position;
  }
  return { winner: result(p).winner, standInMoves };
}

/** The exact final disc difference (empties to the winner) for the side to move of `p` after it plays `square`. */
function exactValueOf(p: Position, square: number): number {
  const t = playTurn(p, square);
  if (t.finished) {
    const d = discCounts(t.position);
    const diff = p.toMove === 'black' ? d.black - d.white : d.white - d.black;
    const empties = emptyCount(t.position);
    return diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
  }
  const s = solveEndgame(t.position).score;
  return t.position.toMove === p.toMove ? s : -s;
}

describe('the stand-in CPU (modest and unpredictable)', () => {
  it('loses to the full-strength CPU (nodeLimit 20 000) in at least 80 of 100 games, colours alternating, and always plays legal moves', () => {
    const rng = seededRandom(20261130);
    let cpuWins = 0;
    let standInMoves = 0;
    for (let g = 0; g < 100; g++) {
      const standIn: Color = g % 2 === 0 ? 'black' : 'white';
      const game = playGame(standIn, rng);
      if (game.winner !== null && game.winner !== standIn) cpuWins++;
      for (const [p, move] of game.standInMoves) expect(isLegal(p, move)).toBe(true);
      standInMoves += game.standInMoves.length;
    }
    expect(standInMoves).toBeGreaterThan(100 * 20);
    expect(cpuWins).toBeGreaterThanOrEqual(80);
  });

  it('is modest, not useless: it beats a random mover in at least 80 of 100 games', () => {
    const rng = seededRandom(4711);
    let wins = 0;
    for (let g = 0; g < 100; g++) {
      const standIn: Color = g % 2 === 0 ? 'black' : 'white';
      let p = startPosition();
      for (;;) {
        const settle = passIfNeeded(p);
        if (settle.finished) break;
        p = settle.position;
        const moves = legalMoves(p);
        p = playTurn(p, p.toMove === standIn ? chooseStandInMove(p, { rng }) : moves[Math.floor(rng() * moves.length)]).position;
      }
      if (result(p).winner === standIn) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(80);
  });

  describe('gives different replies to the same position over 20 replays', () => {
    const positions = samplePositions(4242, 30, 4, 50);
    const rng = seededRandom(99);
    const replies = positions.map((p) => new Set(Array.from({ length: 20 }, () => chooseStandInMove(p, { rng }))));

    it('has 30 midgame positions from random games', () => {
      expect(positions).toHaveLength(30);
    });

    it.each([
      ['its own evaluation (2 plies)', 2],
      ['a deeper search (3 plies)', 3],
    ])('in most positions with two or more reasonable moves by %s', (_name, depth) => {
      const withChoice = positions.map((p, i) => [p, i] as const).filter(([p]) => standInCandidates(p, { depth }).length >= 2);
      expect(withChoice.length).toBeGreaterThanOrEqual(5);
      const varied = withChoice.filter(([, i]) => replies[i].size >= 2).length;
      expect(varied / withChoice.length).toBeGreaterThan(0.5);
    });

    it('only ever plays a move within the margin of its best', () => {
      positions.forEach((p, i) => {
        const allowed = standInCandidates(p);
        for (const m of replies[i]) expect(allowed).toContain(m);
      });
    });
  });

  it('does not solve the endgame: in positions with 10-14 empties it often plays a move that is not exactly best', () => {
    const positions = samplePositions(777, 30, 46, 50, (p) => {
      const e = emptyCount(p);
      return e >= 10 && e <= 14 && legalMoves(p).length >= 2;
    });
    expect(positions).toHaveLength(30);
    const rng = seededRandom(31337);
    let trials = 0;
    let notBest = 0;
    let positionsWithChoice = 0;
    for (const p of positions) {
      const values = new Map(legalMoves(p).map((m) => [m, exactValueOf(p, m)] as const));
      const best = Math.max(...values.values());
      if ([...values.values()].every((v) => v === best)) continue;
      positionsWithChoice++;
      for (let k = 0; k < 20; k++) {
        const m = chooseStandInMove(p, { rng });
        expect(values.has(m)).toBe(true);
        trials++;
        if (values.get(m) !== best) notBest++;
      }
    }
    expect(positionsWithChoice).toBeGreaterThanOrEqual(20);
    // A perfect endgame player would score 0 here; the stand-in is far from it.
    expect(notBest / trials).toBeGreaterThan(0.25);
  });

  it('takes a corner that wins the game at once, every time', () => {
    // Black to move can take a1 (flipping b2 along the diagonal); every other move gives little.
    const p = diagram(`
      . . . . . . . .
      . W . . . . . .
      . . W . . . . .
      . . . W B . . .
      . . . B B . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .`, 'black');
    const rng = seededRandom(5);
    const a1 = 0;
    expect(standInMoveScores(p)[0].square).toBe(a1);
    for (let k = 0; k < 20; k++) expect(chooseStandInMove(p, { rng })).toBe(a1);
  });

  it('scores every legal move, best first, and its candidates are those within the margin', () => {
    for (const p of samplePositions(12, 20, 0, 55)) {
      const scores = standInMoveScores(p);
      expect(scores.map((s) => s.square).sort((a, b) => a - b)).toEqual(legalMoves(p));
      for (let i = 1; i < scores.length; i++) expect(scores[i - 1].score).toBeGreaterThanOrEqual(scores[i].score);
      expect(standInCandidates(p)).toEqual(scores.filter((s) => s.score >= scores[0].score - STAND_IN_MARGIN).map((s) => s.square).sort((a, b) => a - b));
      expect(standInCandidates(p, { margin: 0 })).toContain(scores[0].square);
    }
  });

  it('uses the injected rng: the same seed replays the same moves; Math.random by default', () => {
    const positions = samplePositions(3, 10, 10, 40);
    const run = (seed: number) => { const rng = seededRandom(seed); return positions.map((p) => chooseStandInMove(p, { rng })); };
    expect(run(8)).toEqual(run(8));
    for (const p of positions) expect(legalMoves(p)).toContain(chooseStandInMove(p));
  });

  it('throws a RangeError when the side to move has no legal move', () => {
    const mustPass = diagram(`
      B W . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .
      . . . . . . . .`, 'white');
    expect(legalMoves(mustPass)).toEqual([]);
    expect(() => chooseStandInMove(mustPass)).toThrow(RangeError);
    expect(standInCandidates(mustPass)).toEqual([]);
  });
});
