/**
 * Bytes the app's thread allocates, and where: V8's sampling heap profiler over a level, counting
 * the objects the scavenger and the mark-compactor have already collected too (by default a
 * sampling profile holds only what is still alive, and almost all of a move's garbage dies young).
 * Each sample stands for about `interval` bytes allocated at its stack, so the totals are estimates
 * of the allocation, not of what stays.
 */
import { openInspector, saveProfile } from './cpu.js';

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

/** One sample every 8 KiB on average: a few thousand samples in a level of 20 s. */
const INTERVAL = 8192;

export async function startHeapProfile(): Promise<{ stop: (name: string, moves: number) => Promise<string> }> {
  const { post, close } = await openInspector();
  await post('HeapProfiler.enable');
  await post('HeapProfiler.startSampling', { samplingInterval: INTERVAL, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  return {
    stop: async (name: string, moves: number) => {
      const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: { head: HeapNode } };
      await post('HeapProfiler.disable');
      close();
      return `${saveProfile(name, 'heapprofile', profile)}\n${summariseHeap(profile.head, moves)}`;
    },
  };
}

/** Where a frame's code lives: a package, a part of the app (dist/src/<part>), Node's own, or V8's. */
function where(url: string): string {
  const m = /node_modules\/(@[^/]+\/[^/]+|[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.includes('/dist/src/')) return `app:${url.split('/dist/src/')[1]}`;
  if (url.startsWith('node:')) return url;
  return url ? 'other' : '(native)';
}

/** Bytes a move by allocating function (self) and by package or app file (inclusive, once per stack). */
export function summariseHeap(head: HeapNode, moves: number): string {
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode, stack: HeapNode[]) => {
    const path = [...stack, node];
    if (node.selfSize > 0) {
      total += node.selfSize;
      const cf = node.callFrame;
      // A builtin (JSON.parse, Array.prototype.map …) counts for its nearest JavaScript caller too.
      const caller = [...path].reverse().find((n) => n.callFrame.url);
      const key = `${cf.functionName || '(anonymous)'} ${cf.url ? `(${where(cf.url)}:${cf.lineNumber + 1})` : `← ${caller ? `${caller.callFrame.functionName || '(anonymous)'} (${where(caller.callFrame.url)}:${caller.callFrame.lineNumber + 1})` : '?'}`}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + node.selfSize);
      const seen = new Set<string>();
      for (const n of path) {
        const k = where(n.callFrame.url);
        if (!seen.has(k)) {
          seen.add(k);
          byModule.set(k, (byModule.get(k) ?? 0) + node.selfSize);
        }
      }
    }
    for (const c of node.children) walk(c, path);
  };
  walk(head, []);
  const perMove = (b: number) => `${(b / Math.max(1, moves) / 1024).toFixed(1).padStart(7)} KB`;
  const lines = [`  allocated ≈ ${perMove(total).trim()} a move (${moves} moves); inclusive by package / app file:`];
  for (const [k, b] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, 25)) lines.push(`    ${perMove(b)}  ${k}`);
  lines.push('  top allocating functions (self; a builtin ← its JavaScript caller):');
  for (const [k, b] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 40)) lines.push(`    ${perMove(b)}  ${k}`);
  return lines.join('\n');
}
