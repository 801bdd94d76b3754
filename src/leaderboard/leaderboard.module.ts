import { Module } from '@nestjs/common';
import { LeaderboardController } from './leaderboard.controller.js';
import { LeaderboardService } from './leaderboard.service.js';

@Module({ controllers: [LeaderboardController], providers: [LeaderboardService], exports: [LeaderboardService] })
export class LeaderboardModule {}
