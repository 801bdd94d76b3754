import { Global, Module } from '@nestjs/common';
import { EventsService } from './events.service.js';
import { PlayerEventsRepository } from './player-events.repository.js';

@Global()
@Module({ providers: [EventsService, PlayerEventsRepository], exports: [EventsService] })
export class EventsModule {}
