import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

let lowered: number | null | undefined;

/**
 * Puts the calling worker thread at the lowest CPU priority (nice 19), once: the kernel then gives
 * it only what live play leaves over (at nice 19 a busy thread weighs about 1/70 of one at nice 0
 * under Linux's scheduler), yet it still gets a whole core when the machine is idle. Linux sets
 * priorities per thread: setpriority(PRIO_PROCESS, tid) takes the kernel's id of this thread,
 * read from /proc/thread-self. Elsewhere, or on the main thread (which serves requests), it does
 * nothing and answers null; otherwise it answers the thread's id.
 */
export function lowestPriorityForThisThread(): number | null {
  if (lowered !== undefined) return lowered;
  lowered = null;
  if (isMainThread) return null;
  try {
    const tid = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    if (!Number.isInteger(tid) || tid <= 0) return null;
    setPriority(tid, constants.priority.PRIORITY_LOW);
    lowered = tid;
  } catch {
    // Not Linux (no /proc/thread-self), or refused: the work still runs, at the normal priority.
  }
  return lowered;
}
