import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module.js';
import { MatchmakingModule } from '../matchmaking/matchmaking.module.js';
import { LeaderboardModule } from '../leaderboard/leaderboard.module.js';
import { PlayersModule } from '../players/players.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { ChallengesController } from './challenges.controller.js';
import { ChallengesRepository } from './challenges.repository.js';
import { ChallengesService } from './challenges.service.js';

@Module({
  imports: [GamesModule, PlayersModule, LeaderboardModule, MatchmakingModule, RateLimitModule],
  controllers: [ChallengesController],
  providers: [ChallengesService, ChallengesRepository],
})
export class ChallengesModule {}
