/**
 * A background task of an app copy (a sweep, a prune, a batched write) run every `everyMs`: on a
 * timer that does not keep the process alive, one run at a time (a tick that comes while a run is
 * under way is skipped), a failure handed to `onError` (the task is tried again at the next tick),
 * and {@link stop} waits for the run under way, so no run outlives the module and its pool.
 */
export class Periodic {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;

  constructor(
    private readonly task: () => Promise<unknown>,
    private readonly onError: (err: unknown) => void,
  ) {}

  /**
   * Starts the timer (the first run comes after `everyMs`); once: a provider that Nest knows under
   * two tokens (PgThrottlerStorage is also the ThrottlerModule's storage) gets its init hook twice,
   * and a second timer would outlive stop().
   */
  start(everyMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.run(), everyMs);
    this.timer.unref();
  }

  /** Runs the task now unless a run is under way (then it waits for that one). */
  run(): Promise<void> {
    this.running ??= this.task()
      .then(() => undefined, this.onError)
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Stops the timer and waits for the run under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
