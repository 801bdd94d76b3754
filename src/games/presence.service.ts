import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { gameEvent } from '../events/event-map.js';
import { EventsService } from '../events/events.service.js';
import { GameCache } from './game-cache.js';
import { GamesRepository } from './games.repository.js';
import { Periodic } from '../common/periodic.js';

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
  private readonly flusher = new Periodic(
    () => this.write(),
    (err) => this.logger.warn(`presence not written: ${String(err)}`),
  );

  constructor(
    private readonly repo: GamesRepository,
    private readonly cache: GameCache,
    private readonly clock: Clock,
    private readonly events: EventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.flusher.start(FLUSH_MS);
  }

  async onModuleDestroy(): Promise<void> {
    await this.flusher.stop();
    await this.flush(); // the marks made since the last write
  }

  mark(gameId: string, playerId: string): void {
    this.pending.set(`${gameId}:${playerId}`, { gameId, playerId });
  }

  /** Writes the marks so far (tests call it to not wait for the timer); joins a write under way. */
  flush(): Promise<void> {
    return this.flusher.run();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    const until = new Date(this.clock.now().getTime() + this.config.cpuTakeoverSeconds * 1000);
    const moved = await this.repo.touch(batch, until, this.config.idleTurnSeconds);
    // This copy's games stay known: only their takeover time changed.
    for (const g of moved) this.cache.touched(g.gameId, g.version, g.takeoverAt);
    await this.events.publishAll(
      moved.map((g) => gameEvent(g.gameId, 'seat', { gameId: g.gameId, color: g.color, standIn: false, standInAt: g.takeoverAt.toISOString() }, g.ply)),
    );
  }
}
