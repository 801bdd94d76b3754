/**
 * bench:moves --tail: where the slowest moves' time goes. For each move POST the app in this
 * process records when the request reached it, when its answer was written, and within it the
 * time waiting for a pool connection and the time its statements were out (sent until their
 * results were back in JavaScript); the driver records when it sent the move and when the answer
 * was back. Matched by game and ply, a slow move's time splits into: before the app saw it (the
 * driver's and the app's event loops, the kernel), the pool, the statements (PostgreSQL, and the
 * app's loop before it reads a result), the rest of the app's own work and queueing, and after
 * the answer left. Besides: the app's event-loop delay and its garbage collections over the level.
 * Costs some CPU itself (an AsyncLocalStorage around each request): not for CPU figures.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import type { default as Pg } from 'pg';

/** Absolute milliseconds (the same clock in the worker and the main thread). */
export const wallNow = (): number => performance.timeOrigin + performance.now();

/** One move as the driver saw it: the game and ply, when it was sent and how long it took. */
export interface SentMove {
  key: string;
  sentAt: number;
  ms: number;
  /** The move ended its game (a rated game's end also writes ratings and queues its analysis). */
  ended: boolean;
}

interface ServedMove {
  key: string;
  arrival: number;
  end: number;
  poolWaitMs: number;
  statementMs: number;
  statements: number;
  connects: number;
}

const GC_KINDS: Record<number, string> = { 1: 'scavenge', 2: 'mark-compact', 4: 'incremental marking', 8: 'weak callbacks' };

const quantile = (sorted: number[], q: number): number => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

/**
 * Watches the app's event-loop delay and GC; with `requests`, also hooks its HTTP server and pg
 * for the split of each move's time (--tail; --gc alone costs next to nothing). start() and stop()
 * bracket a level.
 */
export function installTailProbe(server: Server, pgLib: typeof Pg, requests: boolean): { start: () => void; stop: (sent: SentMove[], moves: number) => string } {
  const als = new AsyncLocalStorage<ServedMove>();
  let served: ServedMove[] = [];
  let active = false;
  if (requests) hookRequests();
  function hookRequests(): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = active && req.method === 'POST' ? /^\/api\/games\/([^/]+)\/moves/.exec(req.url ?? '') : null;
    if (!match) {
      for (const l of listeners) l.call(server, req, res);
      return;
    }
    const rec: ServedMove = { key: '', arrival: wallNow(), end: 0, poolWaitMs: 0, statementMs: 0, statements: 0, connects: 0 };
    res.once('finish', () => {
      rec.end = wallNow();
      rec.key = `${match[1]}:${(req as IncomingMessage & { body?: { ply?: number } }).body?.ply}`;
      served.push(rec);
    });
    als.run(rec, () => {
      for (const l of listeners) l.call(server, req, res);
    });
  });
  const clientProto = pgLib.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = clientProto.query;
  clientProto.query = function (this: unknown, ...args: unknown[]) {
    const rec = als.getStore();
    // Only the pool's clients (pg-pool gives each a release): the LISTEN connection's batched NOTIFY
    // goes out in whichever request's context kicked it, and no answer waits for it.
    if (!rec || typeof (this as { release?: unknown }).release !== 'function') return query.apply(this, args);
    const t0 = wallNow();
    rec.statements += 1;
    const done = () => void (rec.statementMs += wallNow() - t0);
    // The pool's own query() passes a callback; TypeORM and a transaction's statements await a promise.
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...a: unknown[]) => unknown;
      args[last] = (...results: unknown[]) => {
        done();
        return callback(...results);
      };
    }
    const result = query.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
    return result;
  };
  const poolProto = pgLib.Pool.prototype as unknown as { connect: (...args: unknown[]) => unknown };
  const connect = poolProto.connect;
  poolProto.connect = function (this: unknown, ...args: unknown[]) {
    const rec = als.getStore();
    const callback = args[0];
    if (!rec || typeof callback !== 'function') return connect.apply(this, args);
    const t0 = wallNow();
    rec.connects += 1;
    return connect.call(this, (...results: unknown[]) => {
      rec.poolWaitMs += wallNow() - t0;
      // A connection freed by another request calls back in that request's context: back to ours.
      return als.run(rec, () => (callback as (...a: unknown[]) => unknown)(...results));
    });
  };
  }

  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  let gcs: { kind: number; ms: number }[] = [];
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ kind: (e as unknown as { detail: { kind: number } }).detail.kind, ms: e.duration });
  });
  return {
    start: () => {
      served = [];
      gcs = [];
      active = true;
      loopDelay.reset();
      loopDelay.enable();
      gcObserver.observe({ entryTypes: ['gc'] });
    },
    stop: (sent: SentMove[], moves: number) => {
      active = false;
      loopDelay.disable();
      gcObserver.disconnect();
      const byKey = new Map(served.map((s) => [s.key, s]));
      const lines: string[] = [];
      const ms = (ns: number) => (ns / 1e6).toFixed(1);
      lines.push(`  tail: app event-loop delay p50 ${ms(loopDelay.percentile(50))} ms, p99 ${ms(loopDelay.percentile(99))} ms, max ${ms(loopDelay.max)} ms (5 ms resolution)`);
      const gcLine = Object.entries(GC_KINDS)
        .map(([kind, name]) => {
          const of = gcs.filter((g) => g.kind === Number(kind));
          if (!of.length) return null;
          const total = of.reduce((n, g) => n + g.ms, 0);
          return `${name} ${of.length}× ${total.toFixed(0)} ms (max ${Math.max(...of.map((g) => g.ms)).toFixed(1)})`;
        })
        .filter(Boolean)
        .join(', ');
      const gcTotal = gcs.reduce((n, g) => n + g.ms, 0);
      lines.push(`  tail: GC on the app's thread: ${gcLine || 'none'}; ${((1000 * gcTotal) / Math.max(1, moves)).toFixed(1)} µs a move`);
      if (!requests) return lines.join('\n');
      const sorted = [...sent].sort((a, b) => a.ms - b.ms);
      const split = (label: string, band: SentMove[]) => {
        const parts = { before: 0, pool: 0, statements: 0, app: 0, after: 0, total: 0, n: 0, statementsSent: 0, ended: 0, connects: 0 };
        for (const s of band) {
          if (s.ended) parts.ended += 1;
          const v = byKey.get(s.key);
          if (!v) continue;
          parts.n += 1;
          parts.total += s.ms;
          parts.before += v.arrival - s.sentAt;
          parts.pool += v.poolWaitMs;
          parts.statements += v.statementMs;
          parts.app += v.end - v.arrival - v.poolWaitMs - v.statementMs;
          parts.after += s.sentAt + s.ms - v.end;
          parts.statementsSent += v.statements;
          parts.connects += v.connects;
        }
        const avg = (x: number) => (x / Math.max(1, parts.n)).toFixed(1);
        lines.push(
          `  tail: ${label} (${band.length} moves, ${parts.ended} of them a game's last; ${parts.n} matched), average ms: total ${avg(parts.total)} = before the app saw it ${avg(parts.before)} + pool wait ${avg(parts.pool)} (${(parts.connects / Math.max(1, parts.n)).toFixed(2)} connections taken) + ` +
            `statements out ${avg(parts.statements)} (${(parts.statementsSent / Math.max(1, parts.n)).toFixed(2)} a move) + the app's own and its queue ${avg(parts.app)} + after the answer left ${avg(parts.after)}`,
        );
      };
      split('slowest 1 %', sorted.slice(Math.floor(0.99 * sorted.length)));
      split('p45–p55', sorted.slice(Math.floor(0.45 * sorted.length), Math.floor(0.55 * sorted.length)));
      split("every game's last move", sorted.filter((s) => s.ended));
      split('every other move', sorted.filter((s) => !s.ended));
      const serverMs = served.map((s) => s.end - s.arrival).sort((a, b) => a - b);
      lines.push(`  tail: time in the app (request event to answer written) p50 ${quantile(serverMs, 0.5).toFixed(1)} ms, p99 ${quantile(serverMs, 0.99).toFixed(1)} ms; as the driver saw it p50 ${quantile(sorted.map((s) => s.ms), 0.5).toFixed(1)}, p99 ${quantile(sorted.map((s) => s.ms), 0.99).toFixed(1)}`);
      return lines.join('\n');
    },
  };
}
