import { Module, OnModuleInit } from '@nestjs/common';
import { HTML_ERROR_PAGES } from '../common/error-writers.js';
import { GamesModule } from '../games/games.module.js';
import { LeaderboardModule } from '../leaderboard/leaderboard.module.js';
import { PlayersModule } from '../players/players.module.js';
import { OpeningsModule } from '../openings/openings.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { AssetsController } from './assets.controller.js';
import { assets } from './assets.js';
import { PagesController } from './pages.controller.js';
import { NotFoundPages } from './not-found.js';
import { OpeningsPagesController } from './openings-pages.controller.js';
import { PagesService } from './pages.service.js';
import { PlayController } from './play.controller.js';
import { RulesController } from './rules.controller.js';
import { StrategyController } from './strategy.controller.js';

@Module({
  imports: [LeaderboardModule, PlayersModule, RatingsModule, GamesModule, OpeningsModule],
  controllers: [PagesController, PlayController, RulesController, StrategyController, OpeningsPagesController, AssetsController],
  providers: [PagesService, { provide: HTML_ERROR_PAGES, useClass: NotFoundPages }],
  // The global error filter (src/common/all-exceptions.filter.ts) answers browsers with its page.
  exports: [HTML_ERROR_PAGES],
})
export class PagesModule implements OnModuleInit {
  /** Fails at startup, with the fix in the message, when the browser client was never built. */
  onModuleInit(): void {
    assets();
  }
}
