import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QueueRepository } from '../../src/matchmaking/queue.repository.js';
import { PlayersRepository } from '../../src/players/players.repository.js';
import { RoomsRepository } from '../../src/rooms/rooms.repository.js';
import { holdTransaction, openRepositoryDb, RepositoryDb, seedPlayer } from '../support/repositories.js';

/** A game row for tickets to point at (test setup: games belong to the games module). */
async function gameFor(r: RepositoryDb, blackId: string, whiteId: string): Promise<string> {
  const rows = await r.db.query(
    `INSERT INTO games (rated, show_legal_moves, black_id, white_id, board, to_move, ply, status)
     VALUES (false, true, $1, $2, $3, 'black', 0, 'active') RETURNING id`,
    [blackId, whiteId, '.'.repeat(27) + 'WB......BW' + '.'.repeat(27)],
  );
  return rows[0].id;
}

describe('QueueRepository and RoomsRepository (real PostgreSQL)', () => {
  let r: RepositoryDb;
  let players: PlayersRepository;
  let queue: QueueRepository;
  let rooms: RoomsRepository;
  beforeAll(async () => {
    r = await openRepositoryDb();
    players = new PlayersRepository(r.db);
    queue = new QueueRepository(r.db);
    rooms = new RoomsRepository(r.db);
  });
  afterAll(async () => {
    await r.close();
  });

  it('tickets: one waiting ticket per player, queues kept apart, oldest first, matched and cancelled', async () => {
    const [a, b, c, d] = [await seedPlayer(players, r.db), await seedPlayer(players, r.db), await seedPlayer(players, r.db), await seedPlayer(players, r.db)];
    const t0 = new Date('2030-01-01T00:00:00Z');
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    const ta = await queue.insertWaiting(a.id, 'ranked', null, at(0));
    expect(ta).toMatchObject({ playerId: a.id, mode: 'ranked', turnSeconds: null, state: 'waiting', reason: null, gameId: null, joinedAt: at(0), lastSeenAt: at(0) });
    expect(await queue.hasWaiting(a.id)).toBe(true);
    expect(await queue.hasWaiting(b.id)).toBe(false);
    await expect(queue.insertWaiting(a.id, 'unranked', null, at(0))).rejects.toThrow(/queue_tickets_one_waiting_uq/);

    const tb = await queue.insertWaiting(b.id, 'ranked', null, at(1));
    const tc = await queue.insertWaiting(c.id, 'ranked', 30, at(2));
    await queue.insertWaiting(d.id, 'unranked', null, at(3));
    const td = await queue.waitingIn('ranked', null, 'ffffffff-ffff-4fff-bfff-ffffffffffff', 10);
    expect(td.map((t) => t.playerId)).toEqual([a.id, b.id]);
    expect((await queue.waitingIn('ranked', null, ta.id, 10)).map((t) => t.playerId)).toEqual([b.id]);
    expect((await queue.waitingIn('ranked', 30, ta.id, 10)).map((t) => t.playerId)).toEqual([c.id]);
    expect(await queue.waitingIn('ranked', null, ta.id, 0)).toEqual([]);
    expect((await queue.waiting('ranked')).map((t) => t.id).sort()).toEqual([ta.id, tb.id, tc.id].sort());
    expect(await queue.waitingCounts()).toEqual(new Map([['ranked', 3], ['unranked', 1]]));

    // Presence: touched tickets live on, the others are cancelled `absent`.
    await queue.touchWaiting([a.id, b.id], at(40));
    expect(await queue.cancelAbsent(at(10), at(40))).toHaveLength(2); // c and d
    expect((await queue.latest(c.id, 1))[0]).toMatchObject({ state: 'cancelled', reason: 'absent', endedAt: at(40) });

    // Claims are conditional on still waiting; a half-claimed pair is put back.
    const gameId = await gameFor(r, a.id, b.id);
    expect(await queue.claimWaiting([ta.id, tc.id], [gameId, gameId], at(41))).toEqual(new Set([ta.id]));
    await queue.unclaim([ta.id]);
    expect((await queue.latest(a.id, 1))[0]).toMatchObject({ state: 'waiting', endedAt: null, gameId: null });
    expect(await queue.claimWaiting([ta.id, tb.id], [gameId, gameId], at(42))).toEqual(new Set([ta.id, tb.id]));
    expect(await queue.hasWaiting(a.id)).toBe(false);
    expect(await queue.waitingIn('ranked', null, ta.id, 10)).toEqual([]);
    expect(await queue.latest(a.id, 10)).toEqual([expect.objectContaining({ id: ta.id, state: 'matched', gameId, reason: null })]);

    // A new ticket after the game: newest first; leaving cancels it with reason `left`.
    await r.db.query(`UPDATE games SET status = 'finished', finished_at = now(), to_move = NULL WHERE id = $1`, [gameId]);
    const again = await queue.insertWaiting(a.id, 'unranked', 60, at(50));
    expect((await queue.latest(a.id, 10)).map((t) => t.id)).toEqual([again.id, ta.id]);
    await queue.cancelWaiting(a.id, at(51));
    await queue.cancelWaiting(a.id, at(52)); // nothing waiting: a no-op
    expect((await queue.latest(a.id, 1))[0]).toMatchObject({ id: again.id, state: 'cancelled', reason: 'left', endedAt: at(51) });
    // A second matching is marked with markMatched (unranked, at join).
    const te = await queue.insertWaiting(a.id, 'unranked', null, at(60));
    await queue.markMatched([te.id], gameId, at(61));
    expect((await queue.latest(a.id, 1))[0]).toMatchObject({ state: 'matched', gameId, endedAt: at(61) });
  });

  it('one ranked wave at a time: a second transaction does not get the wave lock', async () => {
    const holder = await holdTransaction(r.db);
    try {
      expect(await holder.run(() => queue.tryLockWave())).toBe(true);
      expect(await r.db.transaction(() => queue.tryLockWave())).toBe(false);
    } finally {
      await holder.commit();
    }
    expect(await r.db.transaction(() => queue.tryLockWave())).toBe(true);
  });

  it('pairing in one queue is serialised by its advisory lock', async () => {
    const order: string[] = [];
    const holder = await holdTransaction(r.db);
    await holder.run(() => queue.lockQueue(4242));
    const second = r.db.transaction(async () => {
      await queue.lockQueue(4242);
      order.push('second');
    });
    await r.db.transaction(() => queue.lockQueue(4243)); // another queue: not held up
    // The second transaction queues on the lock (seen in pg_stat_activity) and has not gone on.
    for (let i = 0; ; i++) {
      const waiting = await r.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`);
      if (waiting[0].n > 0) break;
      if (i > 200) throw new Error('the second transaction never waited on the queue lock');
      await new Promise((res) => setTimeout(res, 10));
    }
    order.push('first');
    await holder.commit();
    await second;
    expect(order).toEqual(['first', 'second']);
  });

  it('rooms: insert (a taken code gives null), find, lock and save', async () => {
    const host = await seedPlayer(players, r.db);
    const guest = await seedPlayer(players, r.db);
    const spec = {
      code: 'ABCDEF', hostId: host.id, seat1Id: host.id, seat2Id: null, turnSeconds: 30, clockBaseSeconds: null, clockIncrementSeconds: null, showLegalMoves: false, swapColors: true,
    };
    const room = await rooms.insert(spec);
    expect(room).toMatchObject({ ...spec, currentGameId: null, rematchOfferedBy: null, rematchExpiresAt: null });
    expect(await rooms.insert({ ...spec, hostId: guest.id, seat1Id: guest.id })).toBeNull();
    // A taken code inside a transaction leaves the transaction usable (ON CONFLICT DO NOTHING).
    await r.db.transaction(async () => {
      expect(await rooms.insert({ ...spec, hostId: guest.id, seat1Id: guest.id })).toBeNull();
      expect(await rooms.insert({ ...spec, code: 'GHJKLM', hostId: guest.id, seat1Id: guest.id })).toMatchObject({ code: 'GHJKLM' });
    });
    expect(await rooms.findByCode('ABCDEF')).toMatchObject({ id: room!.id });
    expect(await rooms.findByCode('ZZZZZZ')).toBeNull();
    await r.db.transaction(async () => {
      const locked = (await rooms.lockByCode('ABCDEF'))!;
      locked.seat2Id = guest.id;
      locked.turnSeconds = 60;
      locked.rematchOfferedBy = host.id;
      locked.rematchExpiresAt = new Date('2030-01-01T00:00:00Z');
      await rooms.save(locked);
      expect(await rooms.lockByCode('NOPE42')).toBeNull();
    });
    expect(await rooms.findByCode('ABCDEF')).toMatchObject({ seat2Id: guest.id, turnSeconds: 60, rematchOfferedBy: host.id, rematchExpiresAt: new Date('2030-01-01T00:00:00Z') });
  });
});
