import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loginAttempt } from '../../src/auth/domain/login-throttle.js';
import { Clock } from '../../src/common/clock.js';
import { AccountSightingsRepository } from '../../src/account-links/account-sightings.repository.js';
import { QueueRepository } from '../../src/matchmaking/queue.repository.js';
import { PlayersRepository } from '../../src/players/players.repository.js';
import { LoginFailuresRepository } from '../../src/rate-limit/login-failures.repository.js';
import { holdTransaction, openRepositoryDb, RepositoryDb, seedPlayer } from '../support/repositories.js';

const T0 = new Date('2030-01-01T00:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);
const DAY = 86_400;

describe('the fair-play tables (real PostgreSQL)', () => {
  let r: RepositoryDb;
  let players: PlayersRepository;
  let sightings: AccountSightingsRepository;
  let failures: LoginFailuresRepository;
  let queue: QueueRepository;
  beforeAll(async () => {
    r = await openRepositoryDb();
    players = new PlayersRepository(r.db);
    sightings = new AccountSightingsRepository(r.db);
    failures = new LoginFailuresRepository(r.db, new Clock());
    queue = new QueueRepository(r.db);
  });
  afterAll(async () => {
    await r.close();
  });

  it('account sightings: an upsert per account and hash, linked pairs within the window only', async () => {
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => seedPlayer(players, r.db)));
    const home = { kind: 'address' as const, hash: 'a'.repeat(32) };
    const phone = { kind: 'device' as const, hash: 'b'.repeat(32) };
    await sightings.record(a.id, [home, phone], at(0));
    await sightings.record(a.id, [home], at(10)); // seen again: one row, the later time
    await sightings.record(b.id, [home], at(5));
    await sightings.record(c.id, [phone], at(-40 * DAY)); // long ago
    await sightings.record(d.id, [{ kind: 'device', hash: 'a'.repeat(32) }], at(0)); // same hash, another kind: no link
    const rows = await r.db.query('SELECT kind, first_seen_at, last_seen_at FROM account_sightings WHERE player_id = $1 ORDER BY kind', [a.id]);
    expect(rows).toEqual([
      { kind: 'address', first_seen_at: at(0), last_seen_at: at(10) },
      { kind: 'device', first_seen_at: at(0), last_seen_at: at(0) },
    ]);
    const since = at(-30 * DAY);
    const linked = await sightings.linkedPairs([{ a: a.id, b: b.id }, { a: a.id, b: c.id }, { a: a.id, b: d.id }, { a: b.id, b: a.id }], since);
    expect(linked).toEqual([{ a: a.id, b: b.id }, { a: b.id, b: a.id }]);
    // Seen again recently: linked again.
    await sightings.record(c.id, [phone], at(0));
    expect(await sightings.linkedPairs([{ a: c.id, b: a.id }], since)).toEqual([{ a: c.id, b: a.id }]);
    expect(await sightings.seen(a.id, 'device', phone.hash)).toBe(true);
    expect(await sightings.seen(b.id, 'device', phone.hash)).toBe(false);
    expect(await sightings.linkedPairs([], since)).toEqual([]);
  });

  it('login failures: each attempt charged under a row lock; a held attempt makes the next one wait, then see its charge', async () => {
    const rule = { free: 1, maxSeconds: 300 };
    const decide = (now: Date) => (current: Parameters<typeof loginAttempt>[0]) => loginAttempt(current, now, rule);
    expect(await failures.attempt('u:victim', decide(at(0)))).toMatchObject({ allowed: true, charged: { failures: 1 } });
    expect(await failures.attempt('u:victim', decide(at(0)))).toMatchObject({ allowed: true, charged: { failures: 2, blockedUntil: at(1) } });
    expect(await failures.attempt('u:victim', decide(at(0)))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // One attempt holds the row (its transaction is open); a concurrent one waits for it, then is refused.
    const held = await holdTransaction(r.db);
    const first = await held.run(() => failures.attempt('u:victim', decide(at(1))));
    expect(first).toMatchObject({ allowed: true, charged: { failures: 3, blockedUntil: at(3) } });
    let settled = false;
    const second = failures.attempt('u:victim', decide(at(1))).finally(() => (settled = true));
    await new Promise((res) => setTimeout(res, 200));
    expect(settled).toBe(false);
    await held.commit();
    expect(await second).toEqual({ allowed: false, retryAfterSeconds: 2 });
    await failures.clear(['u:victim']);
    expect(await failures.attempt('u:victim', decide(at(1)))).toMatchObject({ allowed: true, charged: { failures: 1 } });
    expect(await failures.sweep(at(1))).toBe(0);
    expect(await failures.sweep(at(2))).toBeGreaterThanOrEqual(1);
  });

  it('a ranked ticket keeps its cooldown: eligible_at and the reason, read back for the wave', async () => {
    const p = await seedPlayer(players, r.db);
    const ticket = await queue.insertWaiting(p.id, 'ranked', null, at(0), { until: at(60), reason: 'aborts' });
    expect(ticket).toMatchObject({ state: 'waiting', eligibleAt: at(60), cooldownReason: 'aborts' });
    const waiting = (await queue.waitingForPairing('ranked')).find((t) => t.playerId === p.id);
    expect(waiting).toMatchObject({ eligibleAt: at(60).getTime(), joinedAt: at(0).getTime() });
    await expect(r.db.query(`UPDATE queue_tickets SET cooldown_reason = NULL WHERE id = $1`, [ticket.id])).rejects.toThrow(/queue_tickets_cooldown_ck/);
  });
});
