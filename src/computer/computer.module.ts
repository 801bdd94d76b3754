import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module.js';
import { PlayersModule } from '../players/players.module.js';
import { ComputerController } from './computer.controller.js';
import { ComputerService } from './computer.service.js';

@Module({ imports: [GamesModule, PlayersModule], controllers: [ComputerController], providers: [ComputerService] })
export class ComputerModule {}
