import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import type { StoredHistory } from './domain/audit.js';
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

/** The one owner of `rating_history`. */
@Injectable()
export class RatingHistoryRepository {
  constructor(private readonly db: Db) {}

  /** A player's rated games, oldest first. */
  historyOf(playerId: string): Promise<RatingHistory[]> {
    return this.db.manager.getRepository(RatingHistory).find({ where: { playerId }, order: { at: 'ASC', gameId: 'ASC' } });
  }

  /** In the caller's rating transaction (after both players' rows are locked: `seq` is the apply order). */
  async insert(rows: readonly NewRatingHistory[]): Promise<void> {
    const repo = this.db.manager.getRepository(RatingHistory);
    await repo.insert(rows.map((r) => repo.create(r)));
  }

  /** Every row (in the audit's snapshot transaction). */
  async all(): Promise<AuditHistory[]> {
    const rows = await this.db.query<Record<string, string | number>>(
      'SELECT game_id, player_id, seq, rating_before, rd_before, volatility_before, rating, rd, volatility, delta FROM rating_history',
    );
    return rows.map((h) => ({
      gameId: String(h.game_id),
      playerId: String(h.player_id),
      seq: Number(h.seq),
      ratingBefore: Number(h.rating_before),
      rdBefore: Number(h.rd_before),
      volatilityBefore: Number(h.volatility_before),
      rating: Number(h.rating),
      rd: Number(h.rd),
      volatility: Number(h.volatility),
      delta: Number(h.delta),
    }));
  }
}
