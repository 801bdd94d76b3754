import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Standing } from '../leaderboard/domain/buckets.js';
import { LeaderboardService } from '../leaderboard/leaderboard.service.js';
import { PlayersRepository, type RatingUpdate } from '../players/players.repository.js';
import { refundOf } from './domain/refunds.js';
import type { Player } from '../players/entities/player.entity.js';
import { blackScore, rateGame } from './domain/glicko2.js';
import { RatingPointDto } from './dto/rating-history.dto.js';
import { NewRatingHistory, NewRefund, RatingHistoryRepository } from './rating-history.repository.js';

/** A rated game that has just ended: what rating it needs. */
export interface RatedGameEnd {
  gameId: string;
  blackId: string;
  whiteId: string;
  winner: 'black' | 'white' | null;
  finishedAt: Date;
}

/** Points given back to one opponent of an engine user. */
export interface Refund {
  playerId: string;
  username: string;
  points: number;
  ratingBefore: number;
  rating: number;
  gameIds: string[];
}

/** The players who lost points to the engine user changed while the locks were taken: run the unit of work again. */
export class RefundSetChanged extends Error {}

/** A rated game's rating changes: each player's delta, and their rating and RD before and after it. */
export interface RatedGameChange {
  black: number;
  white: number;
  steps: Record<'black' | 'white', { ratingBefore: number; rdBefore: number; rating: number; rd: number }>;
}

@Injectable()
export class RatingsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly players: PlayersRepository,
    private readonly history: RatingHistoryRepository,
    private readonly leaderboard: LeaderboardService,
  ) {}

  /** Rated games and refunds, oldest first. */
  async historyOf(playerId: string): Promise<RatingPointDto[]> {
    const [rows, refunds] = await Promise.all([this.history.historyOf(playerId), this.history.refundsOf(playerId)]);
    const games = rows.map((r) => ({ gameId: r.gameId, at: r.at.toISOString(), rating: r.rating, rd: r.rd, volatility: r.volatility, delta: r.delta, kind: 'game' as const }));
    if (refunds.length === 0) return games;
    const given = refunds.map((r) => ({ gameId: null, at: r.at.toISOString(), rating: r.rating, rd: r.rd, volatility: r.volatility, delta: r.points, kind: 'refund' as const }));
    // Stable: a refund comes after the games it follows.
    return [...games, ...given].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  }

  /** The player's rating when a game began: after their last rated game (or refund) before it, else the initial rating. */
  async ratingAt(playerId: string, at: Date): Promise<number> {
    return (await this.history.ratingBefore(playerId, at)) ?? this.config.ratings.initialRating;
  }

  /**
   * Rates a rated game that has just ended, inside the unit of work that ended it (the caller holds
   * the game, so this runs exactly once per game): both players' rows are locked in id order and
   * updated, a history row is written for each, and the leaderboard follows. Returns the two
   * rating deltas, for the caller to write on the game.
   */
  async applyGameResult(end: RatedGameEnd): Promise<RatedGameChange> {
    const locked = await this.players.lockForRating([end.blackId, end.whiteId]);
    const black = locked.get(end.blackId)!;
    const white = locked.get(end.whiteId)!;
    const score = blackScore(end.winner);
    const change = rateGame(black, white, score, this.config.ratings, end.finishedAt);
    const history: NewRatingHistory[] = [];
    const refunds: NewRefund[] = [];
    const standings: { before: Standing; after: Standing }[] = [];
    const ratings: (RatingUpdate & { id: string })[] = [];
    for (const [player, c, s, opponent] of [
      [black, change.a, score, white],
      [white, change.b, 1 - score, black],
    ] as const) {
      const games = player.games + 1;
      // Points lost to an account marked as an engine user come back at once, in this unit of
      // work: a refund after the game in the history (the mark refunded the games before it).
      const refunded = opponent.engineMarkedAt && c.delta < 0 ? -c.delta : 0;
      const rating = c.rating + refunded;
      if (refunded > 0) {
        refunds.push({ playerId: player.id, sourcePlayerId: opponent.id, gameIds: [end.gameId], points: refunded, ratingBefore: c.rating, rating, rd: c.rd, volatility: c.volatility });
      }
      const after = this.leaderboard.standingAfter(
        {
          guest: player.guest, bot: player.bot, games, lastRatedAt: end.finishedAt, rd: c.rd, volatility: c.volatility,
          engineMarkedAt: player.engineMarkedAt, closedAt: player.closedAt,
        },
        rating,
        end.finishedAt,
      );
      standings.push({ before: { on: player.onLeaderboard, rating: player.rating, bot: player.bot }, after });
      ratings.push({
        id: player.id,
        onLeaderboard: after.on,
        rating,
        rd: c.rd,
        volatility: c.volatility,
        games,
        wins: player.wins + (s === 1 ? 1 : 0),
        draws: player.draws + (s === 0.5 ? 1 : 0),
        losses: player.losses + (s === 0 ? 1 : 0),
        lastRatedAt: end.finishedAt,
      });
      history.push({
        gameId: end.gameId,
        playerId: player.id,
        at: end.finishedAt,
        ratingBefore: c.before.rating,
        rdBefore: c.before.rd,
        volatilityBefore: c.before.volatility,
        rating: c.rating,
        rd: c.rd,
        volatility: c.volatility,
        delta: c.delta,
        score: s,
      });
    }
    await this.players.writeRatings(ratings);
    await this.history.insert(history);
    // After the game's rows: refunds and games share one apply order (the audit replays in it).
    for (const refund of refunds) await this.history.insertRefund(refund);
    await this.leaderboard.applyStandings(standings);
    const step = (c: typeof change.a) => ({ ratingBefore: c.before.rating, rdBefore: c.before.rd, rating: c.rating, rd: c.rd });
    return { black: change.a.delta, white: change.b.delta, steps: { black: step(change.a), white: step(change.b) } };
  }

  /**
   * In the caller's unit of work: locks the engine user's row and those of everyone who lost rating
   * points to it in rated games (in id order, as every rating transaction takes them), and gives
   * each of them those points back (refundOf: the sum of their negative changes in those games) as
   * a refund in their rating history, moving the leaderboard's bucket counts with their ratings.
   * Returns the engine user's locked row and the refunds; null (nothing written) when the account
   * is marked already. Throws RefundSetChanged when a game against it ended between the read and
   * the locks (the caller runs the unit of work again).
   */
  async refundOpponentsOf(engineUserId: string): Promise<{ engineUser: Player; refunds: Refund[] } | null> {
    // Whom to lock is read before any lock, so that the locks go in id order.
    const guess = (await this.history.lostTo(engineUserId)).map((v) => v.playerId);
    const locked = await this.players.lockForRating([engineUserId, ...guess]);
    const engineUser = locked.get(engineUserId)!;
    if (engineUser.engineMarkedAt) return null;
    // With its row held, no game of the engine user can end: read the losses again.
    const victims = await this.history.lostTo(engineUserId);
    if (victims.some((v) => !locked.has(v.playerId))) throw new RefundSetChanged();
    const refunds: Refund[] = [];
    const standings: { before: Standing; after: Standing }[] = [];
    for (const v of victims) {
      const { points, gameIds } = refundOf(v.games);
      if (points <= 0) continue;
      const p = locked.get(v.playerId)!;
      const rating = p.rating + points;
      await this.history.insertRefund({ playerId: p.id, sourcePlayerId: engineUserId, gameIds, points, ratingBefore: p.rating, rating, rd: p.rd, volatility: p.volatility });
      await this.players.writeRefundedRating(p.id, rating);
      standings.push({ before: { on: p.onLeaderboard, rating: p.rating, bot: p.bot }, after: { on: p.onLeaderboard, rating, bot: p.bot } });
      refunds.push({ playerId: p.id, username: p.username, points, ratingBefore: p.rating, rating, gameIds });
    }
    await this.leaderboard.applyStandings(standings);
    return { engineUser, refunds };
  }

  /**
   * The mark is lifted, in the caller's unit of work: every refund the engine user's opponents
   * hold now is taken back (a row of its own in their history, `reverses`, the points negated), with
   * the rows locked in id order as every rating transaction takes them. Returns the engine user's
   * locked row and what was taken back; null (nothing written) when the account is not marked.
   * Throws RefundSetChanged when a refund appeared between the read and the locks.
   */
  async takeBackRefundsOf(engineUserId: string): Promise<{ engineUser: Player; refunds: Refund[] } | null> {
    const guess = (await this.history.liveRefundsFrom(engineUserId)).map((r) => r.playerId);
    const locked = await this.players.lockForRating([engineUserId, ...guess]);
    const engineUser = locked.get(engineUserId)!;
    if (!engineUser.engineMarkedAt) return null;
    const live = await this.history.liveRefundsFrom(engineUserId);
    if (live.some((r) => !locked.has(r.playerId))) throw new RefundSetChanged();
    const byPlayer = new Map<string, Refund>();
    const standings: { before: Standing; after: Standing }[] = [];
    for (const r of live) {
      const p = locked.get(r.playerId)!;
      const rating = p.rating - r.points;
      await this.history.insertRefund({ reverses: r.id, playerId: p.id, sourcePlayerId: engineUserId, gameIds: r.gameIds, points: -r.points, ratingBefore: p.rating, rating, rd: p.rd, volatility: p.volatility });
      await this.players.writeRefundedRating(p.id, rating);
      standings.push({ before: { on: p.onLeaderboard, rating: p.rating, bot: p.bot }, after: { on: p.onLeaderboard, rating, bot: p.bot } });
      const sum = byPlayer.get(p.id) ?? { playerId: p.id, username: p.username, points: 0, ratingBefore: p.rating, rating, gameIds: [] };
      byPlayer.set(p.id, { ...sum, points: sum.points - r.points, rating, gameIds: [...sum.gameIds, ...r.gameIds] });
      // The locked row is this transaction's: the next of this player's refunds starts from here.
      locked.set(p.id, { ...p, rating });
    }
    await this.leaderboard.applyStandings(standings);
    return { engineUser, refunds: [...byPlayer.values()] };
  }
}
