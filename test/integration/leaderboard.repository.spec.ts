import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/config/config.js';
import { ELIGIBILITY_VERSION } from '../../src/leaderboard/domain/eligibility.js';
import { LeaderboardPlayersRepository } from '../../src/leaderboard/leaderboard-players.repository.js';
import { LeaderboardRepository } from '../../src/leaderboard/leaderboard.repository.js';
import { LeaderboardService } from '../../src/leaderboard/leaderboard.service.js';
import { PlayersRepository } from '../../src/players/players.repository.js';
import { TEST_ENV } from '../support/app.js';
import { openRepositoryDb, RepositoryDb, seedPlayer } from '../support/repositories.js';

const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY);

describe('LeaderboardRepository and the leaderboard bookkeeping (real PostgreSQL)', () => {
  let r: RepositoryDb;
  let buckets: LeaderboardRepository;
  let players: PlayersRepository;
  let ladder: LeaderboardPlayersRepository;
  const service = (minGames: number, activeDays = 30) =>
    new LeaderboardService(
      r.db,
      buckets,
      ladder,
      loadConfig({ ...TEST_ENV, LEADERBOARD_MIN_GAMES: String(minGames), LEADERBOARD_ACTIVE_DAYS: String(activeDays) }),
    );
  beforeAll(async () => {
    r = await openRepositoryDb();
    buckets = new LeaderboardRepository(r.db);
    players = new PlayersRepository(r.db);
    ladder = new LeaderboardPlayersRepository(r.db);
  });
  afterAll(async () => {
    await r.close();
  });

  it('adds deltas to buckets (creating, summing, going to zero) and totals them', async () => {
    await r.db.transaction(() => buckets.addToBuckets([[false, 1500, 2], [false, 1600, 1], [true, 1600, 4]]));
    await r.db.transaction(() => buckets.addToBuckets([[false, 1500, -1], [false, 1600, -1], [false, 1700, 1], [true, 1600, -1]]));
    expect(await buckets.buckets()).toEqual([
      [false, 1500, 1],
      [false, 1600, 0],
      [false, 1700, 1],
      [true, 1600, 3],
    ]);
    expect(await buckets.total()).toBe(2);
    expect(await buckets.total(true)).toBe(3);
    await r.db.transaction(() => buckets.replaceBuckets([]));
    expect(await buckets.buckets()).toEqual([]);
    expect(await buckets.total()).toBe(0);
    expect(await buckets.total(true)).toBe(0);
  });

  it('keeps the settings the flags were built with', async () => {
    expect(await buckets.settings()).toBeNull();
    const rd = { provisionalRd: 110, periodsPerDay: 0.2, maxRd: 350 };
    await r.db.transaction(() => buckets.saveSettings({ version: 1, minGames: 4, activeDays: 10, ...rd }));
    await r.db.transaction(() => buckets.saveSettings({ version: 2, minGames: 5, activeDays: 20, ...rd }));
    expect(await buckets.settings()).toEqual({ version: 2, minGames: 5, activeDays: 20, ...rd });
  });

  it('rebuild: flags and buckets from the rows, the rules recorded; only when the rules changed if asked', async () => {
    const a = await seedPlayer(players, r.db, { rating: 1812.4, games: 6, lastRatedAt: daysAgo(1) });
    const b = await seedPlayer(players, r.db, { rating: 1812.9, games: 3, lastRatedAt: daysAgo(5) });
    const c = await seedPlayer(players, r.db, { rating: 1400, games: 6, lastRatedAt: daysAgo(20) });
    await seedPlayer(players, r.db, { guest: true, rating: 2000, games: 6, lastRatedAt: daysAgo(1) });
    await seedPlayer(players, r.db, { rating: 2000, games: 6, lastRatedAt: daysAgo(45), onLeaderboard: true });

    const five = service(5);
    expect(await five.rebuild()).toBe(true);
    expect(await buckets.buckets()).toEqual([
      [false, 1400, 1],
      [false, 1812, 1],
    ]);
    expect(await buckets.settings()).toEqual({ version: ELIGIBILITY_VERSION, minGames: 5, activeDays: 30, provisionalRd: 110, periodsPerDay: 0.21436, maxRd: 350 });
    expect(await five.rankOf(a.id)).toBe(1);
    expect(await five.rankOf(b.id)).toBeNull();
    expect(await five.rankOf(c.id)).toBe(2);
    expect(await five.rebuild({ onlyIfRulesChanged: true })).toBe(false);

    const three = service(3);
    expect(await three.rebuild({ onlyIfRulesChanged: true })).toBe(true);
    expect(await buckets.buckets()).toEqual([
      [false, 1400, 1],
      [false, 1812, 2],
    ]);
    expect(await three.rankOf(b.id)).toBe(1);
    const page = await three.page(10, 0);
    expect(page.total).toBe(3);
    expect(page.entries.map((e) => [e.rank, e.username])).toEqual([
      [1, b.username],
      [2, a.username],
      [3, c.username],
    ]);
  });

  it('expire: takes the players who fell out of the active window off, and their buckets down', async () => {
    const three = service(3);
    const c = (await ladder.leaderboardPage(10, 0)).at(-1)!;
    await r.db.query(`UPDATE players SET last_rated_at = now() - interval '31 days' WHERE username = $1`, [c.username]);
    expect(await three.expire()).toBe(1);
    expect(await buckets.buckets()).toEqual([
      [false, 1400, 0],
      [false, 1812, 2],
    ]);
    expect(await three.expire()).toBe(0);
    expect((await three.page(10, 0)).total).toBe(2);
  });

  it('standings after a rated game follow the one rule, and move the buckets', async () => {
    const three = service(3);
    const now = new Date();
    const est = { rd: 80, volatility: 0.06, bot: false, engineMarkedAt: null, closedAt: null };
    expect(three.standingAfter({ ...est, guest: false, games: 3, lastRatedAt: now }, 1650.5, now)).toEqual({ on: true, rating: 1650.5, bot: false });
    expect(three.standingAfter({ ...est, guest: false, games: 2, lastRatedAt: now }, 1650.5, now)).toEqual({ on: false, rating: 1650.5, bot: false });
    expect(three.standingAfter({ ...est, guest: true, games: 30, lastRatedAt: now }, 1650.5, now)).toEqual({ on: false, rating: 1650.5, bot: false });
    expect(three.standingAfter({ ...est, rd: 110, guest: false, games: 30, lastRatedAt: now }, 1650.5, now)).toEqual({ on: false, rating: 1650.5, bot: false });
    expect(three.standingAfter({ ...est, bot: true, guest: false, games: 30, lastRatedAt: now }, 1650.5, now)).toEqual({ on: true, rating: 1650.5, bot: true });
    await r.db.transaction(() =>
      three.applyStandings([
        { before: { on: true, rating: 1812.5, bot: false }, after: { on: true, rating: 1650.5, bot: false } },
        { before: { on: false, rating: 1500, bot: false }, after: { on: true, rating: 1400.1, bot: false } },
        { before: { on: false, rating: 1500, bot: true }, after: { on: true, rating: 1500.1, bot: true } },
      ]),
    );
    expect(await buckets.buckets()).toEqual([
      [false, 1400, 1],
      [false, 1650, 1],
      [false, 1812, 1],
      [true, 1500, 1],
    ]);
  });
});
