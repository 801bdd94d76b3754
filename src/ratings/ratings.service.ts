import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Player } from '../players/entities/player.entity.js';
import { blackScore, rateGame } from './domain/glicko2.js';
import { RatingPointDto } from './dto/rating-history.dto.js';
import { RatingHistory } from './entities/rating-history.entity.js';
import { Standing } from '../leaderboard/domain/buckets.js';
import { LeaderboardService } from '../leaderboard/leaderboard.service.js';

@Injectable()
export class RatingsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly leaderboard: LeaderboardService,
  ) {}

  async historyOf(playerId: string): Promise<RatingPointDto[]> {
    const rows = await this.dataSource
      .getRepository(RatingHistory)
      .find({ where: { playerId }, order: { at: 'ASC', gameId: 'ASC' } });
    return rows.map((r) => ({ gameId: r.gameId, at: r.at.toISOString(), rating: r.rating, rd: r.rd, volatility: r.volatility, delta: r.delta }));
  }

  /**
   * Rates a rated game that has just finished, inside the transaction that finished it (the game
   * row is locked, so this runs exactly once per game): both players' rows are locked in id order,
   * updated, and a history row is written for each; the deltas go on the game.
   */
  async applyGameResult(
    manager: EntityManager,
    game: { gameId: string; blackId: string; whiteId: string; winner: 'black' | 'white' | null; finishedAt: Date },
  ): Promise<{ black: number; white: number }> {
    const repo = manager.getRepository(Player);
    const locked = new Map<string, Player>();
    for (const id of [game.blackId, game.whiteId].sort()) {
      const player = await repo.createQueryBuilder('p').setLock('pessimistic_write').where('p.id = :id', { id }).getOneOrFail();
      locked.set(id, player);
    }
    const black = locked.get(game.blackId)!;
    const white = locked.get(game.whiteId)!;
    const score = blackScore(game.winner);
    const change = rateGame(black, white, score, this.config.ratings, game.finishedAt);
    const history: RatingHistory[] = [];
    const standings: { before: Standing; after: Standing }[] = [];
    for (const [player, c, s] of [
      [black, change.a, score],
      [white, change.b, 1 - score],
    ] as const) {
      const games = player.games + 1;
      const after = this.leaderboard.standingAfter({ guest: player.guest, games, lastRatedAt: game.finishedAt }, c.rating, game.finishedAt);
      standings.push({ before: { on: player.onLeaderboard, rating: player.rating }, after });
      await repo.update(player.id, {
        onLeaderboard: after.on,
        rating: c.rating,
        rd: c.rd,
        volatility: c.volatility,
        games,
        wins: player.wins + (s === 1 ? 1 : 0),
        draws: player.draws + (s === 0.5 ? 1 : 0),
        losses: player.losses + (s === 0 ? 1 : 0),
        lastRatedAt: game.finishedAt,
      });
      history.push(
        manager.getRepository(RatingHistory).create({
          gameId: game.gameId,
          playerId: player.id,
          at: game.finishedAt,
          ratingBefore: c.before.rating,
          rdBefore: c.before.rd,
          volatilityBefore: c.before.volatility,
          rating: c.rating,
          rd: c.rd,
          volatility: c.volatility,
          delta: c.delta,
          score: s,
        }),
      );
    }
    await manager.getRepository(RatingHistory).insert(history);
    await this.leaderboard.applyStandings(manager, standings);
    return { black: change.a.delta, white: change.b.delta };
  }
}
