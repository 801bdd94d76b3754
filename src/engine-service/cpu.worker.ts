/** Worker-thread tasks: CPU searches run here (piscina), off the request event loop. */
import { chooseCpuMove, chooseStandInMove, fromBoardString, type Color } from '../engine/index.js';

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

export default cpuMove;
