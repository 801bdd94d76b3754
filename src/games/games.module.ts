import { Module, OnModuleInit } from '@nestjs/common';
import { MetricsService } from '../metrics/metrics.service.js';
import { AuthModule } from '../auth/auth.module.js';
import { EngineModule } from '../engine-service/engine.module.js';
import { PlayersModule } from '../players/players.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { DeadlineSweeper } from './deadline-sweeper.js';
import { GameCache } from './game-cache.js';
import { GameQueries } from './game-queries.service.js';
import { GameStreamService } from './game-stream.service.js';
import { GamesController, MeController } from './games.controller.js';
import { GameListsRepository } from './game-lists.repository.js';
import { GamesRepository } from './games.repository.js';
import { GameSteps } from './game-steps.js';
import { GamesService } from './games.service.js';
import { PlayerGamesController } from './player-games.controller.js';
import { PairingReadsRepository } from './pairing-reads.repository.js';
import { PresenceService } from './presence.service.js';
import { RankedHistoryRepository } from './ranked-history.repository.js';

@Module({
  imports: [AuthModule, RatingsModule, PlayersModule, EngineModule],
  controllers: [GamesController, MeController, PlayerGamesController],
  providers: [{ provide: GameCache, useFactory: () => new GameCache() }, GamesRepository, GameListsRepository, PairingReadsRepository, RankedHistoryRepository, GameSteps, GamesService, GameQueries, GameStreamService, PresenceService, DeadlineSweeper],
  exports: [GamesService, GameQueries, GamesRepository, GameListsRepository, PairingReadsRepository, RankedHistoryRepository],
})
export class GamesModule implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    private readonly lists: GameListsRepository,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge('outflank_active_games', 'Games in play (all app copies: read from the database at scrape time).', [], async (g) => {
      g.set(await this.lists.countActive());
    });
  }
}
