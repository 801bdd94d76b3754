import { Module } from '@nestjs/common';
import { LeaderboardModule } from '../leaderboard/leaderboard.module.js';
import { RatingsService } from './ratings.service.js';

@Module({ imports: [LeaderboardModule], providers: [RatingsService], exports: [RatingsService] })
export class RatingsModule {}
