/**
 * Group commit of the move path's writes, in plain TypeScript (no framework): the app's
 * GamesRepository and the moves benchmark's bare SQL path run the same batcher and statements.
 */
import type { Statement } from '../database/db.js';
import { STEP, STEPS, stepsJson, type StepAnswer, type StepParams } from './step-statements.js';

/** Runs one autocommit statement (on a pool: never inside a unit of work) and answers its rows. */
export type RunStatement = <R>(statement: Statement<R>) => Promise<R[]>;

export interface StepBatcherOptions {
  /** Batch statements in flight at once (each holds one connection). */
  inFlight: number;
  /** Steps in one batch at most. */
  maxSteps: number;
}

export const STEP_BATCH_MAX = 64;

interface Waiting {
  params: StepParams;
  resolve(answer: StepAnswer | null): void;
  reject(err: unknown): void;
}

/**
 * Writes steps outside any unit of work. A step that finds a batch slot free goes at once, alone,
 * with STEP (no timer: no added latency at low load). When every slot is busy, steps wait; when a
 * statement returns, the waiting steps of different games (at most `maxSteps`, sorted by game id
 * so batches lock rows in one order) go together in one STEPS statement: one round trip, one
 * commit, one WAL flush for all of them, which is what PostgreSQL's CPU per move is mostly made
 * of under load. Two steps of one game never share a batch (the later waits for the next one), so
 * each step's condition means what it means alone. If a batch fails, each of its steps is written
 * alone with STEP, so one step's refused values fail only its own caller.
 */
export class StepBatcher {
  private waiting: Waiting[] = [];
  private running = 0;
  /** Statements sent and the steps they carried (the mean batch size, for the benchmark). */
  readonly stats = { statements: 0, steps: 0, batches: 0, fallbacks: 0 };

  constructor(
    private readonly run: RunStatement,
    private readonly options: StepBatcherOptions,
  ) {
    if (!(options.inFlight >= 1) || !(options.maxSteps >= 1)) throw new Error('StepBatcher: inFlight and maxSteps must be at least 1');
  }

  /** Writes a step (see STEP): the row's new version and both seats, or null when the step lost. */
  write(params: StepParams): Promise<StepAnswer | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ params, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.options.inFlight && this.waiting.length > 0) {
      const batch = this.take();
      this.running += 1;
      void this.send(batch).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  /** The next batch: waiting steps in arrival order, one per game, sorted by game id. */
  private take(): Waiting[] {
    if (this.waiting.length === 1) return this.waiting.splice(0, 1);
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const games = new Set<string>();
    for (const w of this.waiting) {
      if (batch.length < this.options.maxSteps && !games.has(w.params.id)) {
        games.add(w.params.id);
        batch.push(w);
      } else rest.push(w);
    }
    this.waiting = rest;
    return batch.sort((a, b) => (a.params.id < b.params.id ? -1 : a.params.id > b.params.id ? 1 : 0));
  }

  private async send(batch: Waiting[]): Promise<void> {
    this.stats.statements += 1;
    this.stats.steps += batch.length;
    if (batch.length === 1) return this.alone(batch[0]);
    this.stats.batches += 1;
    let rows: { n: number }[];
    try {
      rows = await this.run(STEPS({ steps: stepsJson(batch.map((w) => w.params)) }));
    } catch {
      // Nothing of the batch was written: each step alone, each caller with its own answer or error.
      this.stats.fallbacks += 1;
      this.stats.statements += batch.length;
      await Promise.all(batch.map((w) => this.alone(w)));
      return;
    }
    const written = new Map<number, StepAnswer>();
    for (const row of rows) written.set(row.n, row as StepAnswer & { n: number });
    batch.forEach((w, n) => w.resolve(written.get(n) ?? null));
  }

  private async alone(w: Waiting): Promise<void> {
    try {
      w.resolve((await this.run(STEP(w.params)))[0] ?? null);
    } catch (err) {
      w.reject(err);
    }
  }
}
