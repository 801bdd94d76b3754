import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PlayerEventsRepository } from '../../src/events/player-events.repository.js';
import { PlayersRepository } from '../../src/players/players.repository.js';
import { openRepositoryDb, RepositoryDb, seedPlayer } from '../support/repositories.js';

describe('PlayerEventsRepository (real PostgreSQL)', () => {
  let r: RepositoryDb;
  let events: PlayerEventsRepository;
  let players: PlayersRepository;
  beforeAll(async () => {
    r = await openRepositoryDb();
    events = new PlayerEventsRepository(r.db);
    players = new PlayersRepository(r.db);
  });
  afterAll(async () => {
    await r.close();
  });

  it('storeNew stores events under new ids, ascending in their order, in one statement', async () => {
    const [a, b] = [await seedPlayer(players, r.db), await seedPlayer(players, r.db)];
    const now = new Date('2026-06-01T10:00:00.000Z');
    const batch = Array.from({ length: 6 }, (_, i) => ({ playerId: i % 2 ? b.id : a.id, event: `e${i}`, data: JSON.stringify({ i }) }));
    const ids = await r.db.transaction(() => events.storeNew(batch, now));
    expect(ids).toHaveLength(6);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(new Set(ids).size).toBe(6);
    // Each event under its own id, as the player's replay reads them back.
    expect(await events.since(a.id, 0, 10)).toEqual([0, 2, 4].map((i) => ({ id: ids[i], event: `e${i}`, data: { i } })));
    expect(await events.since(b.id, 0, 10)).toEqual([1, 3, 5].map((i) => ({ id: ids[i], event: `e${i}`, data: { i } })));
    const next = await events.storeNew([{ playerId: a.id, event: 'later', data: 'null' }], now);
    expect(next[0]).toBeGreaterThan(ids[5]);
    expect(await events.storeNew([], now)).toEqual([]);
  });
});
