import { Global, Module, OnModuleInit } from '@nestjs/common';
import { Db } from '../database/db.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsService } from './metrics.service.js';

@Global()
@Module({ controllers: [MetricsController], providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    private readonly db: Db,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge('outflank_db_pool_connections', 'Database pool connections by state.', ['state'], (g) => {
      const p = this.db.pool as typeof this.db.pool | undefined;
      if (!p) return;
      g.set({ state: 'total' }, p.totalCount);
      g.set({ state: 'idle' }, p.idleCount);
      g.set({ state: 'waiting' }, p.waitingCount);
    });
  }
}
