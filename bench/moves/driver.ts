/**
 * The load driver of bench:moves (bench/moves.ts): a worker thread, with its own event loop, so
 * the app in the main thread is not slowed by the driver's JavaScript (it still shares the
 * machine's cores). C clients each play their games one after the other over keep-alive HTTP to
 * 127.0.0.1 only, as bots (moves only, with the bare client of bench/moves/bare-http.ts) or as the
 * browser client's pages (Node's `http`: reads, moves and event streams).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { fromBoardString, legalMoves, squareName, startPosition, type Color, type Position } from '../../src/engine/index.js';
import { mulberry32, request, type HttpAnswer } from '../common.js';
import { bareClient, type Post } from './bare-http.js';
import { threadCpuSeconds } from './cpu.js';
import type { SentMove } from './tail.js';

export interface BenchGame {
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
export type DriveMode = 'bare' | 'browsers' | 'browsers-legacy';

export interface LevelInput {
  mode: DriveMode;
  /** Base URLs of the app copies; client k talks to copy k mod n. */
  servers: string[];
  /** The games of each client, played one after the other. */
  perClient: BenchGame[][];
  /** Every client stops sending at this many ms (its game is left as it is). */
  durationMs: number;
  seed: number;
  /** --tail: keep each move's game, ply and sending time (bench/moves/tail.ts). */
  tail?: boolean;
  /** The bots' HTTP client (bench/moves/bare-http.ts), or Node's `http` as the driver had it before, to compare. */
  client: BotClient;
}

export type BotClient = 'bare' | 'node-http';

/** The bots' POSTs to the app copy at `base`, over at most `connections` keep-alive connections. */
function botClient(kind: BotClient, base: string, connections: number): { post: Post; close: () => void } {
  if (kind === 'bare') return bareClient(base, connections);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  return { post: (path, authorization, body) => request(agent, base, 'POST', path, authorization.slice('Bearer '.length), JSON.parse(body)), close: () => agent.destroy() };
}

export interface LevelOutput {
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
  /** With `tail`: every move sent (bare mode). */
  sent?: SentMove[];
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
  const bots = input.servers.map((base) => botClient(input.client, base, Math.ceil(input.perClient.length / input.servers.length)));
  const latencies: number[] = [];
  const sent: SentMove[] = [];
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
    const post = bots[server].post;
    const authorization = { black: `Bearer ${game.blackToken}`, white: `Bearer ${game.whiteToken}` };
    const path = `/api/games/${game.id}/moves`;
    for (;;) {
      if (performance.now() - started > input.durationMs) {
        if (ply > 0) cutGames += 1;
        return;
      }
      const moves = legalMoves(position);
      const square = squareName(moves[Math.floor(random() * moves.length)]);
      const token = authorization[position.toMove];
      const body = `{"square":"${square}","ply":${ply}}`;
      const t0 = performance.now();
      let answer: HttpAnswer;
      try {
        answer = await post(path, token, body);
      } catch {
        // A keep-alive socket closed under us: the API makes a retry of the same ply safe (200 if it was recorded).
        retries += 1;
        try {
          answer = await post(path, token, body);
        } catch (err) {
          errors.push(`game ${game.id} ply ${ply} ${square}: ${String(err)}`);
          return;
        }
      }
      const tookMs = performance.now() - t0;
      latencies.push(tookMs);
      if (answer.status !== 201 && answer.status !== 200) {
        errors.push(`game ${game.id} ply ${ply} ${square}: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
        return;
      }
      acked[game.id] += 1;
      const state = (JSON.parse(answer.body) as { game: { status: string; board: string; toMove: Color | null; ply: number } }).game;
      if (input.tail) sent.push({ key: `${game.id}:${ply}`, sentAt: performance.timeOrigin + t0, ms: tookMs, ended: state.status !== 'active' });
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
  for (const b of bots) b.close();
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
    sent: input.tail ? sent : undefined,
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

/** Starts the load driver; `go()` runs the level once it is loaded. */
export function startWorker(input: LevelInput): Promise<{ go: () => Promise<LevelOutput> }> {
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
