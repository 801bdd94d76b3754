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
}

/** The computer opponent's move (src/engine/levels.ts). Its threads keep the normal priority: it is live play. */
export function computerMove(task: ComputerTask): number {
  return chooseLevelMove(fromBoardString(task.board, task.toMove), task.level, { seed: task.seed, nodeLimit: task.nodeLimit });
}

export interface AnalysisTask {
  /** The game's move list as recorded (automatic passes included). */
  records: AnalysedRecord[];
}

/**
 * The analysis of a whole game (src/analysis/domain/analysis.ts), with the engine's time. Its
 * thread (the analysis pool's, never the CPU moves' or the main one) runs at the lowest CPU
 * priority: the kernel always prefers live play to an analysis.
 */
export function analyse(task: AnalysisTask): GameAnalysis & { engineMs: number } {
  lowestPriorityForThisThread();
  const started = performance.now();
  const analysis = analyseGame(task.records);
  return { ...analysis, engineMs: Math.round(performance.now() - started) };
}

export default cpuMove;
