import { describe, expect, it } from '@jest/globals';
import { Player } from '../../../src/players/entities/player.entity.js';
import { playerRow } from '../../factories/player-row.js';
import { PlayersRepository } from '../../../src/players/players.repository.js';
import { PlayersService } from '../../../src/players/players.service.js';

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
    const alice = playerRow({});
    const service = new PlayersService(fakeRepository([alice]));
    expect((await service.findByUsername('ALICE'))?.id).toBe(alice.id);
    expect(await service.findByUsername('no such name!')).toBeNull();
    await expect(service.getByUsername('carol')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
