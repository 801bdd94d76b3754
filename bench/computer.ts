/**
 * The computer opponent beside live play: moves/s and move latency of C clients playing casual
 * games over HTTP (as bench/moves.ts's bare mode does: random legal moves, both sides, from the
 * board each answer returns), alone and with level-8 computer games running beside them (each a
 * player making random moves against the computer at its strongest, COMPUTER_MOVE_MS a move,
 * who learns the computer's moves from the game's event stream as the browser client does),
 * alternated for --rounds so that the machine's other load hits both alike.
 *
 *   npm run bench:computer      (= npm run build && node dist/bench/computer.js)
 *   node dist/bench/computer.js [--clients 16] [--seconds 20] [--rounds 2] [--computer-games 1] [--yield-above 0.7]
 *
 * It starts an embedded PostgreSQL in a temporary directory (not kept), the migrations and the
 * real app (createApp, with its worker threads: the computer searches on COMPUTER_WORKERS threads
 * of its own) on 127.0.0.1 in this process; the clients run in this process too (keep-alive HTTP).
 * Prints only; the figures go to BENCHMARKS.md ("Computer opponent") by hand.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fromBoardString, legalMoves, squareName, type Color } from '../src/engine/index.js';
import { benchAppEnv, mulberry32, quantile } from './common.js';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name}: a number`);
  return v;
};
const CLIENTS = arg('clients', 16);
const SECONDS = arg('seconds', 20);
const ROUNDS = arg('rounds', 2);
const COMPUTER_GAMES = arg('computer-games', 1);

const yieldAbove = process.argv.indexOf('--yield-above');
/** --yield-above X: the app's COMPUTER_YIELD_ABOVE (1: the computer never yields to play). */
const APP_ENV: Record<string, string> = benchAppEnv('bench-computer-secret-0123456789abcdef', yieldAbove >= 0 ? { COMPUTER_YIELD_ABOVE: process.argv[yieldAbove + 1] } : {});

interface Answer {
  status: number;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let base = '';

function call(method: string, path: string, token: string | null, payload?: unknown): Promise<Answer> {
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function json<T>(method: string, path: string, token: string | null, payload: unknown, expect: number): Promise<T> {
  const a = await call(method, path, token, payload);
  if (a.status !== expect) throw new Error(`${method} ${path}: expected ${expect}, got ${a.status} ${a.body.slice(0, 200)}`);
  return JSON.parse(a.body) as T;
}

interface Seat {
  id: string;
  token: string;
}
interface GameView {
  id: string;
  status: string;
  board: string;
  toMove: Color | null;
  ply: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A game's event stream as the browser client follows it: each `move` event of the latest ply and
 * the `end` carry the game; `next(ply)` answers the game once it is past `ply` (or over).
 */
function followGame(gameId: string, token: string): { next(ply: number): Promise<GameView>; close(): void } {
  let latest: GameView | null = null;
  let waiting: { ply: number; resolve: (g: GameView) => void } | null = null;
  const seen = (g: GameView) => {
    if (!latest || g.ply >= latest.ply) latest = g;
    if (waiting && (latest.ply > waiting.ply || latest.status !== 'active')) {
      const w = waiting;
      waiting = null;
      w.resolve(latest);
    }
  };
  let buffer = '';
  const req = http.get(`${base}/api/games/${gameId}/events`, { agent: false, headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(frame)?.[1];
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (!data) continue;
        const body = JSON.parse(data) as { game?: GameView } & GameView;
        if (event === 'move' && body.game) seen(body.game);
        else if (event === 'end') seen(body.game ?? body);
      }
    });
  });
  req.on('error', () => undefined);
  return {
    next: (ply) =>
      new Promise<GameView>((resolve) => {
        waiting = { ply, resolve };
        if (latest) seen(latest);
      }),
    close: () => req.destroy(),
  };
}

async function guest(): Promise<Seat> {
  const r = await json<{ token: string; player: { id: string } }>('POST', '/api/auth/guest', null, {}, 201);
  return { id: r.player.id, token: r.token };
}

interface Phase {
  moves: number;
  latencies: number[];
  computerMoves: number;
}

async function main(): Promise<void> {
  const { createApp } = await import('../src/app.factory.js');
  const { loadConfig } = await import('../src/config/config.js');
  const { startEmbeddedPostgres } = await import('../src/database/embedded-postgres.js');
  const { runMigrations } = await import('../src/app/migrate.js');
  const { GamesService } = await import('../src/games/games.service.js');
  const dir = mkdtempSync(join(tmpdir(), 'outflank-bench-computer-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ databaseDir: join(dir, 'pg'), persistent: false });
  let app: Awaited<ReturnType<typeof createApp>> | null = null;
  try {
    const url = await server.ensureDatabase('outflank_bench');
    await runMigrations(url);
    const config = { ...loadConfig({ ...APP_ENV }), databaseUrl: url };
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const games = app.get(GamesService);
    console.log(`Computer opponent beside live play, ${new Date().toISOString()}`);
    console.log(`command: npm run bench:computer -- ${process.argv.slice(2).join(' ')}`.trimEnd());
    console.log(`node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log(`${CLIENTS} clients, ${SECONDS} s a phase, ${ROUNDS} rounds; ${COMPUTER_GAMES} level-8 game(s) beside them, COMPUTER_MOVE_MS ${config.computerMoveMs}, COMPUTER_WORKERS ${config.computerWorkers}, COMPUTER_YIELD_ABOVE ${config.computerYieldAbove}, CPU_WORKERS ${config.cpuWorkers}`);

    const rand = mulberry32(2026);
    const pairs: [Seat, Seat][] = [];
    for (let i = 0; i < CLIENTS; i++) pairs.push([await guest(), await guest()]);
    const newGame = async ([a, b]: [Seat, Seat]) =>
      (await games.createGame({ roomId: null, roomCode: null, rated: false, turnSeconds: null, showLegalMoves: true, blackId: a.id, whiteId: b.id })).id;

    /** One client: plays its pair's games one after the other (both sides) until `until`. */
    async function client(pair: [Seat, Seat], until: number, phase: Phase): Promise<void> {
      while (performance.now() < until) {
        const id = await newGame(pair);
        let g = await json<GameView>('GET', `/api/games/${id}`, null, undefined, 200);
        while (g.status === 'active' && performance.now() < until) {
          const moves = legalMoves(fromBoardString(g.board, g.toMove!));
          const square = squareName(moves[Math.floor(rand() * moves.length)]);
          const token = g.toMove === 'black' ? pair[0].token : pair[1].token;
          const t0 = performance.now();
          const r = await json<{ game: GameView }>('POST', `/api/games/${id}/moves`, token, { square, ply: g.ply }, 201);
          phase.latencies.push(performance.now() - t0);
          phase.moves++;
          g = r.game;
        }
        if (g.status === 'active') await call('POST', `/api/games/${id}/resign`, pair[0].token, {});
      }
    }

    /** A player making random moves against level 8, game after game, until `until`. */
    async function computerOpponent(until: number, phase: Phase): Promise<void> {
      const me = await guest();
      while (performance.now() < until) {
        const created = await json<GameView & { computer: { color: Color } }>('POST', '/api/computer/games', me.token, { level: 8, color: 'black' }, 201);
        const mine: Color = created.computer.color === 'black' ? 'white' : 'black';
        let g: GameView = created;
        const stream = followGame(g.id, me.token);
        while (g.status === 'active' && performance.now() < until) {
          if (g.toMove !== mine) {
            const before = g.ply;
            // As the browser does: the game's event stream brings the computer's move, with the game.
            g = await Promise.race([stream.next(g.ply), sleep(Math.max(0, until - performance.now())).then(() => g)]);
            if (g.ply > before) phase.computerMoves++;
            continue;
          }
          const moves = legalMoves(fromBoardString(g.board, mine));
          const r = await json<{ game: GameView }>('POST', `/api/games/${g.id}/moves`, me.token, { square: squareName(moves[Math.floor(rand() * moves.length)]), ply: g.ply }, 201);
          g = r.game;
        }
        stream.close();
        if (g.status === 'active') await call('POST', `/api/games/${g.id}/resign`, me.token, {});
        await sleep(100);
      }
    }

    async function run(withComputer: boolean): Promise<Phase> {
      const phase: Phase = { moves: 0, latencies: [], computerMoves: 0 };
      const until = performance.now() + SECONDS * 1000;
      await Promise.all([...pairs.map((p) => client(p, until, phase)), ...(withComputer ? Array.from({ length: COMPUTER_GAMES }, () => computerOpponent(until, phase)) : [])]);
      await sleep(1500); // the last computer search ends before the next phase
      return phase;
    }

    // Warm-up (JIT, prepared statements, the worker threads' first start).
    await run(true).catch(() => undefined);
    const rows: { round: number; alone: Phase; beside: Phase }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const alone = await run(false);
      const beside = await run(true);
      rows.push({ round, alone, beside });
    }
    const fmt = (p: Phase) => {
      const l = [...p.latencies].sort((a, b) => a - b);
      return `${(p.moves / SECONDS).toFixed(0).padStart(6)} moves/s  p50 ${quantile(l, 0.5).toFixed(1).padStart(6)} ms  p95 ${quantile(l, 0.95).toFixed(1).padStart(6)} ms`;
    };
    console.log('round | without the computer                        | with level 8 beside');
    for (const r of rows) console.log(`${String(r.round).padStart(5)} | ${fmt(r.alone)} | ${fmt(r.beside)} (the computer: ${r.beside.computerMoves} moves)`);
    const total = (k: 'alone' | 'beside') => rows.reduce((a, r) => a + r[k].moves, 0) / (rows.length * SECONDS);
    console.log(`mean: ${total('alone').toFixed(0)} moves/s without, ${total('beside').toFixed(0)} moves/s with (${((100 * total('beside')) / total('alone') - 100).toFixed(1)} %)`);
    console.log(`load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    agent.destroy();
    await app?.close().catch(() => undefined);
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
