/** Players at the edges of the leaderboard rule: the TypeScript and SQL forms must both give `eligible`. */
import type { EligibilityFacts, LeaderboardRules } from '../../../src/leaderboard/domain/eligibility.js';

export const RULES: LeaderboardRules = { minGames: 5, activeDays: 90, provisionalRd: 110, periodsPerDay: 0.21436, maxRd: 350 };
export const AT = new Date('2026-06-01T00:00:00Z');
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(AT.getTime() - d * DAY);

/** An established player in good standing (RD 60, σ 0.06) unless the case says otherwise. */
const p = (facts: Partial<EligibilityFacts> & Pick<EligibilityFacts, 'guest' | 'games' | 'lastRatedAt'>): EligibilityFacts => ({
  rd: 60,
  volatility: 0.06,
  engineMarkedAt: null,
  closedAt: null,
  ...facts,
});

export const CASES: [label: string, player: EligibilityFacts, eligible: boolean][] = [
  ['a registered player with enough recent games', p({ guest: false, games: 5, lastRatedAt: daysAgo(1) }), true],
  ['a guest', p({ guest: true, games: 50, lastRatedAt: daysAgo(1) }), false],
  ['a guest with no games', p({ guest: true, games: 0, lastRatedAt: null }), false],
  ['too few games', p({ guest: false, games: 4, lastRatedAt: daysAgo(1) }), false],
  ['no games at all', p({ guest: false, games: 0, lastRatedAt: null }), false],
  ['never rated (but counted games)', p({ guest: false, games: 5, lastRatedAt: null }), false],
  ['last game exactly 90 days ago', p({ guest: false, games: 9, lastRatedAt: daysAgo(90) }), true],
  ['last game 90 days and 1 ms ago', p({ guest: false, games: 9, lastRatedAt: new Date(daysAgo(90).getTime() - 1) }), false],
  ['last game 91 days ago', p({ guest: false, games: 9, lastRatedAt: daysAgo(91) }), false],
  ['last game just now', p({ guest: false, games: 500, lastRatedAt: AT }), true],
  ['a guest too old and with too few games', p({ guest: true, games: 1, lastRatedAt: daysAgo(200) }), false],
  // Rule 10: provisional players (RD ≥ 110, grown while idle) are not on the leaderboard.
  ['provisional: RD 350, a new player with enough games', p({ guest: false, games: 5, lastRatedAt: daysAgo(1), rd: 350 }), false],
  ['provisional: RD exactly 110 just after a game', p({ guest: false, games: 12, lastRatedAt: AT, rd: 110 }), false],
  ['RD 109.9 just after a game', p({ guest: false, games: 12, lastRatedAt: AT, rd: 109.9 }), true],
  ['RD 100, 30 idle days (grows to ≈103)', p({ guest: false, games: 30, lastRatedAt: daysAgo(30), rd: 100 }), true],
  ['RD 100, 89 idle days (grows to ≈109.9)', p({ guest: false, games: 30, lastRatedAt: daysAgo(89), rd: 100 }), true],
  ['RD 105, 60 idle days (grows to ≈111)', p({ guest: false, games: 30, lastRatedAt: daysAgo(60), rd: 105 }), false],
  ['RD 60 and a high volatility (σ 0.3), 40 idle days', p({ guest: false, games: 30, lastRatedAt: daysAgo(40), rd: 60, volatility: 0.3 }), false],
  // Issue #20: a moderator's marks take a player off.
  ['marked as an engine user', p({ guest: false, games: 30, lastRatedAt: daysAgo(1), engineMarkedAt: daysAgo(1) }), false],
  ['a closed account', p({ guest: false, games: 30, lastRatedAt: daysAgo(1), closedAt: daysAgo(1) }), false],
];
