/**
 * Load benchmark of the hot path, POST /api/games/:id/moves, over real HTTP.
 *
 *   npm run build && node dist/bench/moves.js [--clients 16,64,128] [--seconds 30] [--copies 1,2]
 *   add --app-only to skip pgbench and the bare-SQL probe (the app's CPU per move, before/after)
 *   add --analysis to keep the analysis of finished games running (off by default: see ANALYSIS)
 *   add --unix-socket to reach PostgreSQL by its Unix socket instead of 127.0.0.1 (see UNIX_SOCKET)
 *
 * It starts everything itself: an embedded PostgreSQL 17 in a temporary directory (not kept),
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
 * HTTP to 127.0.0.1 only. Bounded in count (games created) and time (--seconds per level).
 *
 * Afterwards it VERIFIES every game in the database: the moves table holds exactly `ply` rows
 * with plies 0..ply-1, replaying them with the engine gives each row (colour, square, pass,
 * flips), the stored board, side to move and result; every move a client had acknowledged
 * (201, or 200 for a retried one) is there and no other; finished rated games have their two
 * rating_history rows. Exit code 1 if anything is off.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type pg from 'pg';
import { fromBoardString, legalMoves, replay, squareName, startPosition, toBoardString, type Color, type Position } from '../src/engine/index.js';
import { benchAppEnv, mulberry32, quantile, request, type HttpAnswer } from './common.js';

// ---- shared by the main thread and the load driver ----------------------------------------------

interface BenchGame {
  id: string;
  blackToken: string;
  whiteToken: string;
}

/**
 * How the clients play: `bare` sends moves only (each client plays both sides from the answers);
 * `browsers` is two players behaving as the shipped browser client does (page load reads, their
 * own and the game's event streams, moves on their turn from the state the events carry) plus one
 * watcher per game; `browsers-legacy` is the client before the events carried the state: every
 * page reads the game again after each move event.
 */
type DriveMode = 'bare' | 'browsers' | 'browsers-legacy';

interface LevelInput {
  mode: DriveMode;
  /** Base URLs of the app copies; client k talks to copy k mod n. */
  servers: string[];
  /** The games of each client, played one after the other. */
  perClient: BenchGame[][];
  /** Every client stops sending at this many ms (its game is left as it is). */
  durationMs: number;
  seed: number;
}

interface LevelOutput {
  latencies: Float64Array;
  elapsedMs: number;
  moves: number;
  /** Moves the server acknowledged, by game id (201, or 200 for a retry of a recorded move). */
  acked: Record<string, number>;
  finishedGames: number;
  /** Games left unfinished at the deadline (one per client at most). */
  cutGames: number;
  /** Clients that played all their games before the deadline (then idle: less load than asked). */
  idleClients: number;
  errors: string[];
  retries: number;
  /** Busy share of the driver's event loop over the level (≈ the cores the driver used). */
  driverUtilization: number;
  /** CPU seconds the driver's own thread used over the level (Linux: /proc/thread-self), NaN elsewhere. */
  driverCpuSeconds: number;
  /** API requests sent while playing, the moves included, event streams and page loads aside. */
  requests: number;
  /** API requests of the pages' loads (browsers modes): the player, the game, its moves. */
  loadRequests: number;
  /** Games whose pages were loaded. */
  pageLoads: number;
  /** Event streams opened. */
  streams: number;
}

/** A game as the answers and events carry it (the fields a player needs). */
interface GameLite {
  status: string;
  board: string;
  toMove: Color | null;
  ply: number;
}

/** A server-sent event stream over its own connection; events go to `onEvent`. */
function openSse(base: string, path: string, token: string | null, onEvent: (name: string, data: any) => void, lastEventId?: number): { close: () => void } {
  const url = new URL(path, base);
  if (url.hostname !== '127.0.0.1') throw new Error(`refusing to send load anywhere but 127.0.0.1: ${url.href}`);
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (lastEventId !== undefined) headers['Last-Event-ID'] = String(lastEventId);
  const req = http.request({ agent: false, host: url.hostname, port: url.port, method: 'GET', path: url.pathname, headers }, (res) => {
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
        let name = 'message';
        let data: string | null = null;
        for (const line of buffer.slice(0, at).split('\n')) {
          if (line.startsWith('event: ')) name = line.slice(7);
          else if (line.startsWith('data: ')) data = line.slice(6);
        }
        buffer = buffer.slice(at + 2);
        if (data !== null) onEvent(name, JSON.parse(data));
      }
    });
    res.on('error', () => undefined);
  });
  req.on('error', () => undefined);
  req.end();
  return { close: () => req.destroy() };
}

/** The load driver (worker thread): C clients, each playing its games to the end. */
async function driveLevel(input: LevelInput): Promise<LevelOutput> {
  const agents = input.servers.map(() => new http.Agent({ keepAlive: true, maxSockets: Infinity }));
  const latencies: number[] = [];
  const acked: Record<string, number> = {};
  const errors: string[] = [];
  let retries = 0;
  let finishedGames = 0;
  let cutGames = 0;
  let idleClients = 0;
  const started = performance.now();
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = threadCpuSeconds('thread-self');

  async function playGame(server: number, game: BenchGame, random: () => number): Promise<void> {
    let position: Position = startPosition();
    let ply = 0;
    acked[game.id] = 0;
    for (;;) {
      if (performance.now() - started > input.durationMs) {
        if (ply > 0) cutGames += 1;
        return;
      }
      const moves = legalMoves(position);
      const square = squareName(moves[Math.floor(random() * moves.length)]);
      const token = position.toMove === 'black' ? game.blackToken : game.whiteToken;
      const path = `/api/games/${game.id}/moves`;
      const t0 = performance.now();
      let answer: HttpAnswer;
      try {
        answer = await request(agents[server], input.servers[server], 'POST', path, token, { square, ply });
      } catch {
        // A keep-alive socket closed under us: the API makes a retry of the same ply safe (200 if it was recorded).
        retries += 1;
        try {
          answer = await request(agents[server], input.servers[server], 'POST', path, token, { square, ply });
        } catch (err) {
          errors.push(`game ${game.id} ply ${ply} ${square}: ${String(err)}`);
          return;
        }
      }
      latencies.push(performance.now() - t0);
      if (answer.status !== 201 && answer.status !== 200) {
        errors.push(`game ${game.id} ply ${ply} ${square}: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
        return;
      }
      acked[game.id] += 1;
      const state = (JSON.parse(answer.body) as { game: { status: string; board: string; toMove: Color | null; ply: number } }).game;
      if (state.status !== 'active') {
        finishedGames += 1;
        return;
      }
      position = fromBoardString(state.board, state.toMove!);
      ply = state.ply;
    }
  }

  let requests = 0;
  let loadRequests = 0;
  let pageLoads = 0;
  let streams = 0;

  /**
   * One game as two browser pages and a watcher's page play it: each page loads (reads), opens
   * its streams, and each player moves on their turn from the state it holds. `legacy`: every
   * page reads the game after each move event (the client before events carried the state).
   */
  async function playGameLikeBrowsers(server: number, game: BenchGame, random: () => number, legacy: boolean): Promise<void> {
    const base = input.servers[server];
    const agent = agents[server];
    /** A GET: a page's load (`load`), or a read while playing. */
    const read = async (path: string, token: string | null, load = false): Promise<HttpAnswer> => {
      if (load) loadRequests += 1;
      else requests += 1;
      return request(agent, base, 'GET', path, token, undefined);
    };
    const gamePath = `/api/games/${game.id}`;
    acked[game.id] = 0;
    type Side = 'black' | 'white' | 'watcher';
    const tokens: Record<Side, string | null> = { black: game.blackToken, white: game.whiteToken, watcher: null };
    const state = {} as Record<Side, GameLite>;
    const wakers: Partial<Record<Side, () => void>> = {};
    const stale: Record<Side, boolean> = { black: false, white: false, watcher: false };
    const refresh = async (side: Side) => {
      const answer = await read(gamePath, tokens[side]);
      if (answer.status === 200) {
        const g = JSON.parse(answer.body) as GameLite;
        if (g.ply >= state[side].ply) state[side] = g;
      }
    };
    // Page loads: the player's own record, the game and its moves (the watcher: no player).
    await Promise.all(
      (['black', 'white', 'watcher'] as Side[]).map(async (side) => {
        if (tokens[side]) await read('/api/players/me', tokens[side], true);
        const [g] = await Promise.all([read(gamePath, tokens[side], true), read(`${gamePath}/moves`, tokens[side], true)]);
        if (g.status !== 200) throw new Error(`page load: GET ${gamePath} answered ${g.status} ${g.body.slice(0, 200)}`);
        state[side] = JSON.parse(g.body) as GameLite;
      }),
    );
    pageLoads += 1;
    const opened = (['black', 'white', 'watcher'] as Side[]).flatMap((side) => {
      const onEvent = (name: string, data: any) => {
        if (name === 'move') {
          // The old page read the game after a move event that was news to it (not after its own move).
          if (legacy) {
            if (data.ply >= state[side].ply)
              void refresh(side)
                .catch((err: unknown) => void errors.push(`game ${game.id}: read after an event: ${String(err)}`))
                .then(() => wakers[side]?.());
          }
          else if (data.game && data.game.ply >= state[side].ply) state[side] = data.game;
          else if (!data.game && data.ply >= state[side].ply) stale[side] = true;
        } else if (name === 'end') state[side] = data;
        else if (name === 'seat' && data.game && data.game.ply >= state[side].ply) state[side] = data.game;
        if (!legacy || name !== 'move') wakers[side]?.();
      };
      // As the page does: from the ply it loaded, so a move made meanwhile is replayed.
      const list = [openSse(base, `${gamePath}/events`, tokens[side], onEvent, state[side].ply)];
      if (tokens[side]) list.push(openSse(base, '/api/me/events', tokens[side], () => undefined));
      return list;
    });
    streams += opened.length;
    const deadline = () => performance.now() - started > input.durationMs;
    const waitEvent = (side: Side, ms: number) =>
      new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          wakers[side] = undefined;
          resolve(false);
        }, ms);
        wakers[side] = () => {
          clearTimeout(timer);
          wakers[side] = undefined;
          resolve(true);
        };
      });
    const player = async (color: Color): Promise<void> => {
      while (!deadline()) {
        const g = state[color];
        if (g.status !== 'active') return;
        if (g.toMove !== color) {
          // The shipped page waits for events (a read only for a record without the game); the old one also read the game every 10 s.
          const heard = await waitEvent(color, legacy ? 10_000 : 2_000);
          if (stale[color] || (legacy && !heard)) {
            stale[color] = false;
            await refresh(color);
          }
          continue;
        }
        const moves = legalMoves(fromBoardString(g.board, color));
        const square = squareName(moves[Math.floor(random() * moves.length)]);
        const t0 = performance.now();
        requests += 1;
        let answer: HttpAnswer;
        try {
          answer = await request(agent, base, 'POST', `${gamePath}/moves`, tokens[color], { square, ply: g.ply });
        } catch (err) {
          errors.push(`game ${game.id} ply ${g.ply} ${square}: ${String(err)}`);
          return;
        }
        latencies.push(performance.now() - t0);
        if (answer.status !== 201 && answer.status !== 200) {
          errors.push(`game ${game.id} ply ${g.ply} ${square}: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
          return;
        }
        acked[game.id] += 1;
        const after = (JSON.parse(answer.body) as { game: GameLite }).game;
        if (after.ply >= state[color].ply) state[color] = after;
      }
    };
    await Promise.all([player('black'), player('white')]);
    for (const st of opened) st.close();
    if (state.black.status !== 'active' || state.white.status !== 'active') finishedGames += 1;
    else if (acked[game.id] > 0) cutGames += 1;
  }

  await Promise.all(
    input.perClient.map(async (games, client) => {
      const random = mulberry32(input.seed * 7919 + client);
      const server = client % input.servers.length;
      for (const game of games) {
        if (performance.now() - started > input.durationMs) return;
        if (input.mode === 'bare') await playGame(server, game, random);
        else await playGameLikeBrowsers(server, game, random, input.mode === 'browsers-legacy').catch((err: unknown) => void errors.push(`game ${game.id}: ${String(err)}`));
      }
      if (performance.now() - started <= input.durationMs) idleClients += 1;
    }),
  );
  const elapsedMs = performance.now() - started;
  for (const a of agents) a.destroy();
  return {
    latencies: Float64Array.from(latencies),
    elapsedMs,
    moves: latencies.length,
    acked,
    finishedGames,
    cutGames,
    idleClients,
    errors,
    retries,
    driverUtilization: performance.eventLoopUtilization(elu0).utilization,
    driverCpuSeconds: threadCpuSeconds('thread-self') - cpu0,
    requests: input.mode === 'bare' ? latencies.length + retries : requests,
    loadRequests,
    pageLoads,
    streams,
  };
}

if (!isMainThread) {
  // Ready once loaded (the main thread starts its CPU clocks then); go on 'go'.
  parentPort!.once('message', () => {
    driveLevel(workerData as LevelInput).then(
      (out) => parentPort!.postMessage(out, [out.latencies.buffer as ArrayBuffer]),
      (err: unknown) => {
        throw err;
      },
    );
  });
  parentPort!.postMessage('ready');
}

// ---- main thread ---------------------------------------------------------------------------------

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
/**
 * --browsers: also runs each client count (one copy) with the clients behaving as browsers do
 * (see DriveMode): first as the client before events carried the state, then as the shipped one.
 */
const BROWSERS = process.argv.includes('--browsers');
/**
 * --analysis: keep the analysis of finished games running in the app (ANALYSIS_WORKERS 1, the
 * default of a server). Off by default here: every finished game is an analysis job of ~0.4 s of a
 * core on a worker thread (bench:analysis measures it), and at the rates of this bench that work
 * takes a third of a core from the move path and goes on during the pgbench and bare-SQL levels
 * that are the ceiling, so neither figure would be the move path's.
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

/** `url` rewritten to reach the same server by its Unix socket (the directory holding `.s.PGSQL.<port>`). */
function viaUnixSocket(url: string, port: number): string {
  const dir = ['/tmp', '/var/run/postgresql', '/run/postgresql'].find((d) => existsSync(join(d, `.s.PGSQL.${port}`)));
  if (!dir) throw new Error(`--unix-socket: no socket .s.PGSQL.${port} in /tmp or /run/postgresql`);
  const u = new URL(url);
  return `postgres://${u.username}:${u.password}@${u.pathname}?host=${encodeURIComponent(dir)}&port=${port}`;
}
/** --probe-variants: also runs (c) without the NOTIFY of the events, to show what the fan-out costs. */
const PROBE_VARIANTS = process.argv.includes('--probe-variants');

/** Starts the V8 profiler on this (the app's) thread; stop() writes the .cpuprofile and a summary. */
async function startProfile(): Promise<{ stop: (name: string) => Promise<string> }> {
  const inspector = await import('node:inspector');
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return {
    stop: async (name: string) => {
      const { profile } = (await post('Profiler.stop')) as { profile: CpuProfile };
      session.disconnect();
      const dir = join(__dirname, '..', '..', 'bench', 'profiles');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      return `${file}\n${summariseProfile(profile)}`;
    },
  };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
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

const JWT_SECRET = 'bench-moves-secret-0123456789abcdef';
/** The app's settings for the run (both copies). CPU stand-ins would skew the numbers: out of the way. */
const APP_ENV: Record<string, string> = benchAppEnv(JWT_SECRET, {
  // Every page of --browsers holds its streams from 127.0.0.1.
  SSE_STREAMS_PER_ADDRESS: '1000000',
  // See --analysis.
  ANALYSIS_WORKERS: ANALYSIS ? '1' : '0',
});
/** Fewer than a real game has (~60 records), so the clients rather have games to spare. */
const MOVES_PER_GAME_LOW = 50;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * CPU seconds (user + system) of a process from /proc (Linux), or null; with `reaped`, also
 * those of its children that have exited and been waited for.
 */
/**
 * CPU seconds (user + system) one thread has used, from /proc: `thread-self` for the calling
 * thread, `self/task/<pid>` for the main thread. CPU time, not wall time: on a shared machine a
 * starved thread's wall-clock busy time grows, its CPU time does not. NaN where there is no /proc.
 */
function threadCpuSeconds(path: string): number {
  try {
    const stat = readFileSync(`/proc/${path}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    return (f[11] + f[12]) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * The main thread's scheduling, from /proc (Linux; null elsewhere): ns on a core, ns waiting for
 * one (runnable, not running), voluntary and involuntary context switches. With the event loop's
 * busy share this tells a loop that computes, one that waits for a core (a loaded machine) and
 * one blocked in a system call (busy, yet neither running nor waiting).
 */
function mainThreadSched(): { runNs: number; waitNs: number; voluntary: number; involuntary: number } | null {
  try {
    const [runNs, waitNs] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    const status = readFileSync(`/proc/self/task/${process.pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { runNs, waitNs, voluntary: field('voluntary_ctxt_switches'), involuntary: field('nonvoluntary_ctxt_switches') };
  } catch {
    return null;
  }
}

function cpuSecondsOf(pid: number, reaped = false): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    // utime, stime, cutime, cstime in clock ticks (USER_HZ = 100)
    return (f[11] + f[12] + (reaped ? f[13] + f[14] : 0)) / 100;
  } catch {
    return null;
  }
}

/** CPU seconds of the postmaster and all its children (backends, walwriter…), live or exited. */
function postgresCpuSeconds(postmasterPid: number): number {
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

interface CpuSnapshot {
  at: number;
  self: number;
  /** The app's main thread alone. */
  main: number;
  postgres: number;
  child: number;
}

// -- the second copy: `node dist/src/cli.js serve` (helpers copied from test/support/server-process.ts)

interface Served {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<void>;
}

function spawnServe(env: NodeJS.ProcessEnv, port: number): Served {
  const cli = join(__dirname, '..', 'src', 'cli.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
  const child = spawn(process.execPath, [cli, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c) => (out += String(c)));
  child.stderr!.on('data', (c) => (out += String(c)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, port, output: () => out, exited };
}

async function waitHealthy(served: Served, ms = 60_000): Promise<void> {
  let done = false;
  void served.exited.then(() => (done = true));
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !done) {
    try {
      const res = await fetch(`http://127.0.0.1:${served.port}/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the second copy never became healthy (${done ? 'it exited' : `after ${ms} ms`}):\n${served.output()}`);
}

async function stopServed(served: Served): Promise<void> {
  if (served.child.exitCode !== null || served.child.signalCode !== null) return;
  served.child.kill('SIGTERM');
  const timer = setTimeout(() => served.child.kill('SIGKILL'), 20_000);
  await served.exited;
  clearTimeout(timer);
}

// -- setup over HTTP

interface Seat {
  token: string;
  id: string;
}

async function api<T>(agent: http.Agent, base: string, method: string, path: string, token: string | null, payload: unknown, expect: number): Promise<T> {
  const answer = await request(agent, base, method, path, token, payload);
  if (answer.status !== expect) throw new Error(`${method} ${path}: expected ${expect}, got ${answer.status} ${answer.body.slice(0, 300)}`);
  return JSON.parse(answer.body) as T;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i], i);
      }
    }),
  );
  return out;
}

async function registerPlayers(agent: http.Agent, base: string, count: number, runTag: string): Promise<Seat[]> {
  return pool(Array.from({ length: count }, (_, i) => i), 8, async (i) => {
    const res = await api<{ token: string; player: { id: string } }>(
      agent,
      base,
      'POST',
      '/api/auth/register',
      null,
      { username: `b${runTag}_${i}`, password: 'bench-password-1234' },
      201,
    );
    return { token: res.token, id: res.player.id };
  });
}

/** Creates a ranked (rated) game for two players, as the ranked queue does: the app's own GamesService. */
type CreateRanked = (blackId: string, whiteId: string) => Promise<string>;

/** Ranked games for each pair (the first player Black), made in the database as the ranked queue makes them. */
async function startGames(create: CreateRanked, pairs: [Seat, Seat][], gamesPerPair: number): Promise<BenchGame[][]> {
  return pool(pairs, 16, async ([black, white]) => {
    const games: BenchGame[] = [];
    for (let g = 0; g < gamesPerPair; g++) {
      games.push({ id: await create(black.id, white.id), blackToken: black.token, whiteToken: white.token });
    }
    return games;
  });
}

/** Starts the load driver; `go()` runs the level once it is loaded. */
function startWorker(input: LevelInput): Promise<{ go: () => Promise<LevelOutput> }> {
  return new Promise((ready, reject) => {
    const worker = new Worker(__filename, { workerData: input });
    let settle: ((out: LevelOutput) => void) | null = null;
    let fail: (err: unknown) => void = reject;
    worker.on('message', (msg: 'ready' | LevelOutput) => {
      if (msg === 'ready') {
        ready({
          go: () =>
            new Promise<LevelOutput>((resolve, rejectGo) => {
              settle = resolve;
              fail = rejectGo;
              worker.postMessage('go');
            }),
        });
      } else settle?.(msg);
    });
    worker.once('error', (err) => fail(err));
    worker.once('exit', (code) => {
      if (code !== 0) fail(new Error(`the load driver exited with ${code}`));
    });
  });
}

// -- verification

interface VerifyReport {
  games: number;
  finished: number;
  active: number;
  moveRows: number;
  problems: string[];
}

async function verify(client: pg.Client, acked: Map<string, number>): Promise<VerifyReport> {
  const ids = [...acked.keys()];
  const games = (
    await client.query(
      `SELECT id, ply, board, to_move, status, winner, result_reason, black_discs, white_discs, rated FROM games WHERE id = ANY($1::uuid[])`,
      [ids],
    )
  ).rows as {
    id: string;
    ply: number;
    board: string;
    to_move: Color | null;
    status: string;
    winner: Color | null;
    result_reason: string | null;
    black_discs: number | null;
    white_discs: number | null;
    rated: boolean;
  }[];
  const moveRows = (
    await client.query(`SELECT game_id, ply, color, square, pass, flipped, by FROM moves WHERE game_id = ANY($1::uuid[]) ORDER BY game_id, ply`, [ids])
  ).rows as { game_id: string; ply: number; color: Color; square: number | null; pass: boolean; flipped: number[]; by: string }[];
  const history = new Map<string, number>();
  for (const r of (await client.query(`SELECT game_id, count(*)::int AS n FROM rating_history WHERE game_id = ANY($1::uuid[]) GROUP BY game_id`, [ids])).rows)
    history.set(r.game_id as string, r.n as number);

  const byGame = new Map<string, typeof moveRows>();
  for (const r of moveRows) {
    const list = byGame.get(r.game_id) ?? [];
    list.push(r);
    byGame.set(r.game_id, list);
  }
  const problems: string[] = [];
  const problem = (id: string, what: string) => {
    if (problems.length < 50) problems.push(`${id}: ${what}`);
  };
  if (games.length !== ids.length) problems.push(`${ids.length - games.length} games are missing from the games table`);
  let finished = 0;
  let active = 0;
  for (const g of games) {
    const rows = byGame.get(g.id) ?? [];
    if (rows.length !== g.ply) problem(g.id, `${rows.length} move rows for ply ${g.ply}`);
    rows.forEach((r, i) => {
      if (r.ply !== i) problem(g.id, `row ${i} has ply ${r.ply}`);
      if (r.by !== 'player') problem(g.id, `ply ${r.ply} was played by ${r.by}`);
    });
    const played = rows.filter((r) => !r.pass);
    if (played.length !== acked.get(g.id)) problem(g.id, `${played.length} moves stored, ${acked.get(g.id)} acknowledged to the client`);
    let game;
    try {
      game = replay(played.map((r) => r.square!));
    } catch (err) {
      problem(g.id, `the stored moves do not replay: ${String(err)}`);
      continue;
    }
    if (game.moves.length !== rows.length) problem(g.id, `replay has ${game.moves.length} records (with passes), the table ${rows.length}`);
    game.moves.forEach((m, i) => {
      const r = rows[i];
      if (!r) return;
      const same =
        r.color === m.color && r.square === m.square && r.pass === m.pass && [...r.flipped].sort((a, b) => a - b).join() === [...m.flipped].sort((a, b) => a - b).join();
      if (!same) problem(g.id, `ply ${i}: stored ${JSON.stringify(r)} but the replay gives ${JSON.stringify(m)}`);
    });
    if (toBoardString(game.position) !== g.board) problem(g.id, 'the stored board is not the replayed one');
    if (g.status === 'finished') {
      finished += 1;
      if (!game.finished) problem(g.id, 'finished in the table, not over in the replay');
      if (g.result_reason !== 'board') problem(g.id, `result reason ${g.result_reason}`);
      if (g.winner !== game.result.winner) problem(g.id, `winner ${g.winner}, replay ${game.result.winner}`);
      if (g.black_discs !== game.result.discs.black || g.white_discs !== game.result.discs.white)
        problem(g.id, `discs ${g.black_discs}-${g.white_discs}, replay ${game.result.discs.black}-${game.result.discs.white}`);
      if (g.rated && history.get(g.id) !== 2) problem(g.id, `${history.get(g.id) ?? 0} rating_history rows for a finished rated game`);
    } else if (g.status === 'active') {
      active += 1;
      if (game.finished) problem(g.id, 'over in the replay, active in the table');
      if (g.to_move !== game.position.toMove) problem(g.id, `to_move ${g.to_move}, replay ${game.position.toMove}`);
      if (history.has(g.id)) problem(g.id, 'rating_history rows for an unfinished game');
    } else {
      problem(g.id, `status ${g.status}`);
    }
  }
  return { games: games.length, finished, active, moveRows: moveRows.length, problems };
}


// -- (b) the ceiling: pgbench with a move-shaped transaction, and (c) the app's own SQL from a bare pg client

/** pgbench from PATH or Debian's PostgreSQL packages; as root on Debian it installs them once. */
function findPgbench(): { path: string | null; note: string } {
  const candidates = ['pgbench', ...['17', '16', '15', '14'].map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`)];
  const found = () => candidates.find((c) => spawnSync(c, ['--version'], { encoding: 'utf8' }).status === 0) ?? null;
  let path = found();
  if (path) return { path, note: spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.trim() };
  if (process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0) {
    console.log('pgbench not found: installing Debian\'s PostgreSQL server package (it carries pgbench) …');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const pkg = spawnSync('bash', ['-c', 'apt-get install -y -qq "$(apt-cache search --names-only "^postgresql-[0-9]+$" | sort -V | tail -1 | cut -d" " -f1)"'], { stdio: 'inherit' });
    path = found();
    if (path) return { path, note: spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.trim() };
    return { path: null, note: `pgbench could not be installed (apt-get exit ${pkg.status})` };
  }
  return { path: null, note: 'pgbench not found (install Debian\'s postgresql-15 package, or put pgbench on PATH)' };
}

const PGBENCH_GAMES = 10_000;
const PGBENCH_SCRIPT = `\\set g random(1, ${PGBENCH_GAMES})
BEGIN;
SELECT ply, board FROM pgb_games WHERE id = :g FOR UPDATE;
INSERT INTO pgb_moves (game_id, ply, square, flipped, played_at) SELECT id, ply, 19, '{27,35}', now() FROM pgb_games WHERE id = :g;
UPDATE pgb_games SET ply = ply + 1, board = board, to_move = CASE to_move WHEN 'black' THEN 'white' ELSE 'black' END, updated_at = now() WHERE id = :g;
END;
`;

interface CeilingResult {
  tps: number;
  latencyMs: number;
  postgresCpu: number;
  seconds: number;
}

/** pgbench's move-shaped transaction (lock the game, insert the move, update the game) at `clients`. */
async function runPgbench(pgbench: string, url: string, client: pg.Client, clients: number, seconds: number, postmasterPid: number): Promise<CeilingResult | string> {
  await client.query(`CREATE TABLE IF NOT EXISTS pgb_games (id int PRIMARY KEY, ply int NOT NULL, board char(64) NOT NULL, to_move text NOT NULL, updated_at timestamptz)`);
  await client.query(`CREATE TABLE IF NOT EXISTS pgb_moves (game_id int NOT NULL, ply int NOT NULL, square smallint, flipped smallint[] NOT NULL, played_at timestamptz NOT NULL, PRIMARY KEY (game_id, ply))`);
  await client.query('TRUNCATE pgb_games, pgb_moves');
  await client.query(`INSERT INTO pgb_games SELECT g, 0, repeat('.', 27) || 'WB......BW' || repeat('.', 27), 'black', now() FROM generate_series(1, ${PGBENCH_GAMES}) g`);
  await client.query('VACUUM ANALYZE pgb_games');
  const dir = mkdtempSync(join(tmpdir(), 'outflank-pgbench-'));
  const script = join(dir, 'move.sql');
  writeFileSync(script, PGBENCH_SCRIPT);
  const cpu0 = postgresCpuSeconds(postmasterPid);
  const t0 = performance.now();
  const run = spawn(pgbench, ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', script, url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  run.stdout.on('data', (c) => (out += String(c)));
  run.stderr.on('data', (c) => (out += String(c)));
  const code = await new Promise<number | null>((resolve) => run.on('exit', resolve));
  const elapsed = (performance.now() - t0) / 1000;
  const postgresCpu = postgresCpuSeconds(postmasterPid) - cpu0;
  rmSync(dir, { recursive: true, force: true });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  const latency = /latency average = ([\d.]+) ms/.exec(out);
  if (code !== 0 || !tps) return `pgbench failed (exit ${code}): ${out.slice(-500)}`;
  return { tps: Number(tps[1]), latencyMs: latency ? Number(latency[1]) : Number.NaN, postgresCpu, seconds: elapsed };
}

interface ProbeResult {
  moves: number;
  seconds: number;
  latencies: Float64Array;
  selfCpu: number;
  postgresCpu: number;
  lost: number;
}

/** One probe's line of the log: its rate, PostgreSQL's CPU a move and any conditional write it lost. */
function probeLine(label: string, clients: number, p: ProbeResult): string {
  const cpu = ((p.postgresCpu / Math.max(1, p.moves)) * 1000).toFixed(3);
  return `${label}, ${clients} clients: ${p.moves} moves in ${p.seconds.toFixed(1)} s (${Math.round(p.moves / p.seconds)}/s), PostgreSQL CPU ${cpu} ms/move${p.lost ? `, ${p.lost} conditional writes lost` : ''}`;
}

/**
 * (c) The app's own move SQL (GamesRepository's named statements, the pure game domain in
 * between) driven by a bare pg pool of the app's size, `clients` loops, no HTTP and no framework:
 * what the app's SQL shape allows here. `held` (the app's path): a game is read once, then each
 * move is decided on the game as the last write left it and written with the one conditional
 * statement (as GamesService does with the games its GameCache holds); without it, every move
 * reads the game first (the app's path before the cache: two statements a move). Its events
 * leave as the app's do: after the write's commit, the same payloads queued to one publisher
 * connection that sends whatever has piled up in one NOTIFY statement at a time (the write
 * itself carries no NOTIFY).
 */
async function runProbe(
  url: string,
  games: BenchGame[][],
  clients: number,
  seconds: number,
  poolSize: number,
  postmasterPid: number,
  options: { notify?: boolean; held?: boolean } = {},
): Promise<ProbeResult> {
  const notify = options.notify ?? true;
  const { default: pgLib } = await import('pg');
  const { MOVE_STATEMENTS, stepParams, toLoaded } = await import('../src/games/games.repository.js');
  type Held = ReturnType<typeof toLoaded> & { version: number };
  const run = <R>(q: { name?: string; text: string; values?: readonly unknown[] }) => poolPg.query({ name: q.name, text: q.text, values: q.values as unknown[] }) as unknown as Promise<{ rows: R[] }>;
  const rules = await import('../src/games/domain/transitions.js');
  const { openingSquaresAfter, openingToStore, toGameDto, toMoveDto } = await import('../src/games/game-view.js');
  const { gameEvent } = await import('../src/events/event-map.js');
  const { NOTIFY_SQL, packPayloads } = await import('../src/events/notify.js');
  const poolPg = new pgLib.Pool({ connectionString: url, max: poolSize });
  const publisher = new pgLib.Client({ connectionString: url });
  await publisher.connect();
  let outbox: ReturnType<typeof gameEvent>[] = [];
  let sending: Promise<void> | null = null;
  const kick = (): void => {
    if (sending || outbox.length === 0) return;
    const batch = outbox;
    outbox = [];
    sending = publisher
      .query(NOTIFY_SQL, [packPayloads(batch, 'bench')])
      .then(() => undefined)
      .finally(() => {
        sending = null;
        kick();
      });
  };
  const random = mulberry32(4242);
  const latencies: number[] = [];
  let lost = 0;
  const t0 = performance.now();
  const cpuSelf0 = process.cpuUsage();
  const cpuPg0 = postgresCpuSeconds(postmasterPid);
  const deadline = t0 + seconds * 1000;
  await Promise.all(
    games.slice(0, clients).map(async (list) => {
      for (const g of list) {
        const ids = await poolPg.query(`SELECT black_id, white_id FROM games WHERE id = $1`, [g.id]);
        const seats = ids.rows[0] as { black_id: string; white_id: string };
        let held: Held | null = null;
        for (;;) {
          if (performance.now() > deadline) return;
          const m0 = performance.now();
          const loaded: Held = held ?? (toLoaded((await run<Parameters<typeof toLoaded>[0]>(MOVE_STATEMENTS.load({ id: g.id }))).rows[0]) as Held);
          held = null;
          if (loaded.game.status !== 'active') break;
          const moves = legalMoves(fromBoardString(loaded.game.board, loaded.game.toMove!));
          const square = moves[Math.floor(random() * moves.length)];
          const playerId = loaded.game.toMove === 'black' ? seats.black_id : seats.white_id;
          const step = rules.playMove(loaded.game, { playerId, square, ply: loaded.game.ply }, { now: new Date(), cpuTakeoverSeconds: 3600, firstMoveSeconds: 3600, idleTurnSeconds: 3600, rankedStandInMoves: 2 });
          if ('kind' in step) throw new Error('unexpected earlier ply');
          if (step.game.status !== 'active') break; // the end rates in a transaction: the app's business, not this probe's
          // The app's own payloads: each move event carries the game after it (GamesService.notifications).
          const after = { ...loaded, game: step.game, openingSquares: openingSquaresAfter(loaded, step.records) };
          const game = toGameDto(after);
          // The app's write: the opening stored with the move while it can still change.
          const res = await run<{ updated: number; version: number }>(MOVE_STATEMENTS.step(stepParams(step, loaded.version, null, openingToStore(after))));
          if (res.rows[0]?.updated !== 1) lost++;
          else if (options.held) held = { ...after, version: res.rows[0].version };
          if (res.rows[0]?.updated === 1 && notify) {
            outbox.push(...step.records.map((r) => gameEvent(g.id, 'move', { ...toMoveDto(r), game }, r.ply + 1)));
            kick();
          }
          latencies.push(performance.now() - m0);
        }
      }
    }),
  );
  while (sending) await sending;
  await publisher.end();
  const secondsTaken = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpuSelf0);
  const postgresCpu = postgresCpuSeconds(postmasterPid) - cpuPg0;
  await poolPg.end();
  return { moves: latencies.length, seconds: secondsTaken, latencies: Float64Array.from(latencies), selfCpu: (cpu.user + cpu.system) / 1e6, postgresCpu, lost };
}

// -- the run

interface LevelResult {
  mode: DriveMode;
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
}

/**
 * The app's CPU time per move, in ms: this process's CPU (every thread: the app's main thread,
 * libuv's, V8's GC helpers) less the load driver's thread. CPU time rather than the event loop's
 * busy time, which on a machine shared by other jobs also counts the time the loop waited for a core.
 */
function appCpuMs(r: LevelResult): number {
  return ((r.cpu.self - r.out.driverCpuSeconds) / Math.max(1, r.out.moves)) * 1000;
}

/** The app's CPU with no requests, in ms a second (measured once, before the levels). */
let idleCpuPerSecond = Number.NaN;

/** {@link appCpuMs} less what the app would have spent idle over the level: the moves' own CPU. */
function appMoveCpuMs(r: LevelResult): number {
  return (((r.cpu.self - r.out.driverCpuSeconds) * 1000 - (idleCpuPerSecond * r.out.elapsedMs) / 1000) / Math.max(1, r.out.moves));
}

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
    let base1 = '';
    if (NO_STANDING) {
      const { TokenStanding } = await import('../src/auth/token-standing.js');
      TokenStanding.prototype.refusal = () => null;
    }
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    gamesService = app.get(GamesService);
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
    idleCpuPerSecond = (idleUsage.user + idleUsage.system) / 1000 / ((performance.now() - idle0.at) / 1000);
    console.log(`app idle (no requests, 5 s): ${idleCpuPerSecond.toFixed(1)} ms of CPU a second`);

    const acked = new Map<string, number>();
    const results: LevelResult[] = [];
    const xacts = async () =>
      Number((await admin!.query(`SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()`)).rows[0].n);

    /** The best rate so far (moves per second): sizes the next levels' games. */
    let warmRate = 0;
    const runLevel = async (copies: number, clients: number, servers: string[], warmup: boolean, mode: DriveMode = 'bare'): Promise<void> => {
      const durationMs = (warmup ? SECONDS / 4 : SECONDS) * 1000;
      const rate = Math.max(warmup ? 300 : 50, warmRate);
      const gamesPerClient = Math.min(MAX_GAMES_PER_CLIENT, Math.ceil((1.5 * rate * (durationMs / 1000)) / clients / MOVES_PER_GAME_LOW) + 1);
      const t0 = performance.now();
      const perClient = await startGames(createRanked, pairs.slice(0, clients), gamesPerClient);
      const setupS = (performance.now() - t0) / 1000;
      const driver = await startWorker({ mode, servers, perClient, durationMs, seed: clients * 10 + copies });
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
      const elu0 = performance.eventLoopUtilization();
      const sched0 = mainThreadSched();
      const profiling = PROFILE && !warmup && copies === 1 ? await startProfile() : null;
      const out = await driver.go();
      if (profiling) console.log(`CPU profile of the app's thread during this level: ${await profiling.stop(`moves-${clients}`)}`);
      const appUtilization = performance.eventLoopUtilization(elu0).utilization;
      const sched1 = mainThreadSched();
      const statementsSent = statements.count - s0 - 1; // less the xacts() query
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
      const label = `${warmup ? 'warm-up, ' : ''}${mode === 'bare' ? '' : `${mode}, `}${copies} cop${copies === 1 ? 'y' : 'ies'}, ${clients} clients`;
      console.log(
        `${label}: ${games} games set up in ${setupS.toFixed(1)} s; ${out.moves} moves in ${(out.elapsedMs / 1000).toFixed(1)} s (${Math.round(rateNow)}/s), ` +
          `${out.finishedGames} games finished, ${out.cutGames} left in play at the deadline; ${(out.requests / Math.max(1, out.moves)).toFixed(2)} API requests/move in play` +
          `${out.pageLoads ? ` (+ ${(out.loadRequests / out.pageLoads).toFixed(1)} page-load reads a game)` : ''}` +
          `${out.streams ? `, ${out.streams} event streams` : ''}` +
          `; app CPU ${(((cpu.self - out.driverCpuSeconds) / Math.max(1, out.moves)) * 1000).toFixed(3)} ms/move (main thread ${((cpu.main / Math.max(1, out.moves)) * 1000).toFixed(3)})` +
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
      for (const e of out.errors.slice(0, 5)) console.log(`  error: ${e}`);
      if (out.errors.length) failed = true;
      if (!warmup) results.push({ mode, copies, clients, games, out, cpu, appUtilization, xactsPerMove: (x1 - x0) / Math.max(1, out.moves), statementsPerMove: copies === 1 ? statementsSent / Math.max(1, out.moves) : null });
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
      for (const clients of CLIENTS) await runLevel(copies, clients, servers, false);
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
    for (const clients of APP_ONLY ? [] : CLIENTS) {
      if (pgbench.path) {
        const c = await runPgbench(pgbench.path, url, admin, clients, SECONDS, postmasterPid);
        ceilings.set(clients, c);
        console.log(typeof c === 'string' ? `pgbench, ${clients} clients: ${c}` : `pgbench, ${clients} clients: ${Math.round(c.tps)} tps, latency average ${c.latencyMs.toFixed(1)} ms`);
      }
      const rate = Math.max(3000, warmRate * 3);
      const gamesPerClient = Math.min(MAX_GAMES_PER_CLIENT, Math.ceil((1.5 * rate * SECONDS) / clients / MOVES_PER_GAME_LOW) + 1);
      const probeGames = await startGames(createRanked, pairs.slice(0, clients), gamesPerClient);
      const probe = await runProbe(url, probeGames, clients, SECONDS, config.dbPoolSize, postmasterPid, { held: true });
      probes.set(clients, probe);
      console.log(probeLine("bare pg probe (the app's move SQL: one statement a move on a held game)", clients, probe));
      // The path before the cache beside it: a read of the game before each write.
      const loadGames = await startGames(createRanked, pairs.slice(0, clients), gamesPerClient);
      const withLoad = await runProbe(url, loadGames, clients, SECONDS, config.dbPoolSize, postmasterPid, { held: false });
      loadProbes.set(clients, withLoad);
      console.log(probeLine('bare pg probe, read + write a move (the path before the cache)', clients, withLoad));
      if (PROBE_VARIANTS) {
        // The same without the NOTIFY of the move events: what the fan-out costs the database.
        const quietGames = await startGames(createRanked, pairs.slice(0, clients), gamesPerClient);
        const quiet = await runProbe(url, quietGames, clients, SECONDS, config.dbPoolSize, postmasterPid, { held: true, notify: false });
        console.log(probeLine('bare pg probe WITHOUT NOTIFY', clients, quiet));
      }
    }

    console.log(`\nload average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at the end\n`);
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
        `| ${r.clients} | **${Math.round(a)}** | ${quantile(sorted, 0.5).toFixed(1)} | ${quantile(sorted, 0.95).toFixed(1)} | ${quantile(sorted, 0.99).toFixed(1)} | ` +
          `**${appMs.toFixed(3)}** | ${appMoveCpuMs(r).toFixed(3)} | ${mainMs.toFixed(3)} | ${loopMs.toFixed(3)} | ${pgMs.toFixed(3)} | ${b ? Math.round(b.tps) : '—'} | ${b ? ((b.postgresCpu / (b.tps * b.seconds)) * 1000).toFixed(3) : '—'} | ` +
          `${pr ? Math.round(probeRate) : '—'} | ${prSorted ? quantile(prSorted, 0.99).toFixed(1) : '—'} | **${b ? `${((a / b.tps) * 100).toFixed(1)}%` : '—'}** | ${pr ? `${((a / probeRate) * 100).toFixed(1)}%` : '—'} | ` +
          `**${b && pr ? `${((probeRate / b.tps) * 100).toFixed(1)}%` : '—'}** | ${b && lp ? `${((lp.moves / lp.seconds / b.tps) * 100).toFixed(1)}%` : '—'} |`,
      );
    }
    if (BROWSERS) {
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
    console.log(' statement a move on the game as the last write left it (the app\'s GameCache); read + write: a read of the game before each.)\n');
    console.log('| app copies | clients | games | moves | seconds | moves/s | p50 ms | p95 ms | p99 ms | max ms | errors | CPU: app copy 1 + driver | CPU: copy 2 | CPU: PostgreSQL | app 1 loop | driver loop | PG xacts/move | statements/move |');
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      const sorted = Float64Array.from(r.out.latencies).sort();
      const s = r.out.elapsedMs / 1000;
      const cores = (cpuSeconds: number) => `${(cpuSeconds / s).toFixed(2)}`;
      console.log(
        `| ${r.copies} | ${r.clients} | ${r.games} | ${r.out.moves} | ${s.toFixed(1)} | **${Math.round(r.out.moves / s)}** | ${quantile(sorted, 0.5).toFixed(1)} | ` +
          `${quantile(sorted, 0.95).toFixed(1)} | ${quantile(sorted, 0.99).toFixed(1)} | ${sorted[sorted.length - 1]?.toFixed(1) ?? '—'} | ${r.out.errors.length} | ` +
          `${cores(r.cpu.self)} | ${r.copies === 2 ? cores(r.cpu.child) : '—'} | ${cores(r.cpu.postgres)} | ${r.appUtilization.toFixed(2)} | ${r.out.driverUtilization.toFixed(2)} | ${r.xactsPerMove.toFixed(2)} | ${r.statementsPerMove?.toFixed(2) ?? '—'} |`,
      );
    }
    console.log('\n(p50…max: latency of one POST /api/games/:id/moves as the client sees it. CPU columns: cores used on average, from /proc;');
    console.log(' "app copy 1 + driver" is this whole process: the app in the main thread, whose event-loop busy share is "app 1 loop",');
    console.log(' and the load driver in a worker thread, whose busy share is "driver loop". PG xacts/move: committed + rolled-back');
    console.log(' transactions in pg_stat_database per move; statements/move: queries the app sent per move, counted in copy 1.)\n');

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

if (isMainThread) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
