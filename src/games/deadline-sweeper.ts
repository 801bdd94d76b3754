import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { isDatabaseUnavailable } from '../common/database-unavailable.js';
import { Periodic } from '../common/periodic.js';
import { GamesRepository } from './games.repository.js';
import { GamesService } from './games.service.js';

const BATCH = 20;
const INTERVAL_MS = 1000;

/**
 * Fires due turn deadlines on every app copy once a second. Each game's takeover is a conditional
 * write (still due, same ply, same seats), so two copies never fire the same deadline twice.
 */
@Injectable()
export class DeadlineSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(DeadlineSweeper.name);
  private readonly periodic = new Periodic(
    () => this.sweep(),
    (err) => (isDatabaseUnavailable(err) ? this.logger.warn(`deadline sweep: ${String(err)}`) : this.logger.error(err, 'deadline sweep failed')),
  );

  constructor(
    private readonly repo: GamesRepository,
    private readonly games: GamesService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.periodic.start(INTERVAL_MS);
  }

  async onModuleDestroy(): Promise<void> {
    await this.periodic.stop();
  }

  /** Fires every deadline due now; returns how many fired. */
  async sweep(): Promise<number> {
    let fired = 0;
    for (;;) {
      const due = await this.repo.due(this.clock.now(), BATCH);
      let firedNow = 0;
      for (const id of due) if (await this.games.takeOver(id)) firedNow++;
      fired += firedNow;
      if (due.length < BATCH || firedNow === 0) return fired;
    }
  }
}
