import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LeaderboardPlayersRepository } from '../../src/leaderboard/leaderboard-players.repository.js';
import { PlayersRepository } from '../../src/players/players.repository.js';
import { openRepositoryDb, RepositoryDb, seedPlayer } from '../support/repositories.js';

// Units of work (issue #17) on ONE pooled connection: everything inside a transaction runs on the
// transaction's connection, found through the async context; reaching the pool from inside it
// would need a second connection, and fails instead of waiting forever.

describe('Db: one connection per unit of work (real PostgreSQL, a pool of one)', () => {
  let r: RepositoryDb;
  beforeAll(async () => {
    r = await openRepositoryDb(1, 1);
  });
  afterAll(async () => {
    await r?.close();
  });

  const txid = async () => Number((await r.db.first<{ id: string }>('SELECT txid_current()::text AS id'))!.id);

  it('every query inside a transaction, however deep and through whichever API, runs in it', async () => {
    const players = new PlayersRepository(r.db);
    const seen = await r.db.transaction(async () => {
      const p = await seedPlayer(players, r.db); // TypeORM's repository and a raw statement
      const rank = await new LeaderboardPlayersRepository(r.db).leaderboardRank(p.id); // a named prepared statement
      const nested = await r.db.transaction(() => txid()); // a nested unit of work joins this one
      const viaManager = Number(((await r.db.manager.query('SELECT txid_current()::text AS id')) as { id: string }[])[0].id);
      return { outer: await txid(), nested, viaManager, rank, inside: r.db.inTransaction };
    });
    expect(seen).toEqual({ outer: seen.nested, nested: seen.viaManager, viaManager: seen.outer, rank: null, inside: true });
    expect(r.db.inTransaction).toBe(false);
    expect(await txid()).not.toBe(seen.outer); // outside: a statement of its own
  });

  it('a unit of work that throws leaves nothing behind', async () => {
    const before = (await r.db.first<{ n: number }>('SELECT count(*)::int AS n FROM players'))!.n;
    await expect(
      r.db.transaction(async () => {
        await seedPlayer(new PlayersRepository(r.db), r.db);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await r.db.first<{ n: number }>('SELECT count(*)::int AS n FROM players'))!.n).toBe(before);
  });

  it('taking a second connection inside a unit of work fails at once on a pool of one (the guard)', async () => {
    await expect(r.db.transaction(() => r.db.pool.query('SELECT 1'))).rejects.toThrow(/timeout exceeded when trying to connect/);
    // The pool is whole again afterwards.
    expect(await r.db.first('SELECT 1 AS one')).toEqual({ one: 1 });
  });

  it('afterCommit: work queued inside a unit of work runs once the outermost one committed, never on a rollback', async () => {
    const ran: string[] = [];
    let seenInside: string[] = [];
    await r.db.transaction(async () => {
      r.db.afterCommit(() => ran.push('outer'));
      await r.db.transaction(async () => {
        r.db.afterCommit(() => ran.push('nested'));
      });
      await txid();
      seenInside = [...ran];
    });
    expect(seenInside).toEqual([]); // nothing ran before the commit, not even the nested unit's
    expect(ran).toEqual(['outer', 'nested']); // then all of it, in order
    // A hook runs outside the finished transaction: a statement it starts gets the pool.
    let hookInTransaction: boolean | null = null;
    await r.db.transaction(async () => r.db.afterCommit(() => (hookInTransaction = r.db.inTransaction)));
    expect(hookInTransaction).toBe(false);
    await expect(
      r.db.transaction(async () => {
        r.db.afterCommit(() => ran.push('rolled back'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    r.db.afterCommit(() => ran.push('outside')); // no unit of work: every statement has committed
    expect(ran).toEqual(['outer', 'nested', 'outside']);
  });
});
