import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql, table } from '../database/sql.js';
import type { AuditRefund, StoredHistory } from './domain/audit.js';
import { RatingHistory } from './entities/rating-history.entity.js';

/** One player's row of a rated game, as written at the game's end. */
export type NewRatingHistory = Omit<RatingHistory, 'seq' | 'game' | 'player'>;

/** A stored history row as the audit reads it. */
export interface AuditHistory extends StoredHistory {
  gameId: string;
  playerId: string;
  /** The order ratings were applied in. */
  seq: number;
}

/** A refund as written: one player's points back from one engine user's ranked games. */
export interface NewRefund {
  /** A lifted mark: the refund this row takes back (null or absent: a refund). */
  reverses?: string | null;
  playerId: string;
  sourcePlayerId: string;
  gameIds: string[];
  points: number;
  ratingBefore: number;
  rating: number;
  rd: number;
  volatility: number;
}

/** A `rating_history` row as the audit reads it (seq is a bigint: read as text). */
type HistoryRow = Omit<AuditHistory, 'seq'> & { seq: string };

/** The `rating_history` table. */
const HISTORY = table<HistoryRow>('rating_history', {
  gameId: ['game_id', 'uuid'],
  playerId: ['player_id', 'uuid'],
  seq: ['seq', 'int8'],
  ratingBefore: ['rating_before', 'double precision'],
  rdBefore: ['rd_before', 'double precision'],
  volatilityBefore: ['volatility_before', 'double precision'],
  rating: ['rating', 'double precision'],
  rd: ['rd', 'double precision'],
  volatility: ['volatility', 'double precision'],
  delta: ['delta', 'double precision'],
});

/** A `rating_refunds` row. */
interface RefundRow {
  id: string;
  playerId: string;
  sourcePlayerId: string;
  gameIds: string[];
  seq: string;
  points: number;
  ratingBefore: number;
  rating: number;
  rd: number;
  volatility: number;
  at: Date;
  reverses: string | null;
}

/** The `rating_refunds` table. */
const REFUNDS = table<RefundRow>('rating_refunds', {
  id: ['id', 'uuid'],
  playerId: ['player_id', 'uuid'],
  sourcePlayerId: ['source_player_id', 'uuid'],
  gameIds: ['game_ids', 'uuid[]'],
  seq: ['seq', 'int8'],
  points: ['points', 'double precision'],
  ratingBefore: ['rating_before', 'double precision'],
  rating: ['rating', 'double precision'],
  rd: ['rd', 'double precision'],
  volatility: ['volatility', 'double precision'],
  at: ['at', 'timestamptz'],
  reverses: ['reverses', 'uuid'],
});

/** The player's rating just before `at`: their last rated game or refund before it. */
const RATING_BEFORE = sql<{ playerId: string; at: Date }, { rating: number }>(
  null,
  (p) => `SELECT rating FROM (
      (SELECT rating, at, seq FROM ${HISTORY.name} WHERE player_id = ${p.playerId} AND at < ${p.at} ORDER BY at DESC, seq DESC LIMIT 1)
      UNION ALL
      (SELECT rating, at, seq FROM ${REFUNDS.name} WHERE player_id = ${p.playerId} AND at < ${p.at} ORDER BY at DESC, seq DESC LIMIT 1)
    ) r ORDER BY at DESC, seq DESC LIMIT 1`,
);
const ALL_HISTORY = sql<Record<string, never>, HistoryRow>(null, () => `SELECT ${HISTORY.select('h')} FROM ${HISTORY.name} h`);
const REFUND_AUDIT_KEYS = ['id', 'playerId', 'sourcePlayerId', 'gameIds', 'seq', 'points', 'ratingBefore', 'rating', 'reverses'] as const;
const ALL_REFUNDS = sql<Record<string, never>, Pick<RefundRow, (typeof REFUND_AUDIT_KEYS)[number]>>(
  null,
  () => `SELECT ${REFUNDS.select('r', REFUND_AUDIT_KEYS)} FROM ${REFUNDS.name} r`,
);
const REFUNDS_OF = sql<{ playerId: string }, Pick<RefundRow, 'at' | 'rating' | 'rd' | 'volatility' | 'points'>>(
  null,
  (p) => `SELECT ${REFUNDS.select('r', ['at', 'rating', 'rd', 'volatility', 'points'])} FROM ${REFUNDS.name} r WHERE r.player_id = ${p.playerId} ORDER BY r.at, r.seq`,
);

/**
 * Per opponent of a player, their rating changes in the rated games between them that no refund
 * from that player covers now (a refund taken back by a lifted mark covers nothing), by the apply
 * order.
 */
const LOST_TO = sql<{ playerId: string }, { playerId: string; gameIds: string[]; deltas: number[] }>(
  null,
  (p) => `SELECT h.player_id AS "playerId", array_agg(h.game_id ORDER BY h.seq) AS "gameIds", array_agg(h.delta ORDER BY h.seq) AS "deltas"
    FROM rating_history h
    WHERE h.game_id IN (SELECT game_id FROM rating_history WHERE player_id = ${p.playerId}) AND h.player_id <> ${p.playerId}
      AND NOT EXISTS (
        SELECT 1 FROM rating_refunds r
        WHERE r.player_id = h.player_id AND r.source_player_id = ${p.playerId} AND r.reverses IS NULL AND h.game_id = ANY(r.game_ids)
          AND NOT EXISTS (SELECT 1 FROM rating_refunds v WHERE v.reverses = r.id))
    GROUP BY h.player_id ORDER BY h.player_id`,
);
/** The refunds an engine user's opponents hold now (not taken back), by player. */
const LIVE_REFUNDS_FROM = sql<{ sourcePlayerId: string }, { id: string; playerId: string; gameIds: string[]; points: number }>(
  null,
  (p) => `SELECT r.id, r.player_id AS "playerId", r.game_ids AS "gameIds", r.points FROM rating_refunds r
    WHERE r.source_player_id = ${p.sourcePlayerId} AND r.reverses IS NULL AND NOT EXISTS (SELECT 1 FROM rating_refunds v WHERE v.reverses = r.id)
    ORDER BY r.seq`,
);

/** seq from rating_history's own sequence: refunds and games share one apply order (the audit replays in it). */
const INSERT_REFUND = sql<NewRefund>(
  null,
  (p) => `INSERT INTO ${REFUNDS.name} (${REFUNDS.names(['playerId', 'sourcePlayerId', 'gameIds', 'points', 'ratingBefore', 'rating', 'rd', 'volatility', 'at', 'seq', 'reverses'])})
    VALUES (${p.playerId}, ${p.sourcePlayerId}, ${p.gameIds}::uuid[], ${p.points}, ${p.ratingBefore}, ${p.rating}, ${p.rd}, ${p.volatility},
      now(), nextval(pg_get_serial_sequence('rating_history', 'seq')), ${p.reverses}::uuid)`,
);

/**
 * The one owner of the rating history: `rating_history` (a row per player per rated game) and
 * `rating_refunds` (points given back to the opponents of an account marked as an engine user).
 */
@Injectable()
export class RatingHistoryRepository {
  constructor(private readonly db: Db) {}

  /** A player's rated games, oldest first. */
  historyOf(playerId: string): Promise<RatingHistory[]> {
    return this.db.manager.getRepository(RatingHistory).find({ where: { playerId }, order: { at: 'ASC', gameId: 'ASC' } });
  }

  /** The player's rating just before `at` (their last rated game or refund before it), or null before any. */
  async ratingBefore(playerId: string, at: Date): Promise<number | null> {
    const row = await this.db.first(RATING_BEFORE({ playerId, at }));
    return row ? Number(row.rating) : null;
  }

  /** In the caller's rating transaction (after both players' rows are locked: `seq` is the apply order). */
  async insert(rows: readonly NewRatingHistory[]): Promise<void> {
    const repo = this.db.manager.getRepository(RatingHistory);
    await repo.insert(rows.map((r) => repo.create(r)));
  }

  /** Every row (in the audit's snapshot transaction). */
  async all(): Promise<AuditHistory[]> {
    return (await this.db.query(ALL_HISTORY({}))).map((h) => ({
      gameId: h.gameId,
      playerId: h.playerId,
      seq: Number(h.seq),
      ratingBefore: Number(h.ratingBefore),
      rdBefore: Number(h.rdBefore),
      volatilityBefore: Number(h.volatilityBefore),
      rating: Number(h.rating),
      rd: Number(h.rd),
      volatility: Number(h.volatility),
      delta: Number(h.delta),
    }));
  }

  /** Every refund (in the audit's snapshot transaction). */
  async allRefunds(): Promise<AuditRefund[]> {
    return (await this.db.query(ALL_REFUNDS({}))).map((r) => ({
      id: r.id,
      playerId: r.playerId,
      sourcePlayerId: r.sourcePlayerId,
      gameIds: r.gameIds.map(String),
      seq: Number(r.seq),
      points: Number(r.points),
      ratingBefore: Number(r.ratingBefore),
      rating: Number(r.rating),
      reverses: r.reverses,
    }));
  }

  /** The refunds an engine user's opponents hold now (not taken back). */
  async liveRefundsFrom(sourcePlayerId: string): Promise<{ id: string; playerId: string; gameIds: string[]; points: number }[]> {
    return (await this.db.query(LIVE_REFUNDS_FROM({ sourcePlayerId }))).map((r) => ({ ...r, gameIds: r.gameIds.map(String), points: Number(r.points) }));
  }

  /** A player's refunds, oldest first (for their rating history). */
  async refundsOf(playerId: string): Promise<{ at: Date; rating: number; rd: number; volatility: number; points: number }[]> {
    return (await this.db.query(REFUNDS_OF({ playerId }))).map((r) => ({ at: new Date(r.at), rating: Number(r.rating), rd: Number(r.rd), volatility: Number(r.volatility), points: Number(r.points) }));
  }

  /** What each opponent of `playerId` lost or won against them in rated games, not refunded yet. */
  async lostTo(playerId: string): Promise<{ playerId: string; games: { gameId: string; delta: number }[] }[]> {
    const rows = await this.db.query(LOST_TO({ playerId }));
    return rows.map((r) => ({ playerId: r.playerId, games: r.gameIds.map((gameId, i) => ({ gameId, delta: Number(r.deltas[i]) })) }));
  }

  /** In the caller's unit of work, with the player's row locked. */
  async insertRefund(refund: NewRefund): Promise<void> {
    await this.db.query(INSERT_REFUND({ ...refund, reverses: refund.reverses ?? null }));
  }
}
