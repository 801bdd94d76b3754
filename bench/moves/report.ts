/** bench:moves's tables: the app's levels beside the ceiling measured in the same run. */
import { quantile } from '../common.js';
import type { CeilingResult, ProbeResult } from './ceiling.js';
import type { BotClient, DriveMode, LevelOutput } from './driver.js';

export interface LevelResult {
  mode: DriveMode;
  client: BotClient;
  copies: number;
  clients: number;
  games: number;
  out: LevelOutput;
  /** self: this whole process (app threads and the driver); main: the app's main thread alone. */
  cpu: { self: number; main: number; postgres: number; child: number };
  appUtilization: number;
  xactsPerMove: number;
  /** Statements the app sent per move (one copy only: the second copy's are not counted). */
  statementsPerMove: number | null;
  /** Steps a move-write statement carried on average in copy 1 (the group commit's mean batch size). */
  stepsPerStatement: number;
}

/**
 * The app's CPU time per move, in ms: this process's CPU (every thread: the app's main thread,
 * libuv's, V8's GC helpers) less the load driver's thread. CPU time rather than the event loop's
 * busy time, which on a machine shared by other jobs also counts the time the loop waited for a core.
 */
export function appCpuMs(r: LevelResult): number {
  return ((r.cpu.self - r.out.driverCpuSeconds) / Math.max(1, r.out.moves)) * 1000;
}

/**
 * {@link appCpuMs} less what the app would have spent idle over the level (`idleCpuPerSecond`, its
 * CPU with no requests, in ms a second): the moves' own CPU.
 */
function appMoveCpuMs(r: LevelResult, idleCpuPerSecond: number): number {
  return (((r.cpu.self - r.out.driverCpuSeconds) * 1000 - (idleCpuPerSecond * r.out.elapsedMs) / 1000) / Math.max(1, r.out.moves));
}

/** The ceiling's figures by client count: pgbench (b), and the bare SQL path (c) held and read + write. */
export interface Ceiling {
  ceilings: Map<number, CeilingResult | string>;
  probes: Map<number, ProbeResult>;
  loadProbes: Map<number, ProbeResult>;
}

/** Prints the run's tables (markdown, as BENCHMARKS.md keeps them). */
export function printTables(results: LevelResult[], { ceilings, probes, loadProbes }: Ceiling, options: { browsers: boolean; idleCpuPerSecond: number }): void {
  console.log('| clients | (a) app moves/s | p50 ms | p95 ms | p99 ms | **app CPU ms/move** | less idle | main thread CPU ms/move | app loop busy ms/move (wall) | PG CPU ms/move | (b) pgbench tps | PG CPU ms/txn | (c) bare SQL moves/s | (c) p99 ms | **a/b** | a/c | **c/b** | read + write c/b |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results.filter((x) => x.copies === 1 && x.mode === 'bare')) {
    const sorted = Float64Array.from(r.out.latencies).sort();
    const s = r.out.elapsedMs / 1000;
    const a = r.out.moves / s;
    const c = ceilings.get(r.clients);
    const pr = probes.get(r.clients);
    const prSorted = pr ? Float64Array.from(pr.latencies).sort() : null;
    const probeRate = pr ? pr.moves / pr.seconds : Number.NaN;
    const lp = loadProbes.get(r.clients);
    const appMs = appCpuMs(r);
    const mainMs = (r.cpu.main / Math.max(1, r.out.moves)) * 1000;
    const loopMs = ((r.appUtilization * s) / Math.max(1, r.out.moves)) * 1000;
    const pgMs = (r.cpu.postgres / Math.max(1, r.out.moves)) * 1000;
    const b = c && typeof c !== 'string' ? c : null;
    console.log(
      `| ${r.clients}${r.client === 'bare' ? '' : ` (${r.client})`} | **${Math.round(a)}** | ${quantile(sorted, 0.5).toFixed(1)} | ${quantile(sorted, 0.95).toFixed(1)} | ${quantile(sorted, 0.99).toFixed(1)} | ` +
        `**${appMs.toFixed(3)}** | ${appMoveCpuMs(r, options.idleCpuPerSecond).toFixed(3)} | ${mainMs.toFixed(3)} | ${loopMs.toFixed(3)} | ${pgMs.toFixed(3)} | ${b ? Math.round(b.tps) : '—'} | ${b ? ((b.postgresCpu / (b.tps * b.seconds)) * 1000).toFixed(3) : '—'} | ` +
        `${pr ? Math.round(probeRate) : '—'} | ${prSorted ? quantile(prSorted, 0.99).toFixed(1) : '—'} | **${b ? `${((a / b.tps) * 100).toFixed(1)}%` : '—'}** | ${pr ? `${((a / probeRate) * 100).toFixed(1)}%` : '—'} | ` +
        `**${b && pr ? `${((probeRate / b.tps) * 100).toFixed(1)}%` : '—'}** | ${b && lp ? `${((lp.moves / lp.seconds / b.tps) * 100).toFixed(1)}%` : '—'} |`,
    );
  }
  if (options.browsers) {
    console.log('\nPlayers as browsers (one copy): the same server, pgbench and bare SQL as above, same run.\n');
    console.log('| clients (games at once) | clients behave as | moves/s | API requests/move in play | page-load reads/game | event streams | p50 ms | p99 ms | app CPU ms/move | PG CPU ms/move | **moves/s ÷ pgbench tps** | moves/s ÷ bare SQL |');
    console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results.filter((x) => x.copies === 1)) {
      const sorted = Float64Array.from(r.out.latencies).sort();
      const s = r.out.elapsedMs / 1000;
      const a = r.out.moves / s;
      const c = ceilings.get(r.clients);
      const b = c && typeof c !== 'string' ? c : null;
      const pr = probes.get(r.clients);
      const probeRate = pr ? pr.moves / pr.seconds : Number.NaN;
      const what = r.mode === 'bare' ? 'bots (moves only)' : r.mode === 'browsers' ? 'browsers, events carry the state' : 'browsers, read after each event (before)';
      console.log(
        `| ${r.clients} | ${what} | **${Math.round(a)}** | ${(r.out.requests / Math.max(1, r.out.moves)).toFixed(2)} | ${r.out.pageLoads ? (r.out.loadRequests / r.out.pageLoads).toFixed(1) : '—'} | ${r.out.streams} | ${quantile(sorted, 0.5).toFixed(1)} | ${quantile(sorted, 0.99).toFixed(1)} | ` +
          `${appCpuMs(r).toFixed(3)} | ${((r.cpu.postgres / Math.max(1, r.out.moves)) * 1000).toFixed(3)} | ` +
          `**${b ? `${((a / b.tps) * 100).toFixed(1)}%` : '—'}** | ${pr ? `${((a / probeRate) * 100).toFixed(1)}%` : '—'} |`,
      );
    }
    console.log('\n(browsers: each game is two players and a watcher, as pages of the shipped client: page-load reads, each page\'s');
    console.log(' game stream and the players\' /api/me/events, a move on one\'s turn from the state held; requests/move in play counts');
    console.log(' every API request but the streams and the page loads (8 a game: 3 per player, 2 for the watcher); "before" reads');
    console.log(' the game on every page after each move event that is news to it, as the client did.)\n');
  }
  console.log('\n(a) the app over HTTP, one copy; app CPU ms/move is CPU time (user + system) of this process less the load driver\'s');
  console.log(' thread (/proc), per move; less idle: less the app\'s CPU with no requests over as long (measured before the levels); main thread: the app\'s JavaScript thread alone; app loop busy: its event loop\'s wall-clock busy');
  console.log(' time per move, which also counts waiting for a core on a loaded machine; (b) pgbench running lock game + insert move + update game as one transaction, -M prepared, same');
  console.log(' client count, same server; (c) the app\'s own move SQL and pure domain from a bare pg pool of the app\'s size: one conditional');
  console.log(' write a move on the game as the last write left it (the app\'s GameCache), through the app\'s group commit (moves of other games waiting meanwhile share one');
  console.log(' statement: "steps a write statement"); read + write: a read of the game before each.)\n');
  console.log('| app copies | clients | games | moves | seconds | moves/s | p50 ms | p95 ms | p99 ms | max ms | errors | CPU: app copy 1 + driver | CPU: copy 2 | CPU: PostgreSQL | app 1 loop | driver loop | driver CPU ms/move | PG xacts/move | statements/move | steps a write statement |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const sorted = Float64Array.from(r.out.latencies).sort();
    const s = r.out.elapsedMs / 1000;
    const cores = (cpuSeconds: number) => `${(cpuSeconds / s).toFixed(2)}`;
    console.log(
      `| ${r.copies} | ${r.clients}${r.client === 'bare' ? '' : ` (${r.client})`} | ${r.games} | ${r.out.moves} | ${s.toFixed(1)} | **${Math.round(r.out.moves / s)}** | ${quantile(sorted, 0.5).toFixed(1)} | ` +
        `${quantile(sorted, 0.95).toFixed(1)} | ${quantile(sorted, 0.99).toFixed(1)} | ${sorted[sorted.length - 1]?.toFixed(1) ?? '—'} | ${r.out.errors.length} | ` +
        `${cores(r.cpu.self)} | ${r.copies === 2 ? cores(r.cpu.child) : '—'} | ${cores(r.cpu.postgres)} | ${r.appUtilization.toFixed(2)} | ${r.out.driverUtilization.toFixed(2)} | ${((r.out.driverCpuSeconds / Math.max(1, r.out.moves)) * 1000).toFixed(3)} | ${r.xactsPerMove.toFixed(2)} | ${r.statementsPerMove?.toFixed(2) ?? '—'} | ${r.stepsPerStatement.toFixed(2)} |`,
    );
  }
  console.log('\n(p50…max: latency of one POST /api/games/:id/moves as the client sees it. CPU columns: cores used on average, from /proc;');
  console.log(' "app copy 1 + driver" is this whole process: the app in the main thread, whose event-loop busy share is "app 1 loop",');
  console.log(' and the load driver in a worker thread, whose busy share is "driver loop" and CPU time a move (its thread, /proc)');
  console.log(' "driver CPU ms/move" (the bots send a move with a bare HTTP/1.1 client, bench/moves/bare-http.ts, unless --driver node-http). PG xacts/move: committed + rolled-back');
  console.log(' transactions in pg_stat_database per move; statements/move: queries the app sent per move, counted in copy 1.)\n');
}
