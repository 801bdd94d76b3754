import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eligibilityParams, eligibilityPlaceholders, eligibleSql, isEligible } from '../../src/leaderboard/domain/eligibility.js';
import { LeaderboardPlayersRepository } from '../../src/leaderboard/leaderboard-players.repository.js';
import { PlayersRepository } from '../../src/players/players.repository.js';
import { AT, CASES, RULES } from '../unit/leaderboard/eligibility.cases.js';
import { openRepositoryDb, RepositoryDb, seedPlayer } from '../support/repositories.js';

/** The leaderboard rule's two forms (TypeScript and SQL) give the same answer for every case. */
describe('leaderboard eligibility: the TypeScript and SQL forms agree (real PostgreSQL)', () => {
  let r: RepositoryDb;
  beforeAll(async () => {
    r = await openRepositoryDb();
  });
  afterAll(async () => {
    await r.close();
  });

  it.each(CASES)('%s', async (_label, player, expected) => {
    const rows = await r.db.query(
      `SELECT ${eligibleSql('p', { ...eligibilityPlaceholders(1), at: '$6::timestamptz' })} AS eligible
       FROM (VALUES ($7::boolean, $8::int, $9::timestamptz, $10::float8, $11::float8, $12::timestamptz, $13::timestamptz))
         AS p(guest, games, last_rated_at, rd, volatility, engine_marked_at, closed_at)`,
      [...eligibilityParams(RULES), AT, player.guest, player.games, player.lastRatedAt, player.rd, player.volatility, player.engineMarkedAt, player.closedAt],
    );
    expect(rows[0].eligible).toBe(expected);
    expect(isEligible(player, RULES, AT)).toBe(expected);
  });

  it('on stored players, judged at now(): the rebuild SQL sets the flags the TypeScript rule gives', async () => {
    const players = new PlayersRepository(r.db);
    const dbNow: Date = (await r.db.query('SELECT now() AS t'))[0].t;
    // The cases, shifted to the database's clock (the exact edges are left to the VALUES test above).
    const margin = (d: Date | null) => (d && Math.abs(AT.getTime() - d.getTime() - RULES.activeDays * 86_400_000) < 60_000 ? null : d);
    const seeded = [];
    for (const [, p] of CASES) {
      const lastRatedAt = margin(p.lastRatedAt) && new Date(dbNow.getTime() - (AT.getTime() - p.lastRatedAt!.getTime()));
      if (p.lastRatedAt && !lastRatedAt) continue;
      const row = await seedPlayer(players, r.db, {
        guest: p.guest,
        games: p.games,
        lastRatedAt,
        rd: p.rd,
        volatility: p.volatility,
        engineMarkedAt: p.engineMarkedAt,
        closedAt: p.closedAt,
        onLeaderboard: !isEligible(p, RULES, AT),
      });
      seeded.push({ row, expected: isEligible({ ...p, lastRatedAt }, RULES, dbNow) });
    }
    expect(seeded.length).toBeGreaterThan(6);
    await r.db.transaction(() => new LeaderboardPlayersRepository(r.db).recomputeLeaderboardFlags(RULES));
    for (const { row, expected } of seeded) expect((await players.findById(row.id))!.onLeaderboard).toBe(expected);
  });
});
