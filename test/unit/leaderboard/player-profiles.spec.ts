import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../../src/config/config.js';
import { playerRow } from '../../factories/player-row.js';
import { LeaderboardPlayersRepository } from '../../../src/leaderboard/leaderboard-players.repository.js';
import { PlayerProfiles } from '../../../src/leaderboard/player-profiles.service.js';
import type { PlayersService } from '../../../src/players/players.service.js';
import { effectiveRd } from '../../../src/ratings/domain/glicko2.js';
import { TEST_ENV } from '../../support/app.js';

const config = loadConfig(TEST_ENV);

/** Profiles over an in-memory rank: only what PlayerProfiles reads of the leaderboard. */
function profiles(ranks: Record<string, number>): PlayerProfiles {
  const ladder: Pick<LeaderboardPlayersRepository, 'leaderboardRank'> = { leaderboardRank: async (id) => ranks[id] ?? null };
  return new PlayerProfiles({} as PlayersService, ladder as LeaderboardPlayersRepository, config);
}

describe('PlayerProfiles (in-memory rank)', () => {
  it('profile: the public fields, the rank, and RD grown for the idle time', async () => {
    const lastRatedAt = new Date(Date.now() - 200 * 86_400_000);
    const alice = playerRow({ lastRatedAt });
    const dto = await profiles({ [alice.id]: 3 }).profile(alice);
    expect(dto).toMatchObject({
      id: alice.id,
      username: 'Alice',
      guest: false,
      rating: 1612.5,
      volatility: 0.059,
      rank: 3,
      games: 12,
      wins: 7,
      draws: 1,
      losses: 4,
      createdAt: '2026-01-02T03:04:05.000Z',
    });
    expect(dto.rd).toBeGreaterThan(80);
    expect(dto.rd).toBeCloseTo(effectiveRd(alice, new Date(), config.ratings), 3);
    expect(dto.provisional).toBe(dto.rd >= 110);
    expect(Object.keys(dto)).not.toContain('passwordHash');
  });

  it('profile: null rank off the leaderboard; a fresh player is provisional', async () => {
    const bob = playerRow({ id: '22222222-2222-4222-8222-222222222222', username: 'bob', usernameKey: 'bob', rd: 350, games: 0, wins: 0, draws: 0, losses: 0 });
    const dto = await profiles({}).profile(bob);
    expect(dto).toMatchObject({ rank: null, rd: 350, provisional: true });
  });
});
