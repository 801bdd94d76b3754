import { Module } from '@nestjs/common';
import { PlayersRepository } from './players.repository.js';
import { PlayersService } from './players.service.js';

/** The accounts (identity). Their profiles, with the ladder's view of them, are the leaderboard module's. */
@Module({ providers: [PlayersService, PlayersRepository], exports: [PlayersService, PlayersRepository] })
export class PlayersModule {}
