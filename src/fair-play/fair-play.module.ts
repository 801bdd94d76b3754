import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module.js';
import { FairPlayService } from './fair-play.service.js';

/** The fair-play rules that read players' ranked games: ranked cooldowns, the moderators' list of flagged accounts. */
@Module({ imports: [GamesModule], providers: [FairPlayService], exports: [FairPlayService] })
export class FairPlayModule {}
