import { describe, expect, it } from '@jest/globals';
import { type AuditGame, type AuditPlayer, type AuditRefund, auditRatings } from '../../../src/ratings/domain/audit.js';
import { DEFAULT_GLICKO2_CONFIG, initialValues, rateGame } from '../../../src/ratings/domain/glicko2.js';
import { refundOf } from '../../../src/ratings/domain/refunds.js';

const config = DEFAULT_GLICKO2_CONFIG;
const T0 = new Date('2026-05-01T10:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/**
 * A small ladder: C (the engine user) beats V twice, V beats W, then V is refunded what it lost to
 * C; then V plays W again. Everything stored as the app stores it.
 */
function ladder(opts: { refundPoints?: (lost: number) => number } = {}) {
  const state = new Map<string, { rating: number; rd: number; volatility: number; games: number; wins: number; draws: number; losses: number; lastRatedAt: Date | null }>();
  const cur = (id: string) => {
    if (!state.has(id)) state.set(id, { ...initialValues(config), games: 0, wins: 0, draws: 0, losses: 0, lastRatedAt: null });
    return state.get(id)!;
  };
  const games: AuditGame[] = [];
  const refunds: AuditRefund[] = [];
  let seq = 0;
  const play = (id: string, black: string, white: string, winner: 'black' | 'white', when: Date) => {
    const b = cur(black);
    const w = cur(white);
    const change = rateGame({ ...b }, { ...w }, winner === 'black' ? 1 : 0, config, when);
    const row = (c: typeof change.a) => ({ ratingBefore: c.before.rating, rdBefore: c.before.rd, volatilityBefore: c.before.volatility, rating: c.rating, rd: c.rd, volatility: c.volatility, delta: c.delta });
    games.push({ id, seq: ++seq, blackId: black, whiteId: white, winner, finishedAt: when, blackChange: change.a.delta, whiteChange: change.b.delta, black: row(change.a), white: row(change.b) });
    for (const [s, c, won] of [[b, change.a, winner === 'black'], [w, change.b, winner === 'white']] as const) {
      Object.assign(s, { rating: c.rating, rd: c.rd, volatility: c.volatility, games: s.games + 1, wins: s.wins + (won ? 1 : 0), losses: s.losses + (won ? 0 : 1), lastRatedAt: when });
    }
  };
  play('g1', 'C', 'V', 'black', at(1));
  play('g2', 'V', 'C', 'white', at(2));
  play('g3', 'V', 'W', 'black', at(3));
  const lost = refundOf(games.filter((g) => g.id !== 'g3').map((g) => ({ gameId: g.id, delta: g.blackId === 'V' ? g.blackChange! : g.whiteChange! })));
  const v = cur('V');
  const points = opts.refundPoints ? opts.refundPoints(lost.points) : lost.points;
  refunds.push({ id: 'r1', playerId: 'V', sourcePlayerId: 'C', gameIds: lost.gameIds, seq: ++seq, points, ratingBefore: v.rating, rating: v.rating + points });
  v.rating += points;
  play('g4', 'W', 'V', 'white', at(5));
  const players: AuditPlayer[] = [...state].map(([id, s]) => ({ id, username: id, ...s }));
  return { players, games, refunds, lost };
}

describe('ratings audit with refunds', () => {
  it('replays refunds among the games in their order: a correct ladder has no discrepancy', () => {
    const { players, games, refunds, lost } = ladder();
    expect(lost.points).toBeGreaterThan(0);
    expect(lost.gameIds).toEqual(['g1', 'g2']);
    expect(auditRatings(players, games, config, refunds)).toEqual([]);
  });

  it('finds a refund of the wrong size', () => {
    const { players, games, refunds } = ladder({ refundPoints: (p) => p + 5 });
    const found = auditRatings(players, games, config, refunds).map((d) => `${d.subject} ${d.field}`);
    expect(found).toContain('refund r1 (player V) points');
  });

  it('finds a refund that is missing (the stored ratings include it)', () => {
    const { players, games } = ladder();
    const found = auditRatings(players, games, config, []);
    expect(found.some((d) => d.subject === 'game g4 (white)' && d.field === 'rating_before')).toBe(true);
  });

  it('refunds only the games the player lost points in', () => {
    expect(refundOf([{ gameId: 'a', delta: -10 }, { gameId: 'b', delta: 4 }, { gameId: 'c', delta: -0.5 }])).toEqual({ points: 10.5, gameIds: ['a', 'c'] });
    expect(refundOf([{ gameId: 'b', delta: 4 }])).toEqual({ points: 0, gameIds: [] });
  });
});
