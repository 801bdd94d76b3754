import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CooldownReason, QueueMode, QueueTicket } from './entities/queue-ticket.entity.js';

/** A waiting ticket as a pairing wave loads it. */
export interface WaitingRow {
  id: string;
  playerId: string;
  turnSeconds: number | null;
  joinedAt: Date;
}

/** A waiting ticket with what ranked pairing needs of its player (one read for a whole wave). */
export interface WaitingForPairing {
  id: string;
  playerId: string;
  turnSeconds: number | null;
  /** ms since the epoch (a number: ten thousand Date parses cost a wave more than the query). */
  joinedAt: number;
  rating: number;
  bot: boolean;
  /** ms since the epoch: the end of the player's ranked cooldown, null when none. */
  eligibleAt: number | null;
}

const TICKET_COLUMNS = `id, player_id AS "playerId", mode, turn_seconds AS "turnSeconds", state, reason,
  joined_at AS "joinedAt", last_seen_at AS "lastSeenAt", ended_at AS "endedAt", game_id AS "gameId",
  eligible_at AS "eligibleAt", cooldown_reason AS "cooldownReason"`;

/** The advisory lock key of the ranked pairing waves (one wave at a time across all app copies). */
const WAVE_LOCK_KEY = 0x5741_5645; // "WAVE"

/**
 * The one owner of the `queue_tickets` table. Times are always passed in (the app's Clock), never
 * the database's now(), so tests can move time forward.
 */
@Injectable()
export class QueueRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private q<T>(manager: EntityManager | undefined, sql: string, params: unknown[]): Promise<T> {
    return (manager ?? this.dataSource).query(sql, params);
  }

  /** Serialises pairing in one queue (on every app copy) until the caller's transaction ends. */
  async lockQueue(manager: EntityManager, key: number): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [key]);
  }

  /** The ranked wave's lock for this transaction, if no other copy holds it (then: skip the wave). */
  async tryLockWave(manager: EntityManager): Promise<boolean> {
    const rows = (await manager.query('SELECT pg_try_advisory_xact_lock($1) AS ok', [WAVE_LOCK_KEY])) as { ok: boolean }[];
    return rows[0]?.ok === true;
  }

  async hasWaiting(manager: EntityManager, playerId: string): Promise<boolean> {
    const rows = await this.q<unknown[]>(manager, `SELECT 1 FROM queue_tickets WHERE player_id = $1 AND state = 'waiting'`, [playerId]);
    return rows.length > 0;
  }

  /** A new waiting ticket, joined and seen at `now`; with a cooldown, not paired before it ends. */
  async insertWaiting(
    manager: EntityManager, playerId: string, mode: QueueMode, turnSeconds: number | null, now: Date,
    cooldown: { until: Date; reason: CooldownReason } | null = null,
  ): Promise<QueueTicket> {
    const rows = await this.q<QueueTicket[]>(
      manager,
      `INSERT INTO queue_tickets (player_id, mode, turn_seconds, state, joined_at, last_seen_at, eligible_at, cooldown_reason)
       VALUES ($1, $2, $3, 'waiting', $4, $4, $5, $6) RETURNING ${TICKET_COLUMNS}`,
      [playerId, mode, turnSeconds, now, cooldown?.until ?? null, cooldown?.reason ?? null],
    );
    return rows[0];
  }

  /**
   * The tickets waiting in a queue (same mode and turn limit), longest-waiting first, but one;
   * locked (others' locked rows skipped) until the caller's transaction ends.
   */
  waitingIn(manager: EntityManager, mode: QueueMode, turnSeconds: number | null, exceptId: string, limit: number): Promise<QueueTicket[]> {
    return this.q<QueueTicket[]>(
      manager,
      `SELECT ${TICKET_COLUMNS} FROM queue_tickets
       WHERE state = 'waiting' AND mode = $1 AND turn_seconds IS NOT DISTINCT FROM $2 AND id <> $3
       ORDER BY joined_at, id LIMIT $4 FOR UPDATE SKIP LOCKED`,
      [mode, turnSeconds, exceptId, limit],
    );
  }

  /** Every waiting ticket of a mode (a wave's input). */
  waiting(manager: EntityManager, mode: QueueMode): Promise<WaitingRow[]> {
    return this.q<WaitingRow[]>(
      manager,
      `SELECT id, player_id AS "playerId", turn_seconds AS "turnSeconds", joined_at AS "joinedAt"
       FROM queue_tickets WHERE state = 'waiting' AND mode = $1`,
      [mode],
    );
  }

  /**
   * The waiting tickets of a mode with their players' rating and bot flag, in one statement (a
   * read-only join of players, as a game's read joins its seats).
   */
  async waitingForPairing(manager: EntityManager, mode: QueueMode): Promise<WaitingForPairing[]> {
    const rows = await this.q<{
      id: string; player_id: string; turn_seconds: number | null; joined_ms: number; rating: number; bot: boolean; eligible_ms: number | null;
    }[]>(
      manager,
      `SELECT t.id, t.player_id, t.turn_seconds, (extract(epoch FROM t.joined_at) * 1000)::float8 AS joined_ms, p.rating, p.bot,
         (extract(epoch FROM t.eligible_at) * 1000)::float8 AS eligible_ms
       FROM queue_tickets t JOIN players p ON p.id = t.player_id
       WHERE t.state = 'waiting' AND t.mode = $1`,
      [mode],
    );
    return rows.map((r) => ({
      id: r.id, playerId: r.player_id, turnSeconds: r.turn_seconds, joinedAt: Number(r.joined_ms), rating: Number(r.rating), bot: r.bot,
      eligibleAt: r.eligible_ms === null ? null : Number(r.eligible_ms),
    }));
  }

  /** These players are present: their waiting tickets are seen at `now`. */
  async touchWaiting(playerIds: readonly string[], now: Date, manager?: EntityManager): Promise<void> {
    if (playerIds.length === 0) return;
    await this.q(
      manager,
      `UPDATE queue_tickets SET last_seen_at = $2 WHERE state = 'waiting' AND player_id = ANY($1::uuid[]) AND last_seen_at < $2`,
      [playerIds, now],
    );
  }

  /** Cancels (reason `absent`) the waiting tickets not seen since `seenSince`; optionally only one player's, or only these ids. */
  async cancelAbsent(seenSince: Date, now: Date, manager?: EntityManager, playerId?: string, ids?: readonly string[]): Promise<string[]> {
    // UPDATE … RETURNING through TypeORM's query() answers [rows, count].
    const result = await this.q<[{ id: string }[], number]>(
      manager,
      `UPDATE queue_tickets SET state = 'cancelled', reason = 'absent', ended_at = $2
       WHERE state = 'waiting' AND last_seen_at < $1 AND ($3::uuid IS NULL OR player_id = $3) AND ($4::uuid[] IS NULL OR id = ANY($4::uuid[]))
       RETURNING id`,
      [seenSince, now, playerId ?? null, ids ?? null],
    );
    return result[0].map((r) => r.id);
  }

  /**
   * Marks each ticket matched into its game if it is still waiting (one statement for a whole
   * wave); returns the ids it marked. The games are inserted after, in the same transaction.
   */
  async claimWaiting(manager: EntityManager, ids: readonly string[], gameIds: readonly string[], now: Date): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const result = await this.q<[{ id: string }[], number]>(
      manager,
      `UPDATE queue_tickets t SET state = 'matched', game_id = u.game_id, ended_at = $3
       FROM unnest($1::uuid[], $2::uuid[]) AS u(id, game_id) WHERE t.id = u.id AND t.state = 'waiting' RETURNING t.id`,
      [ids, gameIds, now],
    );
    return new Set(result[0].map((r) => r.id));
  }

  /** Puts claimed tickets back to waiting (their partner could not be claimed). */
  async unclaim(manager: EntityManager, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(`UPDATE queue_tickets SET state = 'waiting', game_id = NULL, ended_at = NULL WHERE id = ANY($1::uuid[]) AND state = 'matched'`, [ids]);
  }

  /** Marks the tickets matched into this game. */
  async markMatched(manager: EntityManager, ids: readonly string[], gameId: string, now: Date): Promise<void> {
    await manager.query(`UPDATE queue_tickets SET state = 'matched', game_id = $2, ended_at = $3 WHERE id = ANY($1::uuid[])`, [ids, gameId, now]);
  }

  /** The player's latest tickets, newest first. */
  latest(playerId: string, limit: number): Promise<QueueTicket[]> {
    return this.q<QueueTicket[]>(
      undefined,
      `SELECT ${TICKET_COLUMNS} FROM queue_tickets WHERE player_id = $1 ORDER BY joined_at DESC, id DESC LIMIT $2`,
      [playerId, limit],
    );
  }

  /** Cancels the player's waiting ticket, if any (reason `left`). */
  async cancelWaiting(playerId: string, now: Date): Promise<void> {
    await this.q(undefined, `UPDATE queue_tickets SET state = 'cancelled', reason = 'left', ended_at = $2 WHERE player_id = $1 AND state = 'waiting'`, [playerId, now]);
  }

  /** Waiting tickets per mode (the metrics gauge). */
  async waitingCounts(): Promise<Map<QueueMode, number>> {
    const rows = await this.q<{ mode: QueueMode; n: number }[]>(undefined, `SELECT mode, count(*)::int AS n FROM queue_tickets WHERE state = 'waiting' GROUP BY mode`, []);
    return new Map(rows.map((r) => [r.mode, r.n]));
  }
}
