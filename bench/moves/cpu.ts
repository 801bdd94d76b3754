/**
 * What bench:moves measures besides time: CPU seconds of threads and processes from /proc
 * (Linux), the main thread's scheduling, and a V8 profile of the app's thread.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CpuProfile } from '../profile-table.js';

/** An inspector session on this (the app's) thread, with `post` as a promise. */
export async function openInspector(): Promise<{ post: (method: string, params?: object) => Promise<unknown>; close: () => void }> {
  const inspector = await import('node:inspector');
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  return { post, close: () => session.disconnect() };
}

/** Writes a V8 profile under bench/profiles/ (named `name` and the time); answers its path. */
export function saveProfile(name: string, extension: string, profile: unknown): string {
  const dir = join(__dirname, '..', '..', '..', 'bench', 'profiles');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.${extension}`);
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

/** Starts the V8 profiler on this (the app's) thread; stop() writes the .cpuprofile and a summary. */
export async function startProfile(): Promise<{ stop: (name: string) => Promise<string> }> {
  const { post, close } = await openInspector();
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return {
    stop: async (name: string) => {
      const { profile } = (await post('Profiler.stop')) as { profile: CpuProfile };
      close();
      return `${saveProfile(name, 'cpuprofile', profile)}\n${summariseProfile(profile)}`;
    },
  };
}

/** Busy time by package (inclusive, each package once per sample) and the top functions by self time. */
function summariseProfile(profile: CpuProfile): string {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfTime = new Map<number, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const fn = nodes.get(id)!.callFrame.functionName;
    if (fn === '(idle)' || fn === '(program)') return;
    selfTime.set(id, (selfTime.get(id) ?? 0) + profile.timeDeltas[i]);
    busy += profile.timeDeltas[i];
  });
  const where = (url: string): string => {
    const m = /node_modules\/(@[^/]+\/[^/]+|[^/]+)/.exec(url);
    if (m) return m[1];
    if (url.includes('/dist/src/')) return `app:${url.split('/dist/src/')[1].split('/')[0]}`;
    if (url.startsWith('node:')) return url;
    return url ? 'other' : '(native: GC, syscalls, JSON)';
  };
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, t] of selfTime) {
    const cf = nodes.get(id)!.callFrame;
    const fnKey = `${cf.functionName || '(anonymous)'} (${where(cf.url)})`;
    byFunction.set(fnKey, (byFunction.get(fnKey) ?? 0) + t);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = where(nodes.get(cur)!.callFrame.url);
      if (!seen.has(k)) {
        seen.add(k);
        byPackage.set(k, (byPackage.get(k) ?? 0) + t);
      }
    }
  }
  const pct = (t: number) => `${((100 * t) / busy).toFixed(1)}%`;
  const lines = [`  busy ${(busy / 1000).toFixed(0)} ms; inclusive share of the busy time by package:`];
  for (const [k, t] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 18)) lines.push(`    ${pct(t).padStart(6)}  ${k}`);
  lines.push('  top functions by self time:');
  for (const [k, t] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 15)) lines.push(`    ${pct(t).padStart(6)}  ${k}`);
  return lines.join('\n');
}

/**
 * CPU seconds (user + system) one thread has used, from /proc: `thread-self` for the calling
 * thread, `self/task/<pid>` for the main thread. CPU time, not wall time: on a shared machine a
 * starved thread's wall-clock busy time grows, its CPU time does not. NaN where there is no /proc.
 */
export function threadCpuSeconds(path: string): number {
  return statCpuSeconds(path) ?? Number.NaN;
}

/**
 * The main thread's scheduling, from /proc (Linux; null elsewhere): ns on a core, ns waiting for
 * one (runnable, not running), voluntary and involuntary context switches. With the event loop's
 * busy share this tells a loop that computes, one that waits for a core (a loaded machine) and
 * one blocked in a system call (busy, yet neither running nor waiting).
 */
export function mainThreadSched(): { runNs: number; waitNs: number; voluntary: number; involuntary: number } | null {
  try {
    const [runNs, waitNs] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    const status = readFileSync(`/proc/self/task/${process.pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { runNs, waitNs, voluntary: field('voluntary_ctxt_switches'), involuntary: field('nonvoluntary_ctxt_switches') };
  } catch {
    return null;
  }
}

/**
 * CPU seconds (user + system) of a process from /proc (Linux), or null; with `reaped`, also
 * those of its children that have exited and been waited for.
 */
export function cpuSecondsOf(pid: number, reaped = false): number | null {
  return statCpuSeconds(String(pid), reaped);
}

/** utime + stime (+ cutime + cstime with `reaped`) of /proc/`path`/stat, in seconds; null where it cannot be read. */
function statCpuSeconds(path: string, reaped = false): number | null {
  try {
    const stat = readFileSync(`/proc/${path}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    // in clock ticks (USER_HZ = 100)
    return (f[11] + f[12] + (reaped ? f[13] + f[14] : 0)) / 100;
  } catch {
    return null;
  }
}

/** CPU seconds of the postmaster and all its children (backends, walwriter…), live or exited. */
export function postgresCpuSeconds(postmasterPid: number): number {
  if (!existsSync('/proc')) return Number.NaN; // not Linux: no per-process CPU
  let total = cpuSecondsOf(postmasterPid, true) ?? 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmasterPid) total += cpuSecondsOf(Number(entry)) ?? 0;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

export interface CpuSnapshot {
  at: number;
  self: number;
  /** The app's main thread alone. */
  main: number;
  postgres: number;
  child: number;
}
