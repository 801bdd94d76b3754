import { describe, expect, it } from '@jest/globals';
import { isEligible } from '../../../src/leaderboard/domain/eligibility.js';
import { gamesToRdBelow, ladderProgress, MAX_GAMES_ESTIMATE } from '../../../src/leaderboard/domain/progress.js';
import { DEFAULT_GLICKO2_CONFIG, update } from '../../../src/ratings/domain/glicko2.js';
import { AT, CASES, RULES } from './eligibility.cases.js';

const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(AT.getTime() - d * DAY);

/** Two newcomers playing each other `n` times (alternate wins): the RD of the first after the last game. */
function rdAfterPeerGames(n: number): number {
  let a = { rating: 1500, rd: 350, volatility: 0.06 };
  let b = { ...a };
  for (let i = 0; i < n; i++) {
    const score = i % 2 === 0 ? 1 : 0;
    const na = update(a, [{ opponentRating: b.rating, opponentRd: b.rd, score }]);
    const nb = update(b, [{ opponentRating: a.rating, opponentRd: a.rd, score: 1 - score }]);
    a = na;
    b = nb;
  }
  return a.rd;
}

describe('gamesToRdBelow: games until the RD falls under the threshold (Glicko-2, an opponent like you)', () => {
  it('is 0 when the RD is already below the threshold', () => {
    expect(gamesToRdBelow({ rating: 1500, rd: 109.9, volatility: 0.06 }, 110)).toBe(0);
    expect(gamesToRdBelow({ rating: 1500, rd: 60, volatility: 0.06 }, 110)).toBe(0);
  });

  it('counts the games from each RD: the RD after that many games is below the threshold, after one fewer it is not', () => {
    for (const rd of [110, 120, 150, 186, 250, 350]) {
      const n = gamesToRdBelow({ rating: 1500, rd, volatility: 0.06 }, 110);
      expect(n).toBeGreaterThan(0);
      let v = { rating: 1500, rd, volatility: 0.06 };
      const rds: number[] = [];
      for (let i = 0; i < n; i++) {
        v = update(v, [{ opponentRating: v.rating, opponentRd: v.rd, score: 0.5 }]);
        rds.push(v.rd);
      }
      expect(rds[n - 1]).toBeLessThan(110);
      if (n > 1) expect(rds[n - 2]).toBeGreaterThanOrEqual(110);
    }
  });

  it('needs fewer games from a lower RD (monotone), and more for a newcomer than after six games', () => {
    const counts = [350, 300, 250, 200, 186, 150, 120, 110].map((rd) => gamesToRdBelow({ rating: 1500, rd, volatility: 0.06 }, 110));
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeLessThanOrEqual(counts[i - 1]);
    expect(counts[0]).toBeGreaterThan(counts[4]);
  });

  it('agrees with six real games between two newcomers: RD ≈ 186 after six, still provisional', () => {
    const after6 = rdAfterPeerGames(6);
    expect(after6).toBeGreaterThan(150);
    expect(after6).toBeGreaterThanOrEqual(110);
    const more = gamesToRdBelow({ rating: 1500, rd: after6, volatility: 0.06 }, 110);
    // The estimate from six games on matches the games the pair really needs.
    expect(rdAfterPeerGames(6 + more)).toBeLessThan(110);
    expect(rdAfterPeerGames(6 + more - 1)).toBeGreaterThanOrEqual(110);
  });

  it('gives up at MAX_GAMES_ESTIMATE when the RD cannot get under the threshold (a floor above it)', () => {
    expect(gamesToRdBelow({ rating: 1500, rd: 350, volatility: 0.06 }, 110, { ...DEFAULT_GLICKO2_CONFIG, minRd: 200 })).toBe(MAX_GAMES_ESTIMATE);
    expect(gamesToRdBelow({ rating: 1500, rd: Number.NaN, volatility: 0.06 }, 110)).toBe(MAX_GAMES_ESTIMATE);
  });
});

describe('ladderProgress: how far a player is from the leaderboard', () => {
  it.each(CASES)('%s: listed exactly when the eligibility rule says so', (_label, player, eligible) => {
    const progress = ladderProgress({ ...player, rating: 1500 }, RULES, AT);
    expect(progress.listed).toBe(eligible);
    if (player.guest) expect(progress.gamesToGo).toBeNull();
    else expect(progress.gamesToGo === 0).toBe(isEligible(player, RULES, AT));
  });

  it('a newcomer: the RD decides (more games than the minimum)', () => {
    const p = ladderProgress({ engineMarkedAt: null, closedAt: null, guest: false, games: 0, lastRatedAt: null, rd: 350, volatility: 0.06, rating: 1500 }, RULES, AT);
    expect(p.missing).toEqual({ games: 5, recent: true, rd: true });
    expect(p.gamesToGo).toBe(gamesToRdBelow({ rating: 1500, rd: 350, volatility: 0.06 }, 110));
    expect(p.gamesToGo).toBeGreaterThan(5);
  });

  it('a settled player whose last game is too old needs one game', () => {
    const p = ladderProgress({ engineMarkedAt: null, closedAt: null, guest: false, games: 40, lastRatedAt: daysAgo(91), rd: 60, volatility: 0.06, rating: 1700 }, RULES, AT);
    expect(p.listed).toBe(false);
    expect(p.gamesToGo).toBe(1);
    expect(p.missing).toEqual({ games: 0, recent: true, rd: false });
  });

  it('too few games with a low RD: the minimum decides', () => {
    const p = ladderProgress({ engineMarkedAt: null, closedAt: null, guest: false, games: 2, lastRatedAt: daysAgo(1), rd: 80, volatility: 0.06, rating: 1500 }, { ...RULES, minGames: 10 }, AT);
    expect(p.gamesToGo).toBe(8);
  });

  it('the RD grown while idle counts: a long break needs games again', () => {
    const p = ladderProgress({ engineMarkedAt: null, closedAt: null, guest: false, games: 40, lastRatedAt: daysAgo(80), rd: 105, volatility: 0.06, rating: 1600 }, RULES, AT);
    expect(p.rd).toBeGreaterThan(110);
    expect(p.gamesToGo).toBe(1);
    expect(p.missing.rd).toBe(true);
  });
});
