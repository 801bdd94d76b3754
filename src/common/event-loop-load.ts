import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/**
 * How busy this thread's event loop has been lately: the share of time it spent running code
 * (Node's event-loop utilization) over windows of at least `windowMs`. Read as often as you like:
 * a read within the current window answers the last full window's figure.
 */
export class EventLoopLoad {
  private mark: EventLoopUtilization;
  private markAt: number;
  private value = 0;

  constructor(
    private readonly windowMs = 1000,
    private readonly elu: (since?: EventLoopUtilization) => EventLoopUtilization = (since) => performance.eventLoopUtilization(since),
    private readonly now: () => number = () => performance.now(),
  ) {
    this.mark = this.elu();
    this.markAt = this.now();
  }

  /** The busy share (0..1) of the last full window. */
  current(): number {
    const t = this.now();
    if (t - this.markAt >= this.windowMs) {
      this.value = this.elu(this.mark).utilization;
      this.mark = this.elu();
      this.markAt = t;
    }
    return this.value;
  }
}
