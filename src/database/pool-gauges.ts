import { Injectable, OnModuleInit, Optional } from '@nestjs/common';
import { MetricsService } from '../metrics/metrics.service.js';
import { Db } from './db.js';

/**
 * The database reports its own pool to /metrics, so that metrics/ knows nothing of the database.
 * Without MetricsModule (the CLI, the benchmarks, the repository tests) there is nothing to report to.
 */
@Injectable()
export class PoolGauges implements OnModuleInit {
  constructor(
    private readonly db: Db,
    @Optional() private readonly metrics?: MetricsService,
  ) {}

  onModuleInit(): void {
    if (!this.metrics) return;
    this.metrics.gauge('outflank_db_pool_connections', 'Database pool connections by state.', ['state'], (g) => {
      const p = this.db.pool as typeof this.db.pool | undefined;
      if (!p) return;
      g.set({ state: 'total' }, p.totalCount);
      g.set({ state: 'idle' }, p.idleCount);
      g.set({ state: 'waiting' }, p.waitingCount);
    });
  }
}
