import { Module, OnModuleInit } from '@nestjs/common';
import { GamesModule } from '../games/games.module.js';
import { LeaderboardModule } from '../leaderboard/leaderboard.module.js';
import { PlayersModule } from '../players/players.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { AssetsController } from './assets.controller.js';
import { assets } from './assets.js';
import { PagesController } from './pages.controller.js';
import { PagesService } from './pages.service.js';
import { PlayController } from './play.controller.js';
import { RulesController } from './rules.controller.js';

@Module({
  imports: [LeaderboardModule, PlayersModule, RatingsModule, GamesModule],
  controllers: [PagesController, PlayController, RulesController, AssetsController],
  providers: [PagesService],
})
export class PagesModule implements OnModuleInit {
  /** Fails at startup, with the fix in the message, when the browser client was never built. */
  onModuleInit(): void {
    assets();
  }
}
