import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The app's Prometheus metrics. Counters and histograms are updated where things happen (cheap:
 * a few array operations); gauges that need the database or other modules are collected at scrape
 * time through callbacks those modules register.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  /**
   * Metrics for operators only (METRICS_TOKEN): what would tell the public when to act, such as
   * when the ranked queue is empty (two colluders queueing then are paired with each other).
   */
  readonly operatorRegistry = new Registry();

  readonly moveLatency = new Histogram({
    name: 'outflank_move_duration_seconds',
    help: 'Time to answer a move request, from parsing to the written move (player moves).',
    labelNames: ['outcome'],
    buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2],
    registers: [this.registry],
  });

  readonly moves = new Counter({
    name: 'outflank_moves_total',
    help: 'Moves written, by who made them.',
    labelNames: ['by'],
    registers: [this.registry],
  });

  /**
   * The series the move path updates, bound once: an update through a label object hashes the
   * labels and looks the series up on every call.
   */
  readonly playedMoveLatency = this.moveLatency.labels({ outcome: 'played' });
  readonly playerMoves = this.moves.labels({ by: 'player' });
  readonly cpuMoves = this.moves.labels({ by: 'cpu' });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'outflank_' });
  }

  /** A gauge whose value is read when /metrics is scraped (`operatorsOnly`: only with METRICS_TOKEN). */
  gauge(name: string, help: string, labelNames: string[], collect: (g: Gauge) => Promise<void> | void, options: { operatorsOnly?: boolean } = {}): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [options.operatorsOnly ? this.operatorRegistry : this.registry],
      async collect() {
        await collect(this);
      },
    });
  }

  /** The exposition text: the public metrics, and the operators' too when asked by an operator. */
  async text(operator = false): Promise<string> {
    const open = await this.registry.metrics();
    return operator ? open + (await this.operatorRegistry.metrics()) : open;
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
