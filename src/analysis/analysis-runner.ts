import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { EventLoopLoad } from '../common/event-loop-load.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Db } from '../database/db.js';
import { EngineService } from '../engine-service/engine.service.js';
import { GameQueries } from '../games/game-queries.service.js';
import { AnalysisRepository, type ClaimedJob } from './analysis.repository.js';
import { secondsPerRecord } from './domain/move-times.js';
import { Periodic } from '../common/periodic.js';

/** Games finished this long before the newest queued one are looked at again (a slow commit). */
const DISCOVERY_OVERLAP_SECONDS = 600;
const DISCOVERY_BATCH = 500;

/**
 * Analyses finished games off the request path, on every app copy: queues the games that finished
 * (analysis_jobs), claims the next job (ranked first) for a lease, runs the engine on the analysis
 * worker threads, and stores the result with the job's completion in one transaction. A copy
 * killed mid-job leaves its lease to run out; another copy then takes the job again.
 *
 * Live play comes first: a copy whose event loop was busier than ANALYSIS_YIELD_ABOVE over the
 * last second claims no new job (jobs under way finish); the queue waits for a quieter moment or
 * for another copy. On a small machine the analysis threads would otherwise take CPU from the
 * moves (bench:moves --analysis: a third fewer moves a second on 2 cores).
 */
@Injectable()
export class AnalysisRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AnalysisRunner.name);
  /** This copy's name on the jobs it claims. */
  readonly claimedBy = `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private running = 0;
  private stopping = false;
  /** Rounds: on a timer (ANALYSIS_POLL_MS) or asked for; one at a time (overlapping asks share one). */
  private readonly rounds = new Periodic(
    () => this.round(),
    (err) => this.logger.warn(`analysis round failed: ${String(err)}`),
  );
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: Db,
    private readonly repo: AnalysisRepository,
    private readonly games: GameQueries,
    private readonly engine: EngineService,
    private readonly load: EventLoopLoad,
  ) {}

  /** True while this copy is too busy with play to start an analysis. */
  busy(): boolean {
    return this.config.analysisYieldAbove < 1 && this.load.current() > this.config.analysisYieldAbove;
  }

  onApplicationBootstrap(): void {
    if (this.config.analysisPollMs > 0) this.rounds.start(this.config.analysisPollMs);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await this.rounds.stop();
    // Jobs still running go back to the queue for another copy (or this one's next start).
    await this.repo.release(this.claimedBy).catch(() => undefined);
  }

  /** One round: queue newly finished games, then fill this copy's free analysis slots. Overlapping calls share one round. */
  poll(): Promise<void> {
    return this.rounds.run();
  }

  /** Resolves when every job this copy has started is done (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Queues newly finished games, then fills this copy's free slots (a failure is logged by `rounds`). */
  private async round(): Promise<void> {
    await this.repo.discover(DISCOVERY_OVERLAP_SECONDS, DISCOVERY_BATCH, this.config.analysisMaxAttempts);
    await this.fill();
  }

  private async fill(): Promise<void> {
    while (!this.stopping && this.running < this.config.analysisWorkers && !this.busy()) {
      const job = await this.repo.claim(this.claimedBy, this.config.analysisLeaseSeconds, this.config.analysisMaxAttempts);
      if (!job) return;
      this.running++;
      this.track(
        this.process(job).finally(() => {
          this.running--;
          // A slot is free: take the next job now rather than at the next tick.
          if (!this.stopping) this.track(this.fill().catch((err) => this.logger.warn(`analysis claim failed: ${String(err)}`)));
        }),
      );
    }
  }

  /** Keeps a job (or a refill) in inFlight until it settles, so idle() waits for the whole chain. */
  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async process(job: ClaimedJob): Promise<void> {
    try {
      const record = await this.games.record(job.gameId);
      if (!record || record.loaded.game.status !== 'finished' || !record.loaded.game.finishedAt) {
        await this.repo.fail(job.gameId, 'not a finished game', 1);
        return;
      }
      const { game, black, white } = record.loaded;
      const analysis = await this.engine.analyseGame({ records: record.moves.map((m) => ({ color: m.color, square: m.square, by: m.by })) });
      const seconds = secondsPerRecord(game.createdAt, record.moves);
      const ownSeconds = (color: 'black' | 'white') =>
        record.moves.flatMap((m, i) => (m.color === color && m.square !== null && m.by === 'player' ? [Math.round(seconds[i] * 100) / 100] : []));
      const analysed = {
        gameId: game.id,
        rated: game.rated,
        finishedAt: game.finishedAt!,
        exactFromEmpties: analysis.exactFromEmpties,
        depth: analysis.depth,
        engineMs: analysis.engineMs,
        moves: analysis.moves,
        sides: (['black', 'white'] as const).map((color) => ({
          color,
          playerId: color === 'black' ? black.id : white.id,
          summary: analysis.players[color],
          phases: analysis.phases[color],
          moveSeconds: ownSeconds(color),
        })),
      };
      // The result and the job's completion: one unit of work.
      await this.db.transaction(async () => {
        await this.repo.insert(analysed);
        await this.repo.markDone(game.id);
      });
    } catch (err) {
      this.logger.warn(`analysis of game ${job.gameId} failed (attempt ${job.attempts}): ${String(err)}`);
      await this.repo.fail(job.gameId, String(err), this.config.analysisMaxAttempts).catch(() => undefined);
    }
  }
}
