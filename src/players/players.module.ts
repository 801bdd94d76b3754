import { Module } from '@nestjs/common';
import { LeaderboardModule } from '../leaderboard/leaderboard.module.js';
import { PlayersController } from './players.controller.js';
import { PlayersService } from './players.service.js';

@Module({ imports: [LeaderboardModule], controllers: [PlayersController], providers: [PlayersService], exports: [PlayersService] })
export class PlayersModule {}
