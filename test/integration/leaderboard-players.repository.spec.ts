import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LeaderboardPlayersRepository } from '../../src/leaderboard/leaderboard-players.repository.js';
import { PlayersRepository } from '../../src/players/players.repository.js';
import { holdTransaction, openRepositoryDb, RepositoryDb, seedPlayer } from '../support/repositories.js';

const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY);
const rules = { minGames: 3, activeDays: 30, provisionalRd: 110, periodsPerDay: 0.21436, maxRd: 350 };

describe('LeaderboardPlayersRepository: the leaderboard flags on the players table (real PostgreSQL)', () => {
  let r: RepositoryDb;
  let players: PlayersRepository;
  let ladder: LeaderboardPlayersRepository;
  beforeAll(async () => {
    r = await openRepositoryDb();
    players = new PlayersRepository(r.db);
    ladder = new LeaderboardPlayersRepository(r.db);
  });
  afterAll(async () => {
    await r.close();
  });

  it('recomputes flags by the rule, counts per bucket, pages and ranks, and takes off the expired', async () => {
    const on1 = await seedPlayer(players, r.db, { name: 'zed', rating: 1700.5, rd: 80, games: 5, lastRatedAt: daysAgo(1) });
    const on2 = await seedPlayer(players, r.db, { name: 'amy', rating: 1700.5, rd: 80, games: 3, lastRatedAt: daysAgo(29) });
    const on3 = await seedPlayer(players, r.db, { name: 'bob', rating: 1700.9, rd: 100, games: 9, lastRatedAt: daysAgo(2) });
    const on4 = await seedPlayer(players, r.db, { name: 'cat', rating: 1450.2, rd: 60, games: 40, lastRatedAt: daysAgo(10) });
    const guest = await seedPlayer(players, r.db, { guest: true, rating: 1900, games: 9, lastRatedAt: daysAgo(1) });
    const few = await seedPlayer(players, r.db, { rating: 1900, games: 2, lastRatedAt: daysAgo(1) });
    const stale = await seedPlayer(players, r.db, { rating: 1900, games: 9, lastRatedAt: daysAgo(31), onLeaderboard: true });
    const fresh = await seedPlayer(players, r.db);
    const provisional = await seedPlayer(players, r.db, { rating: 1900, rd: 120, games: 9, lastRatedAt: daysAgo(1) });
    const bot = await seedPlayer(players, r.db, { name: 'robo', bot: true, rating: 1600.4, games: 9, lastRatedAt: daysAgo(1) });

    const changed = await r.db.transaction(() => ladder.recomputeLeaderboardFlags(rules));
    expect(changed).toBe(6); // four humans and a bot come on, the stale one goes off
    for (const [p, on] of [[on1, true], [on2, true], [on3, true], [on4, true], [guest, false], [few, false], [stale, false], [fresh, false], [provisional, false], [bot, true]] as const) {
      expect((await players.findById(p.id))!.onLeaderboard).toBe(on);
    }
    expect(await r.db.transaction(() => ladder.recomputeLeaderboardFlags(rules))).toBe(0);
    expect(await ladder.leaderboardCountsByBucket()).toEqual([
      [false, 1450, 1],
      [false, 1700, 3],
      [true, 1600, 1],
    ]);

    // By rating, then lower RD, then name (case-insensitively); bots on their own page.
    const page = await ladder.leaderboardPage(10, 0);
    expect(page.map((p) => p.username)).toEqual(['bob', 'amy', 'zed', 'cat']);
    expect(page[0]).toMatchObject({ rating: 1700.9, rd: 100, games: 9, wins: 9, draws: 0, losses: 0 });
    expect((await ladder.leaderboardPage(10, 0, true)).map((p) => p.username)).toEqual(['robo']);
    expect(page[0].lastRatedAt).toBeInstanceOf(Date);
    expect((await ladder.leaderboardPage(2, 1)).map((p) => p.username)).toEqual(['amy', 'zed']);

    // The rank reads the bucket counts: give them the flags' values.
    await r.db.query('INSERT INTO leaderboard_buckets (bot, bucket, players) VALUES (false, 1450, 1), (false, 1700, 3), (true, 1600, 1)');
    expect(await ladder.leaderboardRank(on3.id)).toBe(1);
    expect(await ladder.leaderboardRank(on2.id)).toBe(2);
    expect(await ladder.leaderboardRank(on1.id)).toBe(3);
    expect(await ladder.leaderboardRank(on4.id)).toBe(4);
    expect(await ladder.leaderboardRank(bot.id)).toBe(1); // among bots only
    expect(await ladder.leaderboardRank(guest.id)).toBeNull();
    expect(await ladder.leaderboardRank(provisional.id)).toBeNull();
    expect(await ladder.leaderboardRank('00000000-0000-4000-8000-000000000000')).toBeNull();

    // Expiry: only flagged players who fail the rule, at most `limit`, skipping locked rows.
    await r.db.query(`UPDATE players SET last_rated_at = now() - interval '40 days' WHERE id = ANY($1)`, [[on1.id, on2.id, on4.id]]);
    const holder = await holdTransaction(r.db);
    await holder.run(() => players.lock(on4.id));
    expect(await r.db.transaction(() => ladder.takeOffIneligible(rules, 1))).toHaveLength(1);
    expect(await r.db.transaction(() => ladder.takeOffIneligible(rules, 10))).toEqual([{ rating: 1700.5, bot: false }]); // on4 is skipped, not waited on
    await holder.commit();
    expect(await r.db.transaction(() => ladder.takeOffIneligible(rules, 10))).toEqual([{ rating: 1450.2, bot: false }]);
    expect(await r.db.transaction(() => ladder.takeOffIneligible(rules, 10))).toEqual([]);
    expect((await ladder.leaderboardPage(10, 0)).map((p) => p.username)).toEqual(['bob']);
  });

  it('lists flags that disagree with the rule, with a grace period for the expired', async () => {
    await r.db.query('UPDATE players SET on_leaderboard = false');
    const justExpired = await seedPlayer(players, r.db, { games: 9, lastRatedAt: new Date(Date.now() - 30 * DAY - 10 * 60_000), onLeaderboard: true });
    const longExpired = await seedPlayer(players, r.db, { games: 9, lastRatedAt: daysAgo(32), onLeaderboard: true });
    const missing = await seedPlayer(players, r.db, { games: 9, lastRatedAt: daysAgo(3), onLeaderboard: false });
    const guestOn = await seedPlayer(players, r.db, { guest: true, games: 9, lastRatedAt: daysAgo(3), onLeaderboard: true });
    const ok = await seedPlayer(players, r.db, { games: 9, lastRatedAt: daysAgo(3), onLeaderboard: true });
    const eligibleNow = (await r.db.query('SELECT username FROM players WHERE games >= 3 AND NOT guest AND last_rated_at >= now() - interval \'30 days\' AND rd < 105')).map(
      (x: { username: string }) => x.username,
    );
    const mismatches = await r.db.transaction(() => ladder.leaderboardFlagMismatches(rules, 1));
    const names = mismatches.map((x) => x.username);
    expect(names).toEqual(expect.arrayContaining([longExpired.username, missing.username, guestOn.username]));
    expect(names).not.toContain(justExpired.username);
    expect(names).not.toContain(ok.username);
    expect(mismatches.find((x) => x.username === missing.username)?.onLeaderboard).toBe(false);
    // Every other eligible player (from the first test, flags cleared) shows up as missing too.
    expect(names.sort()).toEqual([longExpired.username, guestOn.username, ...eligibleNow.filter((n: string) => n !== ok.username)].sort());
  });
});
