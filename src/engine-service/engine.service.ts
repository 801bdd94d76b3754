import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { EventLoopLoad } from '../common/event-loop-load.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { type Color, fromBoardString, legalMoves, squareName } from '../engine/index.js';
import type { GameAnalysis } from '../analysis/domain/analysis.js';
import { analyse, type AnalysisTask, computerMove, type ComputerTask, cpuMove, type CpuTask } from './cpu.worker.js';

/** How often a running computer search's "play is busy" flag is brought up to date. */
const YIELD_LOOK_MS = 50;

/**
 * The engine for Nest modules: the one way services ask for CPU moves (and legal squares outside
 * the games domain, which validates moves with src/engine directly, being pure itself).
 * CPU searches run in worker threads (piscina), never on the request event loop, and callers
 * run them with no game row locked and no pool connection held. Without a compiled worker file
 * beside this one (jest runs the sources) the search runs inline.
 */
@Injectable()
export class EngineService implements OnModuleDestroy {
  private readonly logger = new Logger(EngineService.name);
  private readonly pool: Piscina | null;
  /** Game analyses have threads of their own, so a CPU move never waits behind a whole game's analysis. */
  private readonly analysisPool: Piscina | null;
  /**
   * The computer opponent's searches have threads of their own, at the lowest CPU priority (as the
   * analyses): a strong level's second of search never makes a stand-in's move, or another game's,
   * wait; its deadline (computerMove's budgetMs) keeps its own move in time.
   */
  private readonly computerPool: Piscina | null;
  /**
   * Shared with the computer's threads: slot 0 is 1 while this copy's event loop is busier than
   * COMPUTER_YIELD_ABOVE, looked at every YIELD_LOOK_MS while a computer search is under way;
   * the search then runs only a slice of the time (cpu.worker.ts, yieldingPause).
   */
  private readonly playBusy = new Int32Array(new SharedArrayBuffer(4));
  private searching = 0;
  private looking: NodeJS.Timeout | null = null;
  /** The event loop's busy share over each look's period (the analysis runner's measure, over a shorter window). */
  private readonly load = new EventLoopLoad(YIELD_LOOK_MS);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    workerFile = join(__dirname, 'cpu.worker.js'),
  ) {
    const compiled = existsSync(workerFile);
    this.pool =
      config.cpuWorkers > 0 && compiled
        ? new Piscina({ filename: workerFile, minThreads: 0, maxThreads: config.cpuWorkers, idleTimeout: 60_000 })
        : null;
    this.analysisPool =
      (config.analysisWorkers ?? 0) > 0 && compiled
        ? new Piscina({ filename: workerFile, name: 'analyse', minThreads: 0, maxThreads: config.analysisWorkers, idleTimeout: 60_000 })
        : null;
    this.computerPool =
      (config.computerWorkers ?? 0) > 0 && compiled
        ? new Piscina({ filename: workerFile, name: 'computerMove', minThreads: 0, maxThreads: config.computerWorkers, idleTimeout: 60_000 })
        : null;
    if (!this.pool) this.logger.debug('CPU searches run inline (no worker threads)');
  }

  /** True when searches run in worker threads. */
  get threaded(): boolean {
    return this.pool !== null;
  }

  legalSquares(board: string, toMove: Color): string[] {
    return legalMoves(fromBoardString(board, toMove)).map(squareName);
  }

  /**
   * The CPU stand-in's move for the side to move (who must have a legal square): a shallow search
   * that picks at random among moves close to its best, never an exact endgame (src/engine/stand-in.ts).
   */
  standInMove(board: string, toMove: Color): Promise<number> {
    return this.run({ board, toMove, strength: 'stand-in' });
  }

  /** The project's full-strength CPU (depth-6 alpha-beta, exact endgame): tens of ms, so never inline in production. */
  bestMove(board: string, toMove: Color): Promise<number> {
    return this.run({ board, toMove, strength: 'full' });
  }

  /**
   * The computer opponent's move at its level (src/engine/levels.ts), on the computer's threads,
   * within `budgetMs` from now (queued time included) when given.
   */
  async computerMove(task: Omit<ComputerTask, 'deadline'>, budgetMs?: number): Promise<number> {
    const timed: ComputerTask = budgetMs === undefined ? task : { ...task, deadline: Date.now() + budgetMs };
    if (!this.computerPool) return computerMove(timed);
    this.startLooking();
    try {
      return (await this.computerPool.run({ ...timed, playBusy: this.yieldAbove < 1 ? this.playBusy : undefined })) as number;
    } finally {
      this.stopLooking();
    }
  }

  private get yieldAbove(): number {
    return this.config.computerYieldAbove ?? 1;
  }

  private startLooking(): void {
    if (this.searching++ > 0 || this.yieldAbove >= 1) return;
    this.load.current(); // closes the window under way: the first look measures from about now
    this.looking = setInterval(() => {
      const busy = this.load.current() > this.yieldAbove;
      Atomics.store(this.playBusy, 0, busy ? 1 : 0);
      if (!busy) Atomics.notify(this.playBusy, 0);
    }, YIELD_LOOK_MS);
    this.looking.unref();
  }

  private stopLooking(): void {
    if (--this.searching > 0 || !this.looking) return;
    clearInterval(this.looking);
    this.looking = null;
    Atomics.store(this.playBusy, 0, 0);
  }

  /**
   * The engine's analysis of a finished game (every move's value, exact from 16 empties; see
   * src/analysis/domain/analysis.ts): up to a second or two of one core, on the analysis threads.
   */
  async analyseGame(task: AnalysisTask): Promise<GameAnalysis & { engineMs: number }> {
    if (this.analysisPool) return (await this.analysisPool.run(task)) as GameAnalysis & { engineMs: number };
    return analyse(task);
  }

  private async run(task: CpuTask): Promise<number> {
    if (this.pool) return (await this.pool.run(task)) as number;
    return cpuMove(task);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.looking) clearInterval(this.looking);
    await Promise.all([this.pool?.destroy(), this.analysisPool?.destroy(), this.computerPool?.destroy()]);
  }
}
