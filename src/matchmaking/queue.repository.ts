import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql, table } from '../database/sql.js';
import { CooldownReason, QueueMode, QueueTicket } from './entities/queue-ticket.entity.js';

/** A waiting ticket as a pairing wave loads it. */
export interface WaitingRow {
  id: string;
  playerId: string;
  turnSeconds: number | null;
  clock: string | null;
  joinedAt: Date;
  lastSeenAt: Date;
}

/** A waiting ticket with what ranked pairing needs of its player (one read for a whole wave). */
export interface WaitingForPairing {
  id: string;
  playerId: string;
  turnSeconds: number | null;
  clock: string | null;
  /** ms since the epoch (a number: ten thousand Date parses cost a wave more than the query). */
  joinedAt: number;
  rating: number;
  bot: boolean;
  /** ms since the epoch: the end of the player's ranked cooldown, null when none. */
  eligibleAt: number | null;
  /** ms since the epoch: when the ticket's owner was last seen (its presence mark). */
  lastSeenAt: number;
}

/** What a ticket row holds (its player relation aside). */
export type TicketRow = Omit<QueueTicket, 'player'>;

/** The `queue_tickets` table: a ticket row reads as a QueueTicket. */
export const QUEUE_TICKETS = table<TicketRow>('queue_tickets', {
  id: ['id', 'uuid'],
  playerId: ['player_id', 'uuid'],
  mode: ['mode', 'text'],
  turnSeconds: ['turn_seconds', 'int'],
  clock: ['clock', 'text'],
  state: ['state', 'text'],
  reason: ['reason', 'text'],
  joinedAt: ['joined_at', 'timestamptz'],
  lastSeenAt: ['last_seen_at', 'timestamptz'],
  endedAt: ['ended_at', 'timestamptz'],
  gameId: ['game_id', 'uuid'],
  eligibleAt: ['eligible_at', 'timestamptz'],
  cooldownReason: ['cooldown_reason', 'text'],
});

const TICKET = QUEUE_TICKETS.select('t');

const HAS_WAITING = sql<{ playerId: string }, { one: number }>('queue_has_waiting', (p) => `SELECT 1 AS one FROM queue_tickets WHERE player_id = ${p.playerId} AND state = 'waiting'`);
const INSERT_WAITING = sql<Pick<TicketRow, 'playerId' | 'mode' | 'turnSeconds' | 'clock' | 'joinedAt' | 'eligibleAt' | 'cooldownReason'>, TicketRow>(
  null,
  (p) => `INSERT INTO queue_tickets AS t (${QUEUE_TICKETS.names(['playerId', 'mode', 'turnSeconds', 'clock', 'state', 'joinedAt', 'lastSeenAt', 'eligibleAt', 'cooldownReason'])})
    VALUES (${p.playerId}, ${p.mode}, ${p.turnSeconds}, ${p.clock}, 'waiting', ${p.joinedAt}, ${p.joinedAt}, ${p.eligibleAt}, ${p.cooldownReason}) RETURNING ${TICKET}`,
);
const WAITING_IN = sql<{ mode: QueueMode; turnSeconds: number | null; clock: string | null; exceptId: string; limit: number }, TicketRow>(
  null,
  (p) => `SELECT ${TICKET} FROM queue_tickets t
    WHERE t.state = 'waiting' AND t.mode = ${p.mode} AND t.turn_seconds IS NOT DISTINCT FROM ${p.turnSeconds}::int
      AND t.clock IS NOT DISTINCT FROM ${p.clock}::text AND t.id <> ${p.exceptId}
    ORDER BY t.joined_at, t.id LIMIT ${p.limit} FOR UPDATE SKIP LOCKED`,
);
const WAITING = sql<{ mode: QueueMode }, WaitingRow>(
  null,
  (p) => `SELECT ${QUEUE_TICKETS.select('t', ['id', 'playerId', 'turnSeconds', 'clock', 'joinedAt', 'lastSeenAt'])} FROM queue_tickets t WHERE t.state = 'waiting' AND t.mode = ${p.mode}`,
);
const WAITING_FOR_PAIRING = sql<{ mode: QueueMode }, Omit<WaitingForPairing, 'joinedAt' | 'eligibleAt' | 'lastSeenAt'> & { joinedMs: number; eligibleMs: number | null; seenMs: number }>(
  null,
  (p) => `SELECT ${QUEUE_TICKETS.select('t', ['id', 'playerId', 'turnSeconds', 'clock'])}, (extract(epoch FROM t.joined_at) * 1000)::float8 AS "joinedMs", p.rating, p.bot,
      (extract(epoch FROM t.eligible_at) * 1000)::float8 AS "eligibleMs", (extract(epoch FROM t.last_seen_at) * 1000)::float8 AS "seenMs"
    FROM queue_tickets t JOIN players p ON p.id = t.player_id
    WHERE t.state = 'waiting' AND t.mode = ${p.mode}`,
);
/** The players of other waiting ranked tickets with these settings rated within [min, max], closest first. */
const WAITING_NEAR = sql<{ playerId: string; turnSeconds: number | null; bot: boolean; rating: number; min: number; max: number; limit: number }, { playerId: string }>(
  'queue_waiting_near',
  (p) => `SELECT t.player_id AS "playerId"
    FROM queue_tickets t JOIN players p ON p.id = t.player_id
    WHERE t.state = 'waiting' AND t.mode = 'ranked' AND t.turn_seconds IS NOT DISTINCT FROM ${p.turnSeconds}::integer
      AND t.player_id <> ${p.playerId} AND p.bot = ${p.bot} AND p.rating BETWEEN ${p.min} AND ${p.max}
    ORDER BY abs(p.rating - ${p.rating}) LIMIT ${p.limit}`,
);
const TOUCH_WAITING = sql<{ playerIds: readonly string[]; now: Date }>(
  null,
  (p) => `UPDATE queue_tickets SET last_seen_at = ${p.now} WHERE state = 'waiting' AND player_id = ANY(${p.playerIds}::uuid[]) AND last_seen_at < ${p.now}`,
);
/** Each poll's time, where the ticket was still alive at that time (a late poll revives nothing). */
const TOUCH_POLLED = sql<{ playerIds: readonly string[]; ats: readonly Date[]; presenceSeconds: number }>(
  null,
  (p) => `UPDATE queue_tickets q SET last_seen_at = v.at
    FROM unnest(${p.playerIds}::uuid[], ${p.ats}::timestamptz[]) AS v(player_id, at)
    WHERE q.state = 'waiting' AND q.player_id = v.player_id AND q.last_seen_at < v.at
      AND q.last_seen_at >= v.at - ${p.presenceSeconds} * interval '1 second'`,
);
const CANCEL_ABSENT = sql<{ seenSince: Date; now: Date; playerId: string | null; ids: readonly string[] | null }, { id: string }>(
  null,
  (p) => `UPDATE queue_tickets SET state = 'cancelled', reason = 'absent', ended_at = ${p.now}
    WHERE state = 'waiting' AND last_seen_at < ${p.seenSince} AND (${p.playerId}::uuid IS NULL OR player_id = ${p.playerId})
      AND (${p.ids}::uuid[] IS NULL OR id = ANY(${p.ids}::uuid[]))
    RETURNING id`,
);
const CLAIM_WAITING = sql<{ ids: readonly string[]; gameIds: readonly string[]; now: Date }, { id: string }>(
  null,
  (p) => `UPDATE queue_tickets t SET state = 'matched', game_id = u.game_id, ended_at = ${p.now}
    FROM unnest(${p.ids}::uuid[], ${p.gameIds}::uuid[]) AS u(id, game_id) WHERE t.id = u.id AND t.state = 'waiting' RETURNING t.id`,
);
const UNCLAIM = sql<{ ids: readonly string[] }>(
  null,
  (p) => `UPDATE queue_tickets SET state = 'waiting', game_id = NULL, ended_at = NULL WHERE id = ANY(${p.ids}::uuid[]) AND state = 'matched'`,
);
const MARK_MATCHED = sql<{ ids: readonly string[]; gameId: string; now: Date }>(
  null,
  (p) => `UPDATE queue_tickets SET state = 'matched', game_id = ${p.gameId}, ended_at = ${p.now} WHERE id = ANY(${p.ids}::uuid[])`,
);
const LATEST = sql<{ playerId: string; limit: number }, TicketRow>(
  null,
  (p) => `SELECT ${TICKET} FROM queue_tickets t WHERE t.player_id = ${p.playerId} ORDER BY t.joined_at DESC, t.id DESC LIMIT ${p.limit}`,
);
const CANCEL_WAITING = sql<{ playerId: string; now: Date }>(
  null,
  (p) => `UPDATE queue_tickets SET state = 'cancelled', reason = 'left', ended_at = ${p.now} WHERE player_id = ${p.playerId} AND state = 'waiting'`,
);
const WAITING_COUNTS = sql<Record<string, never>, { mode: QueueMode; n: number }>(
  null,
  () => `SELECT mode, count(*)::int AS n FROM queue_tickets WHERE state = 'waiting' GROUP BY mode`,
);
const ADVISORY_XACT_LOCK = sql<{ key: number }>(null, (p) => `SELECT pg_advisory_xact_lock(${p.key})`);
const TRY_ADVISORY_XACT_LOCK = sql<{ key: number }, { ok: boolean }>(null, (p) => `SELECT pg_try_advisory_xact_lock(${p.key}) AS ok`);

/** The advisory lock key of the ranked pairing waves (one wave at a time across all app copies). */
const WAVE_LOCK_KEY = 0x5741_5645; // "WAVE"

/**
 * The one owner of the `queue_tickets` table. Times are always passed in (the app's Clock), never
 * the database's now(), so tests can move time forward.
 */
@Injectable()
export class QueueRepository {
  constructor(private readonly db: Db) {}

  /** Serialises pairing in one queue (on every app copy) until the caller's transaction ends. */
  async lockQueue(key: number): Promise<void> {
    await this.db.query(ADVISORY_XACT_LOCK({ key }));
  }

  /** The ranked wave's lock for this transaction, if no other copy holds it (then: skip the wave). */
  async tryLockWave(): Promise<boolean> {
    return (await this.db.first(TRY_ADVISORY_XACT_LOCK({ key: WAVE_LOCK_KEY })))?.ok === true;
  }

  async hasWaiting(playerId: string): Promise<boolean> {
    return (await this.db.first(HAS_WAITING({ playerId }))) !== null;
  }

  /** A new waiting ticket, joined and seen at `now`; with a cooldown, not paired before it ends. */
  async insertWaiting(
    playerId: string, mode: QueueMode, turnSeconds: number | null, now: Date, cooldown: { until: Date; reason: CooldownReason } | null = null,
    clock: string | null = null,
  ): Promise<QueueTicket> {
    return (await this.db.first(INSERT_WAITING({
      playerId, mode, turnSeconds, clock, joinedAt: now, eligibleAt: cooldown?.until ?? null, cooldownReason: cooldown?.reason ?? null,
    })))!;
  }

  /**
   * The tickets waiting in a queue (same mode, turn limit and clock), longest-waiting first, but
   * one; locked (others' locked rows skipped) until the caller's transaction ends.
   */
  waitingIn(mode: QueueMode, turnSeconds: number | null, exceptId: string, limit: number, clock: string | null = null): Promise<QueueTicket[]> {
    return this.db.query(WAITING_IN({ mode, turnSeconds, clock, exceptId, limit }));
  }

  /** Every waiting ticket of a mode (a wave's input). */
  waiting(mode: QueueMode): Promise<WaitingRow[]> {
    return this.db.query(WAITING({ mode }));
  }

  /**
   * The waiting tickets of a mode with their players' rating and bot flag, in one statement (a
   * read-only join of players, as a game's read joins its seats).
   */
  async waitingForPairing(mode: QueueMode): Promise<WaitingForPairing[]> {
    const rows = await this.db.query(WAITING_FOR_PAIRING({ mode }));
    return rows.map(({ joinedMs, eligibleMs, seenMs, ...r }) => ({ ...r, joinedAt: joinedMs, eligibleAt: eligibleMs === null ? null : Number(eligibleMs), lastSeenAt: Number(seenMs) }));
  }

  /** Players of other waiting ranked tickets that a ticket could meet by rating (see WAITING_NEAR). */
  async waitingNear(q: { playerId: string; turnSeconds: number | null; bot: boolean; rating: number; min: number; max: number; limit: number }): Promise<string[]> {
    return (await this.db.query(WAITING_NEAR(q))).map((r) => r.playerId);
  }

  /** These players are present: their waiting tickets are seen at `now`. */
  async touchWaiting(playerIds: readonly string[], now: Date): Promise<void> {
    if (playerIds.length === 0) return;
    await this.db.query(TOUCH_WAITING({ playerIds, now }));
  }

  /** Cancels (reason `absent`) the waiting tickets not seen since `seenSince`; optionally only one player's, or only these ids. */
  /** Writes the polls of GET /api/queue: player i was present at ats[i]. */
  async touchPolled(playerIds: readonly string[], ats: readonly Date[], presenceSeconds: number): Promise<void> {
    if (playerIds.length === 0) return;
    await this.db.query(TOUCH_POLLED({ playerIds, ats, presenceSeconds }));
  }

  async cancelAbsent(seenSince: Date, now: Date, only: { playerId?: string; ids?: readonly string[] } = {}): Promise<string[]> {
    return (await this.db.query(CANCEL_ABSENT({ seenSince, now, playerId: only.playerId ?? null, ids: only.ids ?? null }))).map((r) => r.id);
  }

  /**
   * Marks each ticket matched into its game if it is still waiting (one statement for a whole
   * wave); returns the ids it marked. The games are inserted after, in the same transaction.
   */
  async claimWaiting(ids: readonly string[], gameIds: readonly string[], now: Date): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    return new Set((await this.db.query(CLAIM_WAITING({ ids, gameIds, now }))).map((r) => r.id));
  }

  /** Puts claimed tickets back to waiting (their partner could not be claimed). */
  async unclaim(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query(UNCLAIM({ ids }));
  }

  /** Marks the tickets matched into this game. */
  async markMatched(ids: readonly string[], gameId: string, now: Date): Promise<void> {
    await this.db.query(MARK_MATCHED({ ids, gameId, now }));
  }

  /** The player's latest tickets, newest first. */
  latest(playerId: string, limit: number): Promise<QueueTicket[]> {
    return this.db.query(LATEST({ playerId, limit }));
  }

  /** Cancels the player's waiting ticket, if any (reason `left`). */
  async cancelWaiting(playerId: string, now: Date): Promise<void> {
    await this.db.query(CANCEL_WAITING({ playerId, now }));
  }

  /** Waiting tickets per mode (the metrics gauge). */
  async waitingCounts(): Promise<Map<QueueMode, number>> {
    return new Map((await this.db.query(WAITING_COUNTS({}))).map((r) => [r.mode, r.n]));
  }
}
