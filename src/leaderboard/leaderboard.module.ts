import { Module } from '@nestjs/common';
import { PlayersModule } from '../players/players.module.js';
import { LeaderboardPlayersRepository } from './leaderboard-players.repository.js';
import { LeaderboardController } from './leaderboard.controller.js';
import { LeaderboardRepository } from './leaderboard.repository.js';
import { LeaderboardService } from './leaderboard.service.js';
import { PlayersController } from './players.controller.js';
import { PlayerProfiles } from './player-profiles.service.js';

@Module({
  imports: [PlayersModule],
  controllers: [LeaderboardController, PlayersController],
  providers: [LeaderboardService, LeaderboardRepository, LeaderboardPlayersRepository, PlayerProfiles],
  exports: [LeaderboardService, LeaderboardPlayersRepository, PlayerProfiles],
})
export class LeaderboardModule {}
