import { Module } from '@nestjs/common';
import { LeaderboardModule } from '../leaderboard/leaderboard.module.js';
import { PlayersModule } from '../players/players.module.js';
import { RatingHistoryController } from './rating-history.controller.js';
import { RatingHistoryRepository } from './rating-history.repository.js';
import { RatingsService } from './ratings.service.js';

@Module({ imports: [LeaderboardModule, PlayersModule], controllers: [RatingHistoryController], providers: [RatingsService, RatingHistoryRepository], exports: [RatingsService] })
export class RatingsModule {}
