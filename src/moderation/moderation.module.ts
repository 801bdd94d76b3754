import { FairPlayModule } from '../fair-play/fair-play.module.js';
import { AccountLinksModule } from '../account-links/account-links.module.js';
import { Module } from '@nestjs/common';
import { AnalysisModule } from '../analysis/analysis.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { GamesModule } from '../games/games.module.js';
import { MatchmakingModule } from '../matchmaking/matchmaking.module.js';
import { LeaderboardModule } from '../leaderboard/leaderboard.module.js';
import { PlayersModule } from '../players/players.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { ModPagesController } from './mod-pages.controller.js';
import { ModerationController, NoticesController, ReportsController } from './moderation.controller.js';
import { ModerationRepository } from './moderation.repository.js';
import { ModerationService } from './moderation.service.js';

/** Reports, moderators (given with the `outflank` command), their actions and the audit log. */
@Module({
  imports: [AuthModule, PlayersModule, GamesModule, AnalysisModule, RatingsModule, LeaderboardModule, FairPlayModule, MatchmakingModule, AccountLinksModule],
  controllers: [ReportsController, ModerationController, NoticesController, ModPagesController],
  providers: [ModerationRepository, ModerationService],
  exports: [ModerationService],
})
export class ModerationModule {}
