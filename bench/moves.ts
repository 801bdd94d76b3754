/**
 * Load benchmark of the hot path, POST /api/games/:id/moves, over real HTTP.
 *
 *   npm run build && node dist/bench/moves.js [--clients 16,64,128] [--seconds 30] [--copies 1,2]
 *   add --app-only to skip pgbench and the bare-SQL probe (the app's CPU per move, before/after)
 *   add --analysis to keep the analysis of finished games running (off by default: see ANALYSIS)
 *   add --heap for the bytes the app allocates a move and where (bench/moves/heap.ts)
 *   add --tail for where the slowest moves' time goes, the app's GC and event-loop delay (bench/moves/tail.ts); --gc for the last two alone
 *   add --unix-socket to reach PostgreSQL by its Unix socket instead of 127.0.0.1 (see UNIX_SOCKET)
 *   MOVE_WRITE_BATCHES=n in the environment: the group commit's statements in flight (app and bare SQL path)
 *   add --driver bare,node-http to run each one-copy level with each bots' HTTP client in turn (see DRIVERS)
 *
 * It starts everything itself: an embedded PostgreSQL (the project's own) in a temporary directory (not kept),
 * the migrations, the real app (createApp, as `serve` builds it) on 127.0.0.1 in this process
 * and, for the two-copy runs, a second copy as a child process (`node dist/src/cli.js serve`:
 * passport's strategies are process-global, so a second app in this process would share them).
 *
 * A pool of players is registered once, two per client (no two concurrent games share a player).
 * Per concurrency level C it creates ranked games (as the ranked queue does, through the app's
 * GamesService), enough games for C
 * clients to stay busy for --seconds at 1.5× the best rate so far, warm-up included (at most 200 per
 * client), then C clients each play their games one after the other: random legal moves picked
 * with the engine from the board the previous response returned, with the token of whichever
 * side is to move, until the level's --seconds are over (the games then in play stay unfinished).
 * The clients run in a worker thread (its own event loop, so the app in the main thread is not
 * slowed by the load driver's JavaScript; it still shares the machine's cores) over keep-alive
 * HTTP to 127.0.0.1 only, with a bare HTTP/1.1 client that costs the driver half of what Node's
 * `http` did (bench/moves/bare-http.ts). Bounded in count (games created) and time (--seconds per level).
 *
 * Afterwards it VERIFIES every game in the database: the moves table holds exactly `ply` rows
 * with plies 0..ply-1, replaying them with the engine gives each row (colour, square, pass,
 * flips), the stored board, side to move and result; every move a client had acknowledged
 * (201, or 200 for a retried one) is there and no other; finished rated games have their two
 * rating_history rows. Exit code 1 if anything is off.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { benchAppEnv } from './common.js';
import { findPgbench, probeLine, runPgbench, runProbe, waitForAnalysis, type CeilingResult, type ProbeResult } from './moves/ceiling.js';
import { cpuSecondsOf, mainThreadSched, postgresCpuSeconds, startProfile, threadCpuSeconds, type CpuSnapshot } from './moves/cpu.js';
import { startWorker, type BotClient, type DriveMode } from './moves/driver.js';
import { printTables, type LevelResult } from './moves/report.js';
import { api, registerPlayers, startGames, viaUnixSocket, type CreateRanked, type Seat } from './moves/setup.js';
import { startHeapProfile } from './moves/heap.js';
import { installTailProbe } from './moves/tail.js';
import { verify } from './moves/verify.js';
import { spawnServe, stopServed, waitHealthy, type Served } from './served.js';

function listArg(name: string, fallback: number[]): number[] {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const values = (process.argv[i + 1] ?? '').split(',').map(Number);
  if (values.length === 0 || values.some((v) => !Number.isInteger(v) || v <= 0)) throw new Error(`--${name} needs positive whole numbers, comma-separated`);
  return values;
}
const numArg = (name: string, fallback: number): number => listArg(name, [fallback])[0];

const CLIENTS = listArg('clients', [64]);
const COPIES = listArg('copies', [1, 2]);
/** Length of each level (and of the warm-ups, a quarter of it). */
const SECONDS = numArg('seconds', 20);
const MAX_GAMES_PER_CLIENT = 200;
const MAX_CLIENTS = 512;
if (COPIES.some((c) => c > 2)) throw new Error('--copies: 1 and/or 2');
if (Math.max(...CLIENTS) > MAX_CLIENTS) throw new Error(`--clients: at most ${MAX_CLIENTS}`);

/** --profile: a CPU profile of the app's thread (main) during each one-copy level, written under bench/profiles/. */
const PROFILE = process.argv.includes('--profile');
/** --heap: V8's sampling heap profiler on the app's thread during each one-copy level: bytes allocated a move, and where. */
const HEAP = process.argv.includes('--heap');
/**
 * --browsers: also runs each client count (one copy) with the clients behaving as browsers do
 * (see DriveMode): first as the client before events carried the state, then as the shipped one.
 */
const BROWSERS = process.argv.includes('--browsers');
/**
 * --analysis: keep the analysis of finished games running in the app (ANALYSIS_WORKERS 1, the
 * default of a server). Off by default here: every finished game is an analysis job of ~0.4 s of a
 * core on a worker thread (bench:analysis measures it) at the lowest CPU priority. With it, the
 * ceiling (pgbench and the bare SQL path) waits until the queue has drained (waitForAnalysis).
 */
const ANALYSIS = process.argv.includes('--analysis');
/** --app-only: the app's levels alone, without (b) and (c): for before/after runs of the app's CPU per move. */
const APP_ONLY = process.argv.includes('--app-only');
/**
 * --no-standing: the token standing check (TokenStanding.refusal, the in-memory revocation cache
 * every token verification asks) answers "stands" at once: the move path without the check, to run
 * beside a run without the flag.
 */
const NO_STANDING = process.argv.includes('--no-standing');
/**
 * --unix-socket: every connection (the app's copies, pgbench, the bare SQL path) reaches the
 * embedded PostgreSQL by its Unix socket instead of 127.0.0.1: no TCP stack on loopback, to run
 * beside a run without the flag.
 */
const UNIX_SOCKET = process.argv.includes('--unix-socket');

/** --tail: where the slowest moves' time goes, GC and event-loop delay (bench/moves/tail.ts); costs CPU itself. --gc: GC and loop delay alone. */
const TAIL = process.argv.includes('--tail');
const GC = TAIL || process.argv.includes('--gc');
/**
 * --driver bare,node-http,...: the bots' HTTP client for each one-copy level, in this order (the
 * level runs once per entry): `bare` (the default, bench/moves/bare-http.ts) or `node-http` (Node's
 * `http` module, the driver before it), to compare the two in one run.
 */
const DRIVERS = ((i) => {
  const list = i < 0 ? ['bare'] : (process.argv[i + 1] ?? '').split(',');
  if (list.some((d) => d !== 'bare' && d !== 'node-http')) throw new Error('--driver: bare and/or node-http, comma-separated');
  return list as BotClient[];
})(process.argv.indexOf('--driver'));

/** --probe-variants: also runs (c) without the NOTIFY of the events, to show what the fan-out costs. */
const PROBE_VARIANTS = process.argv.includes('--probe-variants');

const JWT_SECRET = 'bench-moves-secret-0123456789abcdef';
/** The app's settings for the run (both copies). CPU stand-ins would skew the numbers: out of the way. */
const APP_ENV: Record<string, string> = benchAppEnv(JWT_SECRET, {
  // Every page of --browsers holds its streams from 127.0.0.1.
  SSE_STREAMS_PER_ADDRESS: '1000000',
  // See --analysis.
  ANALYSIS_WORKERS: ANALYSIS ? '1' : '0',
  // The group commit's statements in flight (the app's and the bare SQL path's), to compare settings.
  ...(process.env.MOVE_WRITE_BATCHES ? { MOVE_WRITE_BATCHES: process.env.MOVE_WRITE_BATCHES } : {}),
});
/** Fewer than a real game has (~60 records), so the clients rather have games to spare. */
const MOVES_PER_GAME_LOW = 50;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  // Loaded here, not at the top: the load driver (a worker running this file) needs none of it.
  const { default: pgLib } = await import('pg');
  // Count (and on demand record) the statements the app in this process sends: every pool client is a pg.Client.
  const statements = { count: 0, recording: null as string[] | null };
  const clientProto = pgLib.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const realQuery = clientProto.query;
  clientProto.query = function (this: unknown, ...args: unknown[]) {
    statements.count += 1;
    if (statements.recording) {
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | null)?.text ?? '?');
      statements.recording.push(text.replace(/\s+/g, ' ').trim());
    }
    return realQuery.apply(this, args);
  };
  const { createApp } = await import('../src/app.factory.js');
  const { loadConfig } = await import('../src/config/config.js');
  const { freePort, startEmbeddedPostgres } = await import('../src/database/embedded-postgres.js');
  const { runMigrations } = await import('../src/app/migrate.js');
  const dir = mkdtempSync(join(tmpdir(), 'outflank-bench-moves-'));
  chmodSync(dir, 0o755); // initdb runs as the postgres user when we are root
  const dataDir = join(dir, 'pg');
  const server = await startEmbeddedPostgres({ databaseDir: dataDir, persistent: false });
  let app: Awaited<ReturnType<typeof createApp>> | null = null;
  let second: Served | null = null;
  let admin: pg.Client | null = null;
  const setupAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const cleanup = async () => {
    setupAgent.destroy();
    if (second) await stopServed(second).catch(() => undefined);
    await app?.close().catch(() => undefined);
    await admin?.end().catch(() => undefined);
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
  let failed = false;
  try {
    const tcpUrl = await server.ensureDatabase('outflank_bench');
    const url = UNIX_SOCKET ? viaUnixSocket(tcpUrl, server.port) : tcpUrl;
    await runMigrations(url);
    const config = { ...loadConfig({ ...APP_ENV }), databaseUrl: url };
    const { GamesService } = await import('../src/games/games.service.js');
    let gamesService: InstanceType<typeof GamesService> | null = null;
    const { GamesRepository } = await import('../src/games/games.repository.js');
    let stepBatcher: InstanceType<typeof GamesRepository>['steps'] | null = null;
    let base1 = '';
    if (NO_STANDING) {
      const { TokenStanding } = await import('../src/auth/token-standing.js');
      TokenStanding.prototype.refusal = () => null;
    }
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    gamesService = app.get(GamesService);
    stepBatcher = app.get(GamesRepository).steps;
    const tail = GC ? installTailProbe(app.getHttpServer(), pgLib, TAIL) : null;
    const address = app.getHttpServer().address();
    base1 = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const createRanked: CreateRanked = async (blackId, whiteId) =>
      (await gamesService!.createGame({ roomId: null, roomCode: null, rated: true, turnSeconds: null, showLegalMoves: true, blackId, whiteId })).id;

    admin = new pgLib.Client({ connectionString: url });
    admin.on('error', () => undefined); // the server stopping at the end
    await admin.connect();
    const pgVersion = (await admin.query('SHOW server_version')).rows[0].server_version as string;
    const settings = (await admin.query(`SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'synchronous_commit', 'max_connections', 'fsync')`)).rows
      .map((r) => `${r.name}=${r.setting}${r.unit ? ` ${r.unit}` : ''}`)
      .join(', ');
    const postmasterPid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const started = new Date();
    console.log(`Moves benchmark, ${started.toISOString()}`);
    console.log(`command: npm run build && node dist/bench/moves.js ${process.argv.slice(2).join(' ')}`.trimEnd());
    console.log(
      `machine: nproc ${availableParallelism()}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ` +
        `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start`,
    );
    console.log(`node ${process.version}; PostgreSQL ${pgVersion} embedded (${settings}); app DB pool ${config.dbPoolSize} connections per copy`);
    console.log(`levels: ${CLIENTS.join(', ')} clients × ${COPIES.join(' and ')} app cop${COPIES.length > 1 ? 'ies' : 'y'}; ${SECONDS} s each\n`);

    const maxClients = Math.max(...CLIENTS);
    const seats = await registerPlayers(setupAgent, base1, 2 * maxClients, started.getTime().toString(36).slice(-5));
    const pairs: [Seat, Seat][] = Array.from({ length: maxClients }, (_, i) => [seats[2 * i], seats[2 * i + 1]]);
    console.log(`registered ${seats.length} players (two per client)`);
    // What the app spends with no request at all (its sweepers, batches and polls), to tell it from a move's own cost.
    const idle0 = { cpu: process.cpuUsage(), at: performance.now() };
    await sleep(5000);
    const idleUsage = process.cpuUsage(idle0.cpu);
    const idleCpuPerSecond = (idleUsage.user + idleUsage.system) / 1000 / ((performance.now() - idle0.at) / 1000);
    console.log(`app idle (no requests, 5 s): ${idleCpuPerSecond.toFixed(1)} ms of CPU a second`);

    const acked = new Map<string, number>();
    const results: LevelResult[] = [];
    const xacts = async () =>
      Number((await admin!.query(`SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()`)).rows[0].n);

    /** The best rate so far (moves per second): sizes the next levels' games. */
    let warmRate = 0;
    const runLevel = async (copies: number, clients: number, servers: string[], warmup: boolean, mode: DriveMode = 'bare', client: BotClient = DRIVERS[0]): Promise<void> => {
      const durationMs = (warmup ? SECONDS / 4 : SECONDS) * 1000;
      const rate = Math.max(warmup ? 300 : 50, warmRate);
      const gamesPerClient = Math.min(MAX_GAMES_PER_CLIENT, Math.ceil((1.5 * rate * (durationMs / 1000)) / clients / MOVES_PER_GAME_LOW) + 1);
      const t0 = performance.now();
      const perClient = await startGames(createRanked, pairs.slice(0, clients), gamesPerClient);
      const setupS = (performance.now() - t0) / 1000;
      const driver = await startWorker({ mode, servers, perClient, durationMs, seed: clients * 10 + copies, tail: TAIL, client });
      await sleep(500); // let the setup's work settle
      const before: CpuSnapshot = {
        at: performance.now(),
        self: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
        main: threadCpuSeconds(`self/task/${process.pid}`),
        postgres: postgresCpuSeconds(postmasterPid),
        child: second ? (cpuSecondsOf(second.child.pid!) ?? 0) : 0,
      };
      const x0 = await xacts();
      const s0 = statements.count;
      const batch0 = { ...stepBatcher!.stats };
      const elu0 = performance.eventLoopUtilization();
      const sched0 = mainThreadSched();
      const profiling = PROFILE && !warmup && copies === 1 ? await startProfile() : null;
      const heapProfiling = HEAP && !warmup && copies === 1 ? await startHeapProfile() : null;
      const tailing = tail && !warmup && copies === 1 && mode === 'bare' ? tail : null;
      tailing?.start();
      const out = await driver.go();
      const tailReport = tailing?.stop(out.sent ?? [], out.moves);
      if (profiling) console.log(`CPU profile of the app's thread during this level: ${await profiling.stop(`moves-${clients}`)}`);
      if (heapProfiling) console.log(`heap allocation profile of the app's thread during this level: ${await heapProfiling.stop(`moves-${clients}`, out.moves)}`);
      const appUtilization = performance.eventLoopUtilization(elu0).utilization;
      const sched1 = mainThreadSched();
      const statementsSent = statements.count - s0 - 1; // less the xacts() query
      const stepWrites = stepBatcher!.stats.statements - batch0.statements;
      const stepsPerStatement = (stepBatcher!.stats.steps - batch0.steps) / Math.max(1, stepWrites);
      const x1 = await xacts();
      const usage = process.cpuUsage();
      const cpu = {
        self: usage.user / 1e6 + usage.system / 1e6 - before.self,
        main: threadCpuSeconds(`self/task/${process.pid}`) - before.main,
        postgres: postgresCpuSeconds(postmasterPid) - before.postgres,
        child: second ? (cpuSecondsOf(second.child.pid!) ?? 0) - before.child : 0,
      };
      for (const games of perClient) for (const g of games) acked.set(g.id, out.acked[g.id] ?? 0);
      const games = perClient.reduce((n, g) => n + g.length, 0);
      const rateNow = out.moves / (out.elapsedMs / 1000);
      warmRate = Math.max(warmRate, rateNow);
      const label = `${warmup ? 'warm-up, ' : ''}${mode === 'bare' ? (DRIVERS.length > 1 || client !== 'bare' ? `bots over ${client}, ` : '') : `${mode}, `}${copies} cop${copies === 1 ? 'y' : 'ies'}, ${clients} clients`;
      console.log(
        `${label}: ${games} games set up in ${setupS.toFixed(1)} s; ${out.moves} moves in ${(out.elapsedMs / 1000).toFixed(1)} s (${Math.round(rateNow)}/s), ` +
          `${out.finishedGames} games finished, ${out.cutGames} left in play at the deadline; ${(out.requests / Math.max(1, out.moves)).toFixed(2)} API requests/move in play` +
          `${out.pageLoads ? ` (+ ${(out.loadRequests / out.pageLoads).toFixed(1)} page-load reads a game)` : ''}` +
          `${out.streams ? `, ${out.streams} event streams` : ''}` +
          `; app CPU ${(((cpu.self - out.driverCpuSeconds) / Math.max(1, out.moves)) * 1000).toFixed(3)} ms/move (main thread ${((cpu.main / Math.max(1, out.moves)) * 1000).toFixed(3)}); driver CPU ${((out.driverCpuSeconds / Math.max(1, out.moves)) * 1000).toFixed(3)} ms/move` +
          `; ${stepsPerStatement.toFixed(2)} steps a write statement (group commit, copy 1${stepBatcher!.stats.fallbacks > batch0.fallbacks ? `, ${stepBatcher!.stats.fallbacks - batch0.fallbacks} batches fell back to single writes` : ''})` +
          `${out.idleClients ? `; ${out.idleClients} clients ran out of games early` : ''}${out.retries ? `; ${out.retries} retried` : ''}` +
          `${out.errors.length ? `; ${out.errors.length} ERRORS` : ''}`,
      );
      if (sched0 && sched1) {
        const wallNs = out.elapsedMs * 1e6;
        const running = (sched1.runNs - sched0.runNs) / wallNs;
        const waiting = (sched1.waitNs - sched0.waitNs) / wallNs;
        console.log(
          `  app main thread over the level: on a core ${(100 * running).toFixed(0)} %, waiting for a core ${(100 * waiting).toFixed(0)} %, ` +
            `event loop busy ${(100 * appUtilization).toFixed(0)} %: busy yet neither running nor waiting (blocked in a system call) ≈ ${(100 * Math.max(0, appUtilization - running - waiting)).toFixed(0)} %; ` +
            `context switches a move: ${((sched1.voluntary - sched0.voluntary) / Math.max(1, out.moves)).toFixed(1)} voluntary, ${((sched1.involuntary - sched0.involuntary) / Math.max(1, out.moves)).toFixed(1)} involuntary`,
        );
      }
      if (tailReport) console.log(tailReport);
      for (const e of out.errors.slice(0, 5)) console.log(`  error: ${e}`);
      if (out.errors.length) failed = true;
      if (!warmup) results.push({ mode, client, copies, clients, games, out, cpu, appUtilization, xactsPerMove: (x1 - x0) / Math.max(1, out.moves), statementsPerMove: copies === 1 ? statementsSent / Math.max(1, out.moves) : null, stepsPerStatement });
    };

    for (const copies of COPIES) {
      let servers = [base1];
      if (copies === 2) {
        const port = await freePort();
        const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...APP_ENV, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', MIGRATIONS_RUN: 'false' };
        second = spawnServe(env, port);
        await waitHealthy(second);
        servers = [base1, `http://127.0.0.1:${port}`];
        console.log(`second copy: node dist/src/cli.js serve, pid ${second.child.pid}, ${servers[1]}`);
      }
      await runLevel(copies, Math.min(16, maxClients), servers, true);
      for (const clients of CLIENTS) for (const client of copies === 1 ? DRIVERS : [DRIVERS[0]]) await runLevel(copies, clients, servers, false, 'bare', client);
      if (BROWSERS && copies === 1) {
        for (const clients of CLIENTS) {
          await runLevel(copies, clients, servers, false, 'browsers-legacy');
          await runLevel(copies, clients, servers, false, 'browsers');
        }
      }
      if (second) {
        await stopServed(second);
        second = null;
      }
    }

    // (b) and (c) at each client count, on the same server, right after the app's levels.
    const pgbench = findPgbench();
    console.log(`\nceiling: ${pgbench.note}`);
    const ceilings = new Map<number, CeilingResult | string>();
    const probes = new Map<number, ProbeResult>();
    const loadProbes = new Map<number, ProbeResult>();
    if (ANALYSIS && !APP_ONLY) await waitForAnalysis(admin);
    for (const clients of APP_ONLY ? [] : CLIENTS) {
      if (pgbench.path) {
        const c = await runPgbench(pgbench.path, url, admin, clients, SECONDS, postmasterPid);
        ceilings.set(clients, c);
        console.log(typeof c === 'string' ? `pgbench, ${clients} clients: ${c}` : `pgbench, ${clients} clients: ${Math.round(c.tps)} tps, latency average ${c.latencyMs.toFixed(1)} ms, p50 ${c.p50Ms.toFixed(1)} ms, p99 ${c.p99Ms.toFixed(1)} ms (a tenth of the transactions logged)`);
      }
      const rate = Math.max(3000, warmRate * 3);
      const gamesPerClient = Math.min(MAX_GAMES_PER_CLIENT, Math.ceil((1.5 * rate * SECONDS) / clients / MOVES_PER_GAME_LOW) + 1);
      const probeGames = await startGames(createRanked, pairs.slice(0, clients), gamesPerClient);
      const probe = await runProbe(url, probeGames, clients, SECONDS, config.dbPoolSize, postmasterPid, { held: true, writeBatches: config.moveWriteBatches });
      probes.set(clients, probe);
      console.log(probeLine("bare pg probe (the app's move SQL: one statement a move on a held game)", clients, probe));
      // The path before the cache beside it: a read of the game before each write.
      const loadGames = await startGames(createRanked, pairs.slice(0, clients), gamesPerClient);
      const withLoad = await runProbe(url, loadGames, clients, SECONDS, config.dbPoolSize, postmasterPid, { held: false, writeBatches: config.moveWriteBatches });
      loadProbes.set(clients, withLoad);
      console.log(probeLine('bare pg probe, read + write a move (the path before the cache)', clients, withLoad));
      if (PROBE_VARIANTS) {
        // The same without the NOTIFY of the move events: what the fan-out costs the database.
        const quietGames = await startGames(createRanked, pairs.slice(0, clients), gamesPerClient);
        const quiet = await runProbe(url, quietGames, clients, SECONDS, config.dbPoolSize, postmasterPid, { held: true, notify: false, writeBatches: config.moveWriteBatches });
        console.log(probeLine('bare pg probe WITHOUT NOTIFY', clients, quiet));
      }
    }

    console.log(`\nload average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at the end\n`);
    printTables(results, { ceilings, probes, loadProbes }, { browsers: BROWSERS, idleCpuPerSecond });

    // One move on its own, with the statements it sends.
    const [trace] = await startGames(createRanked, [pairs[0]], 1);
    const game = trace[0];
    statements.recording = [];
    const t0 = performance.now();
    await api(setupAgent, base1, 'POST', `/api/games/${game.id}/moves`, game.blackToken, { square: 'f5', ply: 0 }, 201);
    const oneMoveMs = performance.now() - t0;
    const sent = statements.recording;
    statements.recording = null;
    acked.set(game.id, 1);
    console.log(`one move alone (no other load): ${oneMoveMs.toFixed(1)} ms, ${sent.length} statements:`);
    for (const sql of sent) console.log(`  ${sql.length > 150 ? `${sql.slice(0, 147)}...` : sql}`);
    console.log('');

    const report = await verify(admin, acked);
    console.log(
      `verify: ${report.games} games (${report.finished} finished, ${report.active} still active), ${report.moveRows} move rows: ` +
        (report.problems.length === 0 ? 'OK — every game has exactly ply rows (plies 0..ply-1), every acknowledged move and no other, and replays to its stored board and result' : `${report.problems.length} PROBLEMS`),
    );
    for (const p of report.problems) console.log(`  ${p}`);
    if (report.problems.length) failed = true;
    const { verifyRatings } = await import('../src/cli/ratings-cli.js');
    const audit = await verifyRatings(url, config);
    console.log(`ratings verify: ${audit.games} rated games replayed for ${audit.players} players: ${audit.discrepancies.length === 0 ? 'OK, every stored rating matches' : `${audit.discrepancies.length} DISCREPANCIES`}`);
    if (audit.discrepancies.length) failed = true;
  } finally {
    await cleanup();
  }
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
