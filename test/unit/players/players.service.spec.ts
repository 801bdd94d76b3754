import { describe, expect, it } from '@jest/globals';
import { Player } from '../../../src/players/entities/player.entity.js';
import { PlayersRepository } from '../../../src/players/players.repository.js';
import { PlayersService } from '../../../src/players/players.service.js';

function player(fields: Partial<Player>): Player {
  return Object.assign(new Player(), {
    id: '11111111-1111-4111-8111-111111111111',
    username: 'Alice',
    usernameKey: 'alice',
    guest: false,
    rating: 1612.5,
    rd: 80,
    volatility: 0.059,
    games: 12,
    wins: 7,
    draws: 1,
    losses: 4,
    lastRatedAt: null,
    onLeaderboard: true,
    createdAt: new Date('2026-01-02T03:04:05.000Z'),
    ...fields,
  });
}

/** An in-memory PlayersRepository: only what PlayersService reads. */
function fakeRepository(rows: Player[]): PlayersRepository {
  const fake: Pick<PlayersRepository, 'findById' | 'findByUsernameKey'> = {
    findById: async (id) => rows.find((p) => p.id === id) ?? null,
    findByUsernameKey: async (key) => rows.find((p) => p.usernameKey === key) ?? null,
  };
  return fake as PlayersRepository;
}

describe('PlayersService (in-memory repository)', () => {
  it('finds by name case-insensitively, and answers 404 for an unknown or impossible name', async () => {
    const alice = player({});
    const service = new PlayersService(fakeRepository([alice]));
    expect((await service.findByUsername('ALICE'))?.id).toBe(alice.id);
    expect(await service.findByUsername('no such name!')).toBeNull();
    await expect(service.getByUsername('carol')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
