import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module.js';
import { MatchmakingController } from './matchmaking.controller.js';
import { MatchmakingService } from './matchmaking.service.js';

@Module({ imports: [GamesModule], controllers: [MatchmakingController], providers: [MatchmakingService] })
export class MatchmakingModule {}
