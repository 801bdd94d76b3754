import { describe, expect, it } from '@jest/globals';
import { analyseMove, discCounts, flips, legalMoves, parseSquare, playTurn, replay } from '../../../src/engine/index.js';
import { emptyRegions, STRATEGY_POSITIONS, strategyTopics, TOPICS } from '../../../src/pages/domain/strategy.js';
import { readShipped } from '../engine/helpers.js';

const games = readShipped('wthor-2023-2025.tsv.gz')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => {
    const [year, , moves, event] = l.split('\t');
    return { event: event.replace(/\s*-\s*\d{4}$/, '') + ' ' + year, moves: moves.toLowerCase() };
  });
const sq = (name: string) => parseSquare(name)!;

describe('the strategy page’s positions', () => {
  const topics = strategyTopics();

  it('covers the seven topics, each position a real master game it names', () => {
    expect(topics.map((t) => t.key)).toEqual([...TOPICS]);
    for (const key of TOPICS) {
      for (const p of [STRATEGY_POSITIONS[key].diagram, STRATEGY_POSITIONS[key].tryIt]) {
        const game = games.find((g) => g.event === p.event && g.moves.startsWith(p.moves));
        expect(game && `${key}: ${p.event}`).toBe(`${key}: ${p.event}`);
      }
    }
  });

  it('accepts in each endgame try-it exactly the moves the exact search finds best', () => {
    for (const t of topics.filter((x) => x.key !== 'wipeout')) {
      const p = replay(STRATEGY_POSITIONS[t.key].tryIt.moves).position;
      const legal = legalMoves(p);
      const analysis = analyseMove(p, legal[0], { exactFromEmpties: 20, exactNodeLimit: Number.MAX_SAFE_INTEGER });
      expect(analysis.exact).toBe(true);
      expect(t.tryIt.answers.map(sq).sort((a, b) => a - b)).toEqual(analysis.best);
      expect(t.tryIt.values![t.tryIt.answers[0]]).toBe(analysis.bestValue);
      // One answer, and every other move is worse: the reader finds the move, not one of several.
      expect(t.tryIt.answers).toHaveLength(1);
    }
  });

  it('shows each topic’s idea in its try-it, as the engine sees it', () => {
    const tryPos = (key: (typeof TOPICS)[number]) => replay(STRATEGY_POSITIONS[key].tryIt.moves).position;
    const answer = (key: (typeof TOPICS)[number]) => sq(topics.find((t) => t.key === key)!.tryIt.answers[0]);
    expect([0, 7, 56, 63]).toContain(answer('corners'));
    expect(topics.find((t) => t.key === 'xc')!.tryIt.facts.xs).not.toBe('');
    expect([9, 14, 49, 54]).not.toContain(answer('xc'));
    const e = answer('edges');
    expect((e & 7) === 0 || (e & 7) === 7 || e >> 3 === 0 || e >> 3 === 7).toBe(true);
    const m = tryPos('mobility');
    const fewest = Math.min(...legalMoves(m).map((x) => flips(m, x).length));
    expect(flips(m, answer('mobility')).length).toBe(fewest);
    const region = emptyRegions(tryPos('parity')).find((r) => r.includes(answer('parity')))!;
    expect(region.length % 2).toBe(1);
    const c = tryPos('count');
    const d = discCounts(c);
    expect(c.toMove === 'black' ? d.black < d.white : d.white < d.black).toBe(true);
    expect(topics.find((t) => t.key === 'count')!.tryIt.values![topics.find((t) => t.key === 'count')!.tryIt.answers[0]]).toBeGreaterThan(0);
  });

  it('wipe-out: the refused moves let the other side take every disc, the accepted ones never', () => {
    const t = topics.find((x) => x.key === 'wipeout')!;
    const p = replay(STRATEGY_POSITIONS.wipeout.tryIt.moves).position;
    const wiped = (m: number) => {
      const after = playTurn(p, m).position;
      return after.toMove !== p.toMove && legalMoves(after).some((r) => discCounts(playTurn(after, r).position)[p.toMove] === 0);
    };
    const legal = legalMoves(p);
    expect(legal.some(wiped)).toBe(true);
    expect(t.tryIt.answers.map(sq).sort((a, b) => a - b)).toEqual(legal.filter((m) => !wiped(m)));
  });
});
