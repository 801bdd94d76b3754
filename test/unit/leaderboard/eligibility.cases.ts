/** Players at the edges of the leaderboard rule: the TypeScript and SQL forms must both give `eligible`. */
export const RULES = { minGames: 5, activeDays: 90 };
export const AT = new Date('2026-06-01T00:00:00Z');
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(AT.getTime() - d * DAY);

export const CASES: [label: string, player: { guest: boolean; games: number; lastRatedAt: Date | null }, eligible: boolean][] = [
  ['a registered player with enough recent games', { guest: false, games: 5, lastRatedAt: daysAgo(1) }, true],
  ['a guest', { guest: true, games: 50, lastRatedAt: daysAgo(1) }, false],
  ['a guest with no games', { guest: true, games: 0, lastRatedAt: null }, false],
  ['too few games', { guest: false, games: 4, lastRatedAt: daysAgo(1) }, false],
  ['no games at all', { guest: false, games: 0, lastRatedAt: null }, false],
  ['never rated (but counted games)', { guest: false, games: 5, lastRatedAt: null }, false],
  ['last game exactly 90 days ago', { guest: false, games: 9, lastRatedAt: daysAgo(90) }, true],
  ['last game 90 days and 1 ms ago', { guest: false, games: 9, lastRatedAt: new Date(daysAgo(90).getTime() - 1) }, false],
  ['last game 91 days ago', { guest: false, games: 9, lastRatedAt: daysAgo(91) }, false],
  ['last game just now', { guest: false, games: 500, lastRatedAt: AT }, true],
  ['a guest too old and with too few games', { guest: true, games: 1, lastRatedAt: daysAgo(200) }, false],
];
