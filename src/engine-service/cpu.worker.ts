/** Worker-thread tasks: CPU searches and game analyses run here (piscina), off the request event loop. */
import { analyseGame, type AnalysedRecord, type GameAnalysis } from '../analysis/domain/analysis.js';
import { chooseCpuMove, chooseStandInMove, fromBoardString, type Color } from '../engine/index.js';
import { chooseLevelMove, type ComputerLevel } from '../engine/levels.js';
import { lowestPriorityForThisThread } from './thread-priority.js';

export interface CpuTask {
  board: string;
  toMove: Color;
  /** 'stand-in': the modest, unpredictable player for absent seats; 'full': the project's strongest search. */
  strength: 'stand-in' | 'full';
}

export function cpuMove(task: CpuTask): number {
  const position = fromBoardString(task.board, task.toMove);
  return task.strength === 'full' ? chooseCpuMove(position) : chooseStandInMove(position);
}

export interface ComputerTask {
  board: string;
  toMove: Color;
  level: ComputerLevel;
  seed: number;
  /** The strongest level's node budget (from the time it may spend). */
  nodeLimit?: number;
  /** The strongest level's deadline, in ms since the epoch (Date.now(): the same in every thread). */
  deadline?: number;
  /**
   * Shared with the main thread (a SharedArrayBuffer): its slot 0 is 1 while the copy is busy
   * with play, and then the strongest level's search runs only a slice of each period (yieldingPause).
   */
  playBusy?: Int32Array;
}

/** While play is busy the computer's search runs this long, then waits the rest of the period (a tenth of a core). */
export const YIELD_RUN_MS = 2;
export const YIELD_WAIT_MS = 18;

/**
 * The search's pause (CpuOptions.pause) on a thread that yields to play: when `busy[0]` is 1 and
 * the search has run YIELD_RUN_MS since it last waited, it waits YIELD_WAIT_MS (woken early when
 * play quietens). Measured on 2 cores (bench:computer): the lowest CPU priority alone (nice 19)
 * still took 16 % of the other games' moves a second; yielding, 1–7 %, within the bench's noise.
 */
export function yieldingPause(
  busy: Int32Array,
  now: () => number = () => performance.now(),
  wait: (ms: number) => void = (ms) => Atomics.wait(busy, 0, 1, ms),
): () => void {
  let ranSince = now();
  return () => {
    const t = now();
    if (Atomics.load(busy, 0) === 0) {
      ranSince = t;
      return;
    }
    if (t - ranSince < YIELD_RUN_MS) return;
    wait(YIELD_WAIT_MS);
    ranSince = now();
  };
}

/**
 * The computer opponent's move (src/engine/levels.ts). On its own threads it runs at the lowest CPU
 * priority, as the analyses do: a level-8 search takes whole seconds of a core, and on a small
 * machine the other games' moves (the main thread, PostgreSQL) come first. Its deadline keeps its
 * move within the time it may spend however little of a core it gets; it searches less deep then.
 */
export function computerMove(task: ComputerTask): number {
  lowestPriorityForThisThread();
  const pause = task.playBusy ? yieldingPause(task.playBusy) : undefined;
  return chooseLevelMove(fromBoardString(task.board, task.toMove), task.level, { seed: task.seed, nodeLimit: task.nodeLimit, deadline: task.deadline, now: Date.now, pause });
}

export interface AnalysisTask {
  /** The game's move list as recorded (automatic passes included). */
  records: AnalysedRecord[];
}

/**
 * The analysis of a whole game (src/analysis/domain/analysis.ts), with the engine's time. Its
 * thread (the analysis pool's, never the stand-in's or the main one) runs at the lowest CPU
 * priority: the kernel always prefers live play to an analysis.
 */
export function analyse(task: AnalysisTask): GameAnalysis & { engineMs: number } {
  lowestPriorityForThisThread();
  const started = performance.now();
  const analysis = analyseGame(task.records);
  return { ...analysis, engineMs: Math.round(performance.now() - started) };
}

export default cpuMove;
