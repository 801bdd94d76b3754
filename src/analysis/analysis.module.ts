import { Module, OnModuleInit } from '@nestjs/common';
import { EventLoopLoad } from '../common/event-loop-load.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { EngineModule } from '../engine-service/engine.module.js';
import { GamesModule } from '../games/games.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { AnalysisController } from './analysis.controller.js';
import { AnalysisRepository } from './analysis.repository.js';
import { AnalysisRunner } from './analysis-runner.js';
import { AnalysisService } from './analysis.service.js';

/** The analysis of finished games (a durable job queue run on every copy), the GGF export and the fair-play statistics. */
@Module({
  imports: [GamesModule, RatingsModule, EngineModule],
  controllers: [AnalysisController],
  // EventLoopLoad: how busy this copy's event loop is (the runner yields to live play).
  providers: [AnalysisRepository, AnalysisService, AnalysisRunner, { provide: EventLoopLoad, useFactory: () => new EventLoopLoad() }],
  exports: [AnalysisService],
})
export class AnalysisModule implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    private readonly repo: AnalysisRepository,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge('outflank_analysis_jobs', 'Analysis jobs waiting or running (all app copies: read from the database at scrape time).', ['state'], async (g) => {
      const { queued, running } = await this.repo.queueLengths();
      g.set({ state: 'queued' }, queued);
      g.set({ state: 'running' }, running);
    });
  }
}
