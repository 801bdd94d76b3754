import { Global, Module, OnModuleInit } from '@nestjs/common';
import { MetricsService } from '../metrics/metrics.service.js';
import { EventsService } from './events.service.js';
import { PlayerEventsRepository } from './player-events.repository.js';
import { StreamRegistry } from './stream-registry.js';

@Global()
@Module({ providers: [EventsService, PlayerEventsRepository, StreamRegistry], exports: [EventsService, StreamRegistry] })
export class EventsModule implements OnModuleInit {
  constructor(
    private readonly streams: StreamRegistry,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge('outflank_open_event_streams', 'Server-sent event streams open on this app copy.', [], (g) => g.set(this.streams.openStreams));
  }
}
