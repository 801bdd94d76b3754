/** A worker thread's task: the stand-in's move for a position (piscina runs it off the request loop). */
import { chooseCpuMove, fromBoardString, type Color } from '../engine/index.js';

export interface CpuTask {
  board: string;
  toMove: Color;
}

/** The CPU stand-in's move for the side to move. */
export function standInMove(task: CpuTask): number {
  return chooseCpuMove(fromBoardString(task.board, task.toMove), { nodeLimit: 20_000 });
}

export default standInMove;
