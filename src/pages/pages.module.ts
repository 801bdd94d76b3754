import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module.js';
import { LeaderboardModule } from '../leaderboard/leaderboard.module.js';
import { PlayersModule } from '../players/players.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { PagesController } from './pages.controller.js';
import { PagesService } from './pages.service.js';
import { PlayController } from './play.controller.js';

@Module({
  imports: [LeaderboardModule, PlayersModule, RatingsModule, GamesModule],
  controllers: [PagesController, PlayController],
  providers: [PagesService],
})
export class PagesModule {}
