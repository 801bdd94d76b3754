import { describe, expect, it } from '@jest/globals';
import type { Db } from '../../../src/database/db.js';
import { loadConfig } from '../../../src/config/config.js';
import { LeaderboardRepository } from '../../../src/leaderboard/leaderboard.repository.js';
import { LeaderboardService } from '../../../src/leaderboard/leaderboard.service.js';
import { LeaderboardPlayer, LeaderboardPlayersRepository } from '../../../src/leaderboard/leaderboard-players.repository.js';
import { TEST_ENV } from '../../support/app.js';

const config = loadConfig(TEST_ENV);

const row = (username: string, rating: number, rd: number, lastRatedAt: Date | null): LeaderboardPlayer => ({
  username,
  rating,
  rd,
  volatility: 0.06,
  games: 10,
  wins: 5,
  draws: 2,
  losses: 3,
  lastRatedAt,
});

/** The leaderboard page over in-memory repositories: ordering is the repository's, the mapping the service's. */
function service(rows: LeaderboardPlayer[], total: number) {
  const calls: [number, number][] = [];
  const players: Pick<LeaderboardPlayersRepository, 'leaderboardPage'> = {
    leaderboardPage: async (limit, offset) => {
      calls.push([limit, offset]);
      return rows.slice(offset, offset + limit);
    },
  };
  const buckets: Pick<LeaderboardRepository, 'total'> = { total: async () => total };
  return { calls, leaderboard: new LeaderboardService({} as Db, buckets as LeaderboardRepository, players as LeaderboardPlayersRepository, config) };
}

describe('LeaderboardService.page (in-memory repositories)', () => {
  const recent = new Date(Date.now() - 3_600_000);
  const rows = [row('ann', 1900, 60, recent), row('ben', 1850, 120, recent), row('cy', 1700, 90, null)];

  it('numbers the entries from the offset and maps each row', async () => {
    const { leaderboard, calls } = service(rows, 3);
    const page = await leaderboard.page(2, 1);
    expect(calls).toEqual([[2, 1]]);
    expect(page.total).toBe(3);
    expect(page.entries).toEqual([
      { rank: 2, username: 'ben', rating: 1850, rd: expect.any(Number), provisional: true, games: 10, wins: 5, draws: 2, losses: 3, lastActiveAt: recent.toISOString() },
      { rank: 3, username: 'cy', rating: 1700, rd: 90, provisional: false, games: 10, wins: 5, draws: 2, losses: 3, lastActiveAt: null },
    ]);
    expect(page.entries[0].rd).toBeGreaterThanOrEqual(120);
  });

  it('an empty page past the end still says the total', async () => {
    const { leaderboard } = service(rows, 3);
    expect(await leaderboard.page(50, 10)).toEqual({ total: 3, entries: [] });
  });
});
