import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { GamesModule } from '../games/games.module.js';
import { LeaderboardModule } from '../leaderboard/leaderboard.module.js';
import { PlayersModule } from '../players/players.module.js';
import { RoomsController } from './rooms.controller.js';
import { RoomsRepository } from './rooms.repository.js';
import { RoomsService } from './rooms.service.js';

@Module({ imports: [GamesModule, PlayersModule, LeaderboardModule, RateLimitModule], controllers: [RoomsController], providers: [RoomsService, RoomsRepository] })
export class RoomsModule {}
