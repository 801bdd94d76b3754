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
 * After each sweep it looks for the next deadline due before the next tick and sweeps again at
 * that instant, so a clock's flag falls when it is due (plus its grace), not up to a second later,
 * with no request from anyone.
 */
@Injectable()
export class DeadlineSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(DeadlineSweeper.name);
  private readonly periodic = new Periodic(
    () => this.sweepAndSchedule(),
    (err) => (isDatabaseUnavailable(err) ? this.logger.warn(`deadline sweep: ${String(err)}`) : this.logger.error(err, 'deadline sweep failed')),
  );

  constructor(
    private readonly repo: GamesRepository,
    private readonly games: GamesService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.stopped = false;
    this.periodic.start(INTERVAL_MS);
  }

  async onModuleDestroy(): Promise<void> {
    clearTimeout(this.precise);
    this.precise = undefined;
    this.stopped = true;
    await this.periodic.stop();
  }

  /** The one-shot timer of the next deadline due before the next tick, and the instant it is for. */
  private precise: NodeJS.Timeout | undefined;
  private preciseFor = 0;
  private stopped = false;

  private async sweepAndSchedule(): Promise<void> {
    await this.sweep();
    const now = this.clock.now().getTime();
    const next = await this.repo.nextDue(new Date(now + INTERVAL_MS));
    // Once per instant: a clock held still (tests) must not turn the timer into a loop.
    if (!next || next.getTime() === this.preciseFor || this.stopped) return;
    clearTimeout(this.precise);
    this.preciseFor = next.getTime();
    this.precise = setTimeout(() => void this.periodic.run(), Math.max(1, next.getTime() - now + 1));
    this.precise.unref();
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
