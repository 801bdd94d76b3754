import { Module } from '@nestjs/common';
import { PlayersModule } from '../players/players.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { PlayerGamesController } from './player-games.controller.js';
import { GamesController, MeController } from './games.controller.js';
import { GamesService } from './games.service.js';

@Module({ imports: [RatingsModule, PlayersModule], controllers: [GamesController, MeController, PlayerGamesController], providers: [GamesService], exports: [GamesService] })
export class GamesModule {}
