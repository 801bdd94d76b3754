import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Standing } from '../leaderboard/domain/buckets.js';
import { LeaderboardService } from '../leaderboard/leaderboard.service.js';
import { PlayersRepository } from '../players/players.repository.js';
import { blackScore, rateGame } from './domain/glicko2.js';
import { RatingPointDto } from './dto/rating-history.dto.js';
import { NewRatingHistory, RatingHistoryRepository } from './rating-history.repository.js';

/** A rated game that has just ended: what rating it needs. */
export interface RatedGameEnd {
  gameId: string;
  blackId: string;
  whiteId: string;
  winner: 'black' | 'white' | null;
  finishedAt: Date;
}

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

  async historyOf(playerId: string): Promise<RatingPointDto[]> {
    const rows = await this.history.historyOf(playerId);
    return rows.map((r) => ({ gameId: r.gameId, at: r.at.toISOString(), rating: r.rating, rd: r.rd, volatility: r.volatility, delta: r.delta }));
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
    const standings: { before: Standing; after: Standing }[] = [];
    for (const [player, c, s] of [
      [black, change.a, score],
      [white, change.b, 1 - score],
    ] as const) {
      const games = player.games + 1;
      const after = this.leaderboard.standingAfter(
        { guest: player.guest, bot: player.bot, games, lastRatedAt: end.finishedAt, rd: c.rd, volatility: c.volatility },
        c.rating,
        end.finishedAt,
      );
      standings.push({ before: { on: player.onLeaderboard, rating: player.rating, bot: player.bot }, after });
      await this.players.writeRating(player.id, {
        onLeaderboard: after.on,
        rating: c.rating,
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
    await this.history.insert(history);
    await this.leaderboard.applyStandings(standings);
    const step = (c: typeof change.a) => ({ ratingBefore: c.before.rating, rdBefore: c.before.rd, rating: c.rating, rd: c.rd });
    return { black: change.a.delta, white: change.b.delta, steps: { black: step(change.a), white: step(change.b) } };
  }
}
