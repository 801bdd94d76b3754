import { Global, Module, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { MetricsController } from './metrics.controller.js';
import { MetricsService } from './metrics.service.js';

@Global()
@Module({ controllers: [MetricsController], providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    const pool = () => (this.dataSource.driver as unknown as { master?: pg.Pool }).master;
    this.metrics.gauge('outflank_db_pool_connections', 'Database pool connections by state.', ['state'], (g) => {
      const p = pool();
      if (!p) return;
      g.set({ state: 'total' }, p.totalCount);
      g.set({ state: 'idle' }, p.idleCount);
      g.set({ state: 'waiting' }, p.waitingCount);
    });
  }
}
