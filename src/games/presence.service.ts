import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { gameEvent } from '../events/event-map.js';
import { EventsService } from '../events/events.service.js';
import { GamesRepository } from './games.repository.js';

const FLUSH_MS = 1000;

/**
 * Who is at their table. A seated player's request or open event stream marks them present; the
 * marks are written in one batched statement a second (not one write per heartbeat): in a game
 * without a turn limit, it moves their turn's takeover forward, and a `seat` event with the new
 * standInAt tells the game's followers (so no client polls for it).
 */
@Injectable()
export class PresenceService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(PresenceService.name);
  private pending = new Map<string, { gameId: string; playerId: string }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly repo: GamesRepository,
    private readonly clock: Clock,
    private readonly events: EventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  mark(gameId: string, playerId: string): void {
    this.pending.set(`${gameId}:${playerId}`, { gameId, playerId });
  }

  /** Writes the marks so far (tests call it to not wait for the timer). */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    const until = new Date(this.clock.now().getTime() + this.config.cpuTakeoverSeconds * 1000);
    this.flushing = this.repo
      .touch(batch, until, this.config.idleTurnSeconds)
      .then((moved) =>
        this.events.publishAll(
          moved.map((g) => gameEvent(g.gameId, 'seat', { gameId: g.gameId, color: g.color, standIn: false, standInAt: g.takeoverAt.toISOString() }, g.ply)),
        ),
      )
      .catch((err) => this.logger.warn(`presence not written: ${String(err)}`))
      .finally(() => (this.flushing = null));
    return this.flushing;
  }
}
