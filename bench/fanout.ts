/**
 * Fan-out at scale: how many game event streams one app copy holds, how fast a burst of them
 * opens, and how fast every move reaches every stream.
 *
 *   npm run bench:fanout [-- --streams 10000 --games 200 --addresses 250 --seconds 60 --clients 2]
 *   options: --database-url postgres://… (a given PostgreSQL; else an embedded one in a temporary
 *   directory), --profile (the app copy runs with node --cpu-prof; the profile's path is printed)
 *
 * What it does: starts PostgreSQL, runs the migrations, makes 2 × --games guests and --games
 * unrated games between them (through an app built in this process, closed before the measure),
 * then starts ONE app copy as a real process (`node dist/src/cli.js serve`, production settings,
 * TRUST_PROXY=loopback). --clients client processes (raw node http, one keep-alive agent each with
 * no socket cap, a minimal SSE parser that reads only `event:` and `id:`) open --streams anonymous
 * game streams (`GET /api/games/:id/events`), --streams / --games per game, all at the same instant
 * (a burst), each from one of --addresses client addresses (X-Forwarded-For, believed from
 * loopback): 10,000 / 250 = 40 per address, under the production cap SSE_STREAMS_PER_ADDRESS = 50,
 * which the bench leaves at its default (so does SSE_STREAMS_PER_PLAYER: the watchers are anonymous).
 * Then this process makes one move every 2 s in every game (staggered evenly) for --seconds, and
 * measures, per stream, the delay from the move's acknowledgement (its 201 read by the mover) to the
 * `move` event read by the stream (0 when the event came first: the app sends its own streams the
 * event at the commit, before the answer). Reported: the open time of the last stream from the
 * burst's start, refused streams (an answer other than 200, or a connection error), events
 * delivered out of expected (every acknowledged move × every stream of its game), duplicates,
 * p50/p99/max delay, the app's RSS before the burst and with every stream open (and the difference
 * per stream), the app's CPU seconds in the move phase, and the load average.
 *
 * File descriptors: each client process holds --streams / --clients sockets, the app all of them;
 * `ulimit -n` must allow it (checked at the start: raise it in the shell, e.g. `ulimit -n 20000`).
 * HTTP to 127.0.0.1 only. One summary line at the end begins with `fanout:`.
 */
import { ChildProcess, fork } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fromBoardString, legalMoves, squareName, startPosition, type Color, type Position } from '../src/engine/index.js';
import { benchAppEnv, mulberry32, pool, quantile, request, type HttpAnswer } from './common.js';
import { cpuSecondsOf } from './moves/cpu.js';
import { spawnServe, stopServed, waitHealthy, type Served } from './served.js';

/** Epoch milliseconds with sub-millisecond precision, comparable across the processes of one machine. */
const now = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One stream a client process opens: the game (its index and id) and the client address it claims. */
interface WatchSpec {
  game: number;
  gameId: string;
  address: string;
}

type ToClient = { kind: 'open'; base: string; at: number; watch: WatchSpec[] } | { kind: 'report' } | { kind: 'close' };

interface OpenReport {
  kind: 'opened';
  opened: number;
  refused: number;
  /** Refusals by cause (status code or error code), a few. */
  causes: Record<string, number>;
  /** When the last stream opened (epoch ms), NaN if none. */
  lastOpenAt: number;
  /** Open delays of every opened stream from the burst's start, ms. */
  openDelays: Float64Array;
}

interface EventsReport {
  kind: 'events';
  /** Triplets (game index, ply, receive time epoch ms), one per `move` event per stream. */
  moves: Float64Array;
  /** Per stream: moves received for its game, for duplicate detection (stream index, ply pairs hashed below). */
  duplicates: number;
  /** Streams that ended or failed after opening. */
  dropped: number;
  endEvents: number;
  /** Streams that opened, by game index (what each acknowledged move is expected at). */
  openedPerGame: number[];
}

type FromClient = OpenReport | EventsReport;

// ---- the client processes --------------------------------------------------------------------

function runClient(): void {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 0 });
  const requests: http.ClientRequest[] = [];
  let moves = new Float64Array(1 << 16);
  let count = 0;
  let duplicates = 0;
  let dropped = 0;
  let endEvents = 0;
  const openedPerGame: number[] = [];
  const record = (game: number, ply: number, t: number) => {
    if (count + 3 > moves.length) {
      const bigger = new Float64Array(moves.length * 2);
      bigger.set(moves);
      moves = bigger;
    }
    moves[count++] = game;
    moves[count++] = ply;
    moves[count++] = t;
  };
  const send = (msg: FromClient) => process.send!(msg);

  const open = async (base: string, at: number, watch: WatchSpec[]): Promise<void> => {
    const url = new URL(base);
    if (url.hostname !== '127.0.0.1') throw new Error(`refusing to send load anywhere but 127.0.0.1: ${url.href}`);
    let opened = 0;
    let refused = 0;
    let lastOpenAt = Number.NaN;
    const causes: Record<string, number> = {};
    const openDelays: number[] = [];
    let settled = 0;
    let done: () => void = () => undefined;
    const allSettled = new Promise<void>((resolve) => (done = resolve));
    const settle = () => {
      if (++settled === watch.length) done();
    };
    await sleep(Math.max(0, at - now()));
    const pending: { abandon: () => void }[] = [];
    for (const w of watch) {
      let state: 'waiting' | 'open' | 'over' = 'waiting';
      const refuse = (cause: string) => {
        if (state !== 'waiting') return;
        state = 'over';
        refused += 1;
        causes[cause] = (causes[cause] ?? 0) + 1;
        settle();
      };
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: 'GET',
          path: `/api/games/${w.gameId}/events`,
          headers: { Accept: 'text/event-stream', 'X-Forwarded-For': w.address },
        },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            refuse(`HTTP ${res.statusCode}`);
            return;
          }
          res.setEncoding('utf8');
          const seen = new Set<number>();
          let buffer = '';
          res.on('data', (chunk: string) => {
            const t = now();
            if (state === 'waiting') {
              // The first bytes (": connected"): the stream is open.
              state = 'open';
              opened += 1;
              openedPerGame[w.game] = (openedPerGame[w.game] ?? 0) + 1;
              lastOpenAt = Number.isNaN(lastOpenAt) ? t : Math.max(lastOpenAt, t);
              openDelays.push(t - at);
              settle();
            }
            buffer += chunk;
            for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (block.startsWith(':')) continue; // a comment: connected, heartbeat
              let name = '';
              let id = Number.NaN;
              for (const line of block.split('\n')) {
                if (line.startsWith('event: ')) name = line.slice(7);
                else if (line.startsWith('id: ')) id = Number(line.slice(4));
              }
              if (name === 'move') {
                if (seen.has(id)) duplicates += 1;
                else {
                  seen.add(id);
                  record(w.game, id, t);
                }
              } else if (name === 'end') endEvents += 1;
            }
          });
          res.on('end', () => {
            if (state === 'open') dropped += 1;
            refuse('ended before its first bytes');
            state = 'over';
          });
          res.on('error', () => undefined);
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (state === 'open') {
          state = 'over';
          dropped += 1;
        }
        refuse(err.code ?? err.message);
      });
      req.end();
      requests.push(req);
      pending.push({
        abandon: () => {
          if (state !== 'waiting') return;
          refuse('no answer within 60 s');
          req.destroy();
        },
      });
    }
    // A stream not open within a minute is counted refused.
    const timer = setTimeout(() => {
      for (const p of pending) p.abandon();
    }, 60_000);
    await allSettled;
    clearTimeout(timer);
    const delays = Float64Array.from(openDelays);
    send({ kind: 'opened', opened, refused, causes, lastOpenAt, openDelays: delays });
  };

  process.on('message', (msg: ToClient) => {
    if (msg.kind === 'open') void open(msg.base, msg.at, msg.watch);
    else if (msg.kind === 'report') send({ kind: 'events', moves: moves.slice(0, count), duplicates, dropped, endEvents, openedPerGame: Array.from({ length: openedPerGame.length }, (_, g) => openedPerGame[g] ?? 0) });
    else {
      for (const r of requests) r.destroy();
      agent.destroy();
      process.disconnect?.();
    }
  });
}

// ---- the main process ------------------------------------------------------------------------

function numArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} needs a positive whole number`);
  return v;
}

function strArg(name: string): string | null {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? null : (process.argv[i + 1] ?? null);
}

const STREAMS = numArg('streams', 10_000);
const GAMES = numArg('games', 200);
const ADDRESSES = numArg('addresses', 250);
const SECONDS = numArg('seconds', 60);
const CLIENTS = numArg('clients', 2);
const MOVE_EVERY_MS = 2000;
const PROFILE = process.argv.includes('--profile');
const GIVEN_DB = strArg('database-url');

const JWT_SECRET = 'bench-fanout-secret-0123456789abcdef';
/**
 * The app copy's settings: production, X-Forwarded-For believed from loopback (the clients claim
 * 250 addresses), the stream caps at their defaults (50 per address, 20 per player). Setup needs
 * 400 guests from one address: the guest and sign-in limits are raised. No stand-in takes a turn.
 */
const APP_ENV: Record<string, string> = benchAppEnv(JWT_SECRET, { TRUST_PROXY: 'loopback' });

interface Seat {
  token: string;
  id: string;
}

/** Resident set of a process, bytes (Linux /proc), or NaN. */
function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds (user + system) of a process (Linux /proc), or NaN. */
function cpuOf(pid: number): number {
  return cpuSecondsOf(pid) ?? Number.NaN;
}

/** The client address of stream i: 10.77.x.y, one of ADDRESSES, round-robin. */
function addressOf(i: number): string {
  const a = i % ADDRESSES;
  return `10.77.${a >> 8}.${a & 255}`;
}

function openFileLimit(): number {
  try {
    const m = /Max open files\s+(\d+|unlimited)/.exec(readFileSync('/proc/self/limits', 'utf8'));
    return m ? (m[1] === 'unlimited' ? Infinity : Number(m[1])) : Infinity;
  } catch {
    return Infinity;
  }
}

/**
 * The kernel's counters of connections dropped because a listening socket's accept queue was full
 * (TcpExt ListenOverflows) and of SYNs sent again (TCPSynRetrans): machine-wide, from /proc/net/netstat.
 */
function tcpCounters(): { overflows: number; synRetrans: number } {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n').filter((l) => l.startsWith('TcpExt:'));
    const keys = lines[0].split(/\s+/);
    const values = lines[1].split(/\s+/).map(Number);
    const at = (k: string) => values[keys.indexOf(k)] ?? Number.NaN;
    return { overflows: at('ListenOverflows'), synRetrans: at('TCPSynRetrans') };
  } catch {
    return { overflows: Number.NaN, synRetrans: Number.NaN };
  }
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : v < 10 ? v.toFixed(1) : Math.round(v).toString());

async function main(): Promise<void> {
  if (STREAMS < GAMES) throw new Error('--streams must be at least --games');
  const perClient = Math.ceil(STREAMS / CLIENTS);
  const limit = openFileLimit();
  if (STREAMS + 200 > limit) throw new Error(`ulimit -n is ${limit}: the app copy needs more than ${STREAMS} descriptors (raise it: ulimit -n ${STREAMS + 1000})`);

  const { createApp } = await import('../src/app.factory.js');
  const { loadConfig } = await import('../src/config/config.js');
  const { freePort, startEmbeddedPostgres } = await import('../src/database/embedded-postgres.js');
  const { runMigrations } = await import('../src/app/migrate.js');
  const { GamesService } = await import('../src/games/games.service.js');

  const dir = mkdtempSync(join(tmpdir(), 'outflank-bench-fanout-'));
  chmodSync(dir, 0o755); // initdb runs as the postgres user when we are root
  const pgServer = GIVEN_DB ? null : await startEmbeddedPostgres({ databaseDir: join(dir, 'pg'), persistent: false });
  let served: Served | null = null;
  const clients: ChildProcess[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const cleanup = async () => {
    agent.destroy();
    for (const c of clients) if (c.connected) c.send({ kind: 'close' } satisfies ToClient, () => undefined);
    for (const c of clients) if (c.exitCode === null) c.kill();
    if (served) await stopServed(served).catch(() => undefined);
    await pgServer?.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
  try {
    const url = GIVEN_DB ?? (await pgServer!.ensureDatabase('outflank_fanout'));
    await runMigrations(url);
    const started = new Date();
    console.log(`Fan-out benchmark, ${started.toISOString()}`);
    console.log(`command: npm run build && node dist/bench/fanout.js ${process.argv.slice(2).join(' ')}`.trimEnd());
    console.log(
      `machine: nproc ${availableParallelism()}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ` +
        `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start; node ${process.version}; ulimit -n ${limit}`,
    );
    console.log(
      `plan: ${STREAMS} streams = ${GAMES} games × ${Math.floor(STREAMS / GAMES)}${STREAMS % GAMES ? '+' : ''} watchers, from ${ADDRESSES} addresses ` +
        `(${Math.ceil(STREAMS / ADDRESSES)} per address at most), ${CLIENTS} client processes; then a move every ${MOVE_EVERY_MS / 1000} s in every game for ${SECONDS} s`,
    );

    // Setup: guests and games, through an app in this process (closed before the measure).
    const setupConfig = { ...loadConfig({ ...APP_ENV }), databaseUrl: url };
    const setupApp = await createApp(setupConfig);
    await setupApp.listen(0, '127.0.0.1');
    const address = setupApp.getHttpServer().address();
    const setupBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const t0 = performance.now();
    const seats = await pool(
      Array.from({ length: 2 * GAMES }, (_, i) => i),
      8,
      async () => {
        const a = await request(agent, setupBase, 'POST', '/api/auth/guest', null, {});
        if (a.status !== 201) throw new Error(`POST /api/auth/guest: ${a.status} ${a.body.slice(0, 200)}`);
        const body = JSON.parse(a.body) as { token: string; player: { id: string } };
        return { token: body.token, id: body.player.id } satisfies Seat;
      },
    );
    const gamesService = setupApp.get(GamesService);
    const games = await pool(
      Array.from({ length: GAMES }, (_, g) => g),
      8,
      async (g) => {
        const [black, white] = [seats[2 * g], seats[2 * g + 1]];
        const game = await gamesService.createGame({ roomId: null, roomCode: null, rated: false, turnSeconds: null, showLegalMoves: true, blackId: black.id, whiteId: white.id });
        return { id: game.id, black, white };
      },
    );
    await setupApp.close();
    agent.destroy();
    console.log(`setup: ${seats.length} guests, ${games.length} games in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // The app copy under test.
    const port = await freePort();
    const profileDir = PROFILE ? join(process.cwd(), 'bench', 'profiles') : null;
    served = spawnServe(
      { PATH: process.env.PATH, HOME: process.env.HOME, ...APP_ENV, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', MIGRATIONS_RUN: 'false' },
      port,
      profileDir ? { profileDir } : {},
    );
    await waitHealthy(served);
    const base = `http://127.0.0.1:${port}`;
    const appPid = served.child.pid!;
    const moveAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
    // Warm the routes the run uses (first requests compile code): one read of each game.
    await pool(games, 16, async (g) => {
      const a = await request(moveAgent, base, 'GET', `/api/games/${g.id}`, null, undefined);
      if (a.status !== 200) throw new Error(`GET /api/games/${g.id}: ${a.status}`);
    });
    await sleep(1000);
    const rssBefore = rssOf(appPid);

    // The client processes, each with its share of the streams.
    const watch: WatchSpec[][] = Array.from({ length: CLIENTS }, () => []);
    for (let i = 0; i < STREAMS; i++) {
      const g = i % GAMES;
      watch[Math.floor(i / perClient)].push({ game: g, gameId: games[g].id, address: addressOf(i) });
    }
    const inbox = new Map<ChildProcess, FromClient[]>();
    const waiters: (() => void)[] = [];
    for (let c = 0; c < CLIENTS; c++) {
      const child = fork(__filename, ['--client'], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      inbox.set(child, []);
      child.on('error', () => undefined); // a send to a client that already exited: its exit is reported below
      child.on('message', (m: FromClient) => {
        inbox.get(child)!.push(m);
        for (const w of waiters.splice(0)) w();
      });
      clients.push(child);
    }
    const collect = async <K extends FromClient['kind']>(kind: K): Promise<Extract<FromClient, { kind: K }>[]> => {
      for (;;) {
        const got = clients.map((c) => inbox.get(c)!.find((m) => m.kind === kind));
        if (got.every((m) => m !== undefined)) {
          for (const c of clients) inbox.set(c, inbox.get(c)!.filter((m) => m.kind !== kind));
          return got as Extract<FromClient, { kind: K }>[];
        }
        if (clients.some((c) => c.exitCode !== null)) throw new Error('a client process exited');
        await new Promise<void>((r) => waiters.push(r));
      }
    };
    await sleep(500); // the clients load
    const burstAt = now() + 300;
    const load1 = loadavg();
    const cpuBurst0 = cpuOf(appPid);
    const tcp0 = tcpCounters();
    clients.forEach((c, i) => c.send({ kind: 'open', base, at: burstAt, watch: watch[i] } satisfies ToClient));
    const openReports = await collect('opened');
    const opened = openReports.reduce((n, r) => n + r.opened, 0);
    const refused = openReports.reduce((n, r) => n + r.refused, 0);
    const lastOpenMs = Math.max(...openReports.map((r) => r.lastOpenAt)) - burstAt;
    const openDelays = Float64Array.from(openReports.flatMap((r) => [...r.openDelays])).sort();
    const causes: Record<string, number> = {};
    for (const r of openReports) for (const [k, v] of Object.entries(r.causes)) causes[k] = (causes[k] ?? 0) + v;
    await sleep(2000); // what the opens left to do (their reads) settles
    const rssOpen = rssOf(appPid);
    const cpuBurst = cpuOf(appPid) - cpuBurst0;
    const tcp1 = tcpCounters();
    const overflows = tcp1.overflows - tcp0.overflows;
    const synRetrans = tcp1.synRetrans - tcp0.synRetrans;
    const perStreamKb = (rssOpen - rssBefore) / 1024 / Math.max(1, opened);
    console.log(
      `burst: ${opened} opened, ${refused} refused${refused ? ` (${Object.entries(causes).map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}; ` +
        `open delay p50 ${ms(quantile(openDelays, 0.5))} ms, p99 ${ms(quantile(openDelays, 0.99))} ms, last ${ms(lastOpenMs)} ms; ` +
        `app RSS ${mb(rssBefore)} MB before, ${mb(rssOpen)} MB with the streams open (${perStreamKb.toFixed(1)} KB per stream); ` +
        `app CPU ${cpuBurst.toFixed(1)} s for the burst (${((cpuBurst * 1000) / Math.max(1, opened)).toFixed(2)} ms per stream); ` +
        `the kernel (machine-wide) dropped ${overflows} connections on full accept queues and resent ${synRetrans} SYNs meanwhile`,
    );

    // The moves: every game moves every MOVE_EVERY_MS, the games staggered evenly across it.
    const acks = new Map<string, { sent: number; acked: number }>();
    const moveLatencies: number[] = [];
    const errors: string[] = [];
    let finished = 0;
    const random = mulberry32(27);
    const cpu0 = cpuOf(appPid);
    const load2 = loadavg();
    const movesStart = now();
    const movesEnd = movesStart + SECONDS * 1000;
    await Promise.all(
      games.map(async (g, gi) => {
        let position: Position = startPosition();
        let ply = 0;
        for (let k = 0; ; k++) {
          const due = movesStart + (gi * MOVE_EVERY_MS) / GAMES + k * MOVE_EVERY_MS;
          if (due >= movesEnd) return;
          await sleep(Math.max(0, due - now()));
          const moves = legalMoves(position);
          const square = squareName(moves[Math.floor(random() * moves.length)]);
          const token = position.toMove === 'black' ? g.black.token : g.white.token;
          const sent = now();
          let answer: HttpAnswer;
          try {
            answer = await request(moveAgent, base, 'POST', `/api/games/${g.id}/moves`, token, { square, ply });
          } catch (err) {
            errors.push(`game ${gi} ply ${ply}: ${String(err)}`);
            return;
          }
          const acked = now();
          if (answer.status !== 201) {
            errors.push(`game ${gi} ply ${ply} ${square}: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
            return;
          }
          moveLatencies.push(acked - sent);
          const state = (JSON.parse(answer.body) as { game: { status: string; board: string; toMove: Color | null; ply: number } }).game;
          acks.set(`${gi}:${state.ply}`, { sent, acked });
          if (state.status !== 'active') {
            finished += 1;
            return;
          }
          position = fromBoardString(state.board, state.toMove!);
          ply = state.ply;
        }
      }),
    );
    const cpuMoves = cpuOf(appPid) - cpu0;
    const movesSeconds = (now() - movesStart) / 1000;
    await sleep(3000); // the last events reach the streams
    const rssAfter = rssOf(appPid);
    for (const c of clients) c.send({ kind: 'report' } satisfies ToClient);
    const eventReports = await collect('events');

    // Delivery: every acknowledged move × every stream of its game that opened (refused ones expect nothing).
    let expected = 0;
    const ackedPerGame = new Array<number>(GAMES).fill(0);
    for (const key of acks.keys()) ackedPerGame[Number(key.split(':')[0])] += 1;
    for (const r of eventReports) r.openedPerGame.forEach((n, g) => (expected += n * ackedPerGame[g]));
    const fromAck: number[] = [];
    const fromSend: number[] = [];
    let beforeAck = 0;
    let unknown = 0;
    for (const r of eventReports) {
      const m = r.moves;
      for (let i = 0; i < m.length; i += 3) {
        const a = acks.get(`${m[i]}:${m[i + 1]}`);
        if (!a) {
          unknown += 1;
          continue;
        }
        const d = m[i + 2] - a.acked;
        if (d < 0) beforeAck += 1;
        fromAck.push(Math.max(0, d));
        fromSend.push(m[i + 2] - a.sent);
      }
    }
    const delivered = fromAck.length;
    const sortedAck = Float64Array.from(fromAck).sort();
    const sortedSend = Float64Array.from(fromSend).sort();
    const sortedMoves = Float64Array.from(moveLatencies).sort();
    const duplicates = eventReports.reduce((n, r) => n + r.duplicates, 0);
    const dropped = eventReports.reduce((n, r) => n + r.dropped, 0);
    console.log(
      `moves: ${acks.size} acknowledged in ${movesSeconds.toFixed(1)} s (${(acks.size / movesSeconds).toFixed(0)}/s; answer p50 ${ms(quantile(sortedMoves, 0.5))} ms, ` +
        `p99 ${ms(quantile(sortedMoves, 0.99))} ms), ${finished} games finished, ${errors.length} errors; app CPU ${cpuMoves.toFixed(1)} s ` +
        `(${((cpuMoves / movesSeconds) * 100).toFixed(0)} % of a core); app RSS ${mb(rssAfter)} MB after`,
    );
    for (const e of errors.slice(0, 5)) console.log(`  error: ${e}`);
    console.log(
      `delivery: ${delivered} of ${expected} move events (${unknown} of unacknowledged moves, ${duplicates} duplicates, ${dropped} streams dropped); ` +
        `move acknowledged → event read: p50 ${ms(quantile(sortedAck, 0.5))} ms, p99 ${ms(quantile(sortedAck, 0.99))} ms, max ${ms(sortedAck[sortedAck.length - 1] ?? Number.NaN)} ms ` +
        `(${((beforeAck / Math.max(1, delivered)) * 100).toFixed(0)} % read before the answer); move sent → event read: p50 ${ms(quantile(sortedSend, 0.5))} ms, p99 ${ms(quantile(sortedSend, 0.99))} ms`,
    );
    const ok = refused === 0 && lastOpenMs < 10_000 && delivered >= expected && errors.length === 0 && quantile(sortedAck, 0.99) < 100;
    console.log(
      `fanout: streams ${STREAMS} games ${GAMES} addresses ${ADDRESSES} | opened ${opened} refused ${refused} last-open ${ms(lastOpenMs)} ms accept-overflows ${overflows} | ` +
        `delivered ${delivered}/${expected} dup ${duplicates} | ack→event p50 ${ms(quantile(sortedAck, 0.5))} p99 ${ms(quantile(sortedAck, 0.99))} max ${ms(sortedAck[sortedAck.length - 1] ?? Number.NaN)} ms | ` +
        `RSS ${mb(rssBefore)}→${mb(rssOpen)} MB = ${perStreamKb.toFixed(1)} KB/stream | app CPU ${((cpuBurst * 1000) / Math.max(1, opened)).toFixed(2)} ms/open, ` +
        `${((cpuMoves * 1e6) / Math.max(1, delivered)).toFixed(0)} µs/event delivered, ${((cpuMoves / movesSeconds) * 100).toFixed(0)} % of a core in the moves | ` +
        `load ${load1[0].toFixed(2)} (burst) ${load2[0].toFixed(2)} (moves) ${loadavg()[0].toFixed(2)} (end) | goals (all open ≤ 10 s, none refused, all delivered, p99 < 100 ms): ${ok ? 'MET' : 'NOT MET'}`,
    );
    const appLog = served.output().trim().split('\n').filter((l) => l && !l.startsWith('[outflank]'));
    if (appLog.length > 0) console.log(`app copy's log (warnings and errors, the last 10 of ${appLog.length} lines):\n  ${appLog.slice(-10).map((l) => l.slice(0, 300)).join('\n  ')}`);
    moveAgent.destroy();
    if (served && profileDir) {
      await stopServed(served);
      const newest = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')).sort().pop();
      console.log(`CPU profile of the app copy: ${newest ? join(profileDir, newest) : 'not written'}`);
    }
  } finally {
    await cleanup();
  }
}

if (process.argv.includes('--client')) runClient();
else
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
