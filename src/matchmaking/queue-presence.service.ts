import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { Periodic } from '../common/periodic.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { EventsService } from '../events/events.service.js';
import { QueueTicket } from './entities/queue-ticket.entity.js';
import { QueueRepository } from './queue.repository.js';

/**
 * Who is present in the queues: a waiting ticket lives while its owner has an open
 * /api/me/events stream or polls GET /api/queue. Presence is written in batches (every
 * QUEUE_PRESENCE_MARK_SECONDS, and before each wave), never by a GET.
 */
@Injectable()
export class QueuePresence implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(QueuePresence.name);
  private readonly marker = new Periodic(
    () => this.markConnected(),
    (err) => this.logger.warn(`queue presence not written: ${String(err)}`),
  );
  /**
   * Players whose GET /api/queue on this copy found them present, and when. A GET writes nothing:
   * the next presence mark writes these polls to the tickets, as it writes the presence of this
   * copy's open event streams.
   */
  private readonly polls = new Map<string, Date>();

  constructor(
    private readonly tickets: QueueRepository,
    private readonly events: EventsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.marker.start(this.config.queuePresenceMarkSeconds * 1000);
  }

  async onModuleDestroy(): Promise<void> {
    await this.marker.stop();
  }

  /** Tickets whose owner was last seen before this are absent. */
  seenSince(now: Date): Date {
    return new Date(now.getTime() - this.config.queuePresenceSeconds * 1000);
  }

  /**
   * This copy's open /api/me/events streams keep their owners' waiting tickets alive (one batched
   * write), and so do the polls of GET /api/queue answered here since the last mark (each at its
   * own time, and only where the ticket was still alive then: a late poll revives nothing).
   */
  async markConnected(): Promise<void> {
    await this.tickets.touchWaiting(this.events.connectedPlayers(), this.clock.now());
    const polled = [...this.polls];
    if (polled.length === 0) return;
    await this.tickets.touchPolled(polled.map(([id]) => id), polled.map(([, at]) => at), this.config.queuePresenceSeconds);
    for (const [id, at] of polled) if (this.polls.get(id) === at) this.polls.delete(id);
  }

  /** When the ticket's owner was last seen: its row, or a poll of theirs on this copy not yet written. */
  lastSeen(t: Pick<QueueTicket, 'playerId' | 'lastSeenAt'>): number {
    return Math.max(new Date(t.lastSeenAt).getTime(), this.polls.get(t.playerId)?.getTime() ?? 0);
  }

  /** A GET /api/queue found the player present: remembered here, written by the next mark. */
  polled(playerId: string, at: Date): void {
    this.polls.set(playerId, at);
  }

  streaming(playerId: string): boolean {
    return this.events.connectedPlayers().includes(playerId);
  }
}
