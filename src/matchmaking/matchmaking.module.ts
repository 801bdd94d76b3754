import { Module } from '@nestjs/common';
import { FairPlayModule } from '../fair-play/fair-play.module.js';
import { AccountLinksModule } from '../account-links/account-links.module.js';
import { GamesModule } from '../games/games.module.js';
import { PlayersModule } from '../players/players.module.js';
import { MatchmakingController } from './matchmaking.controller.js';
import { MatchmakingService } from './matchmaking.service.js';
import { PairingWaves } from './pairing-waves.service.js';
import { QueuePresence } from './queue-presence.service.js';
import { QueueRepository } from './queue.repository.js';
import { RankedRulesService } from './ranked-rules.service.js';

@Module({
  imports: [GamesModule, PlayersModule, FairPlayModule, AccountLinksModule],
  controllers: [MatchmakingController],
  providers: [MatchmakingService, QueuePresence, PairingWaves, QueueRepository, RankedRulesService],
  exports: [MatchmakingService, RankedRulesService],
})
export class MatchmakingModule {}
