import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PlayersRepository } from '../../src/players/players.repository.js';
import { holdTransaction, openRepositoryDb, RepositoryDb, seedPlayer } from '../support/repositories.js';

describe('PlayersRepository (real PostgreSQL)', () => {
  let r: RepositoryDb;
  let players: PlayersRepository;
  beforeAll(async () => {
    r = await openRepositoryDb();
    players = new PlayersRepository(r.db);
  });
  afterAll(async () => {
    await r.close();
  });

  describe('identity', () => {
    it('inserts a player with the defaults filled in, and refuses a name taken case-insensitively', async () => {
      const p = await players.insert({ username: 'Alice_1', guest: false, passwordHash: 'h', rating: 1500, rd: 350, volatility: 0.06 });
      expect(p).toMatchObject({ username: 'Alice_1', usernameKey: 'alice_1', games: 0, onLeaderboard: false, lastRatedAt: null });
      expect(p!.createdAt).toBeInstanceOf(Date);
      expect(await players.insert({ username: 'ALICE_1', guest: false, passwordHash: 'h', rating: 1500, rd: 350, volatility: 0.06 })).toBeNull();
    });

    it('selects the password hash only for the login lookup', async () => {
      const byKey = await players.findByUsernameKey('alice_1');
      expect(byKey?.passwordHash).toBeUndefined();
      expect((await players.findById(byKey!.id))?.passwordHash).toBeUndefined();
      expect((await players.findWithPasswordByUsernameKey('alice_1'))?.passwordHash).toBe('h');
      expect(await players.findWithPasswordByUsernameKey('nobody')).toBeNull();
    });

    it('finds several by id (duplicates and unknown ids ignored)', async () => {
      const a = await seedPlayer(players, r.db);
      const b = await seedPlayer(players, r.db);
      const found = await players.findByIds([a.id, b.id, a.id, '00000000-0000-4000-8000-000000000000']);
      expect(found.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
      expect(await players.findByIds([])).toEqual([]);
    });
  });

  describe('rating writes', () => {
    it('lockForRating takes the rows in id order: it waits on the lower id without holding the higher one', async () => {
      const [low, high] = [await seedPlayer(players, r.db), await seedPlayer(players, r.db)].sort((x, y) => (x.id < y.id ? -1 : 1));
      const holder = await holdTransaction(r.db);
      await holder.run(() => players.lock(low.id));
      // The rater asks for the higher id first: it must still queue on the lower one first.
      const rater = r.db.transaction(async () => {
        const locked = await players.lockForRating([high.id, low.id]);
        return [...locked.keys()];
      });
      for (let i = 0; ; i++) {
        const waiting = await r.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`);
        if (waiting[0].n > 0) break;
        if (i > 200) throw new Error('the rating lock never queued');
        await new Promise((res) => setTimeout(res, 10));
      }
      // The higher row is free meanwhile: a third transaction takes it without waiting.
      await r.db.transaction(async () => {
        await expect(r.db.query('SELECT id FROM players WHERE id = $1 FOR UPDATE NOWAIT', [high.id])).resolves.toHaveLength(1);
      });
      await holder.commit();
      expect((await rater).sort()).toEqual([low.id, high.id]);
    });

    it('two game ends over the same players in opposite seat order both commit (no deadlock)', async () => {
      const a = await seedPlayer(players, r.db);
      const b = await seedPlayer(players, r.db);
      const end = (ids: string[]) =>
        r.db.transaction(async () => {
          const locked = await players.lockForRating(ids);
          for (const id of ids) {
            const p = locked.get(id)!;
            await players.writeRatings([{
              id, rating: p.rating + 1, rd: p.rd, volatility: p.volatility, games: p.games + 1, wins: p.wins + 1, draws: p.draws, losses: p.losses,
              lastRatedAt: new Date(), onLeaderboard: false,
            }]);
          }
        });
      await Promise.all(Array.from({ length: 10 }, (_, i) => end(i % 2 ? [a.id, b.id] : [b.id, a.id])));
      for (const p of [a, b]) expect(await players.findById(p.id)).toMatchObject({ rating: 1510, games: 10, wins: 10 });
    });

    it('lockForRating refuses an unknown player', async () => {
      const a = await seedPlayer(players, r.db);
      await expect(r.db.transaction(() => players.lockForRating([a.id, '00000000-0000-4000-8000-000000000000']))).rejects.toThrow(/not found/);
    });

    it('writeRatings writes every rating field of one player', async () => {
      const a = await seedPlayer(players, r.db);
      const at = new Date('2026-05-01T12:00:00.123Z');
      await r.db.transaction(async () => {
        await players.lockForRating([a.id]);
        await players.writeRatings([{ id: a.id, rating: 1612.5, rd: 200.25, volatility: 0.0599, games: 3, wins: 1, draws: 1, losses: 1, lastRatedAt: at, onLeaderboard: true }]);
      });
      expect(await players.findById(a.id)).toMatchObject({ rating: 1612.5, rd: 200.25, volatility: 0.0599, games: 3, wins: 1, draws: 1, losses: 1, lastRatedAt: at, onLeaderboard: true });
    });

    it('writeRatings writes both seats of a game in one statement, each its own fields', async () => {
      const [a, b, other] = [await seedPlayer(players, r.db), await seedPlayer(players, r.db), await seedPlayer(players, r.db)];
      const at = new Date('2026-05-02T08:30:00.456Z');
      const before = await players.findById(other.id);
      await r.db.transaction(async () => {
        await players.lockForRating([a.id, b.id]);
        await players.writeRatings([
          { id: a.id, rating: 1520.25, rd: 310.5, volatility: 0.0601, games: 1, wins: 1, draws: 0, losses: 0, lastRatedAt: at, onLeaderboard: false },
          { id: b.id, rating: 1479.75, rd: 311.5, volatility: 0.0598, games: 1, wins: 0, draws: 0, losses: 1, lastRatedAt: at, onLeaderboard: true },
        ]);
      });
      expect(await players.findById(a.id)).toMatchObject({ rating: 1520.25, rd: 310.5, volatility: 0.0601, games: 1, wins: 1, losses: 0, lastRatedAt: at, onLeaderboard: false });
      expect(await players.findById(b.id)).toMatchObject({ rating: 1479.75, rd: 311.5, volatility: 0.0598, games: 1, wins: 0, losses: 1, lastRatedAt: at, onLeaderboard: true });
      expect(await players.findById(other.id)).toEqual(before);
    });
  });
});
