/**
 * The burst of issue #17 against a real `outflank serve` process, with a steady background of moves.
 *
 *   npm run build && node dist/bench/burst.js [--pairs 64] [--rounds 3] [--pool 20] [--cli path/to/dist/src/cli.js]
 *
 * It starts an embedded PostgreSQL 17 in a temporary directory (not kept) and one app copy
 * (`node <cli> serve`, by default this build's; --cli runs another build, e.g. an older commit, so
 * both are measured the same way) with DB_POOL_SIZE --pool and its default 5 s connect timeout.
 * Background: 16 other rooms whose players each move every 100 ms (a new game by rematch when one
 * ends). Each round: 5 s of background alone, then --pairs new pairs of guests do, every step at
 * the same instant, open rooms → join → Black's first moves → White's first moves → resign →
 * rematch offers → accepts. It prints each step's status counts, median and slowest answer, and the
 * background's p50/p99 move latency without and with the burst. Loopback only, bounded in count
 * and time.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Background, Client, formatReports, guests, roomBurst, type PhaseReport, type Seat } from './burst-scenario.js';
import { freePort, startEmbeddedPostgres } from '../src/database/embedded-postgres.js';

const BACKGROUND_ROOMS = 16;
const BACKGROUND_EVERY_MS = 100;
const QUIET_MS = 5000;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitHealthy(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the server never became healthy:\n${output()}`);
}

/** Plays a room's games one after the other (a rematch when one ends) until stopped. */
function playRoom(background: Background, client: Client, code: string, host: Seat, guest: Seat, stopped: () => boolean, errors: string[]): Promise<void> {
  return (async () => {
    while (!stopped()) {
      const room = await client.request('GET', `/api/rooms/${code}`, null);
      const game = room.status === 200 ? await client.request('GET', `/api/games/${room.body.gameId}`, null) : room;
      if (game.status !== 200) {
        await sleep(100); // a 503 while the burst holds the pool (before issue #17's fix): read again
        continue;
      }
      await playGame(background, client, code, host, guest, room.body.gameId, game.body);
    }
  })().catch((err) => void errors.push(String(err)));
}

/** Plays the room's current game to its end (or until stopped), then both seats ask for the next. */
async function playGame(background: Background, client: Client, code: string, host: Seat, guest: Seat, gameId: string, game: any): Promise<void> {
  const black = game.black.player.id === host.id ? host : guest;
  const white = black === host ? guest : host;
  await background.playOne(gameId, black, white);
  await client.request('POST', `/api/rooms/${code}/rematch`, host.token, {});
  await client.request('POST', `/api/rooms/${code}/rematch`, guest.token, {});
}

async function main(): Promise<void> {
  const pairs = Number(arg('pairs', '64'));
  const rounds = Number(arg('rounds', '3'));
  const pool = arg('pool', '20');
  const cli = resolve(arg('cli', join(__dirname, '..', 'src', 'cli.js')));
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
  const dir = mkdtempSync(join(tmpdir(), 'outflank-burst-'));
  chmodSync(dir, 0o755); // initdb runs as the postgres user when we are root
  const pg = await startEmbeddedPostgres({ databaseDir: join(dir, 'pg'), persistent: false });
  let child: ChildProcess | null = null;
  const client = { current: null as Client | null };
  let out = '';
  try {
    const url = await pg.ensureDatabase('outflank_burst');
    const port = await freePort();
    child = spawn(process.execPath, [cli, 'serve'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: 'burst-secret-0123456789abcdef',
        AUTH_RATE_LIMIT: '1000000',
        ROOMS_PER_HOUR: '1000000',
        DB_POOL_SIZE: pool,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c) => (out += String(c)));
    child.stderr!.on('data', (c) => (out += String(c)));
    const base = `http://127.0.0.1:${port}`;
    await waitHealthy(base, child, () => out);
    const http = new Client(base);
    client.current = http;

    console.log(`burst bench: ${cli}`);
    console.log(`machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log(`one app copy, DB_POOL_SIZE ${pool}, connect timeout 5 s; ${pairs} pairs a burst, ${rounds} rounds; background ${BACKGROUND_ROOMS} rooms, a move every ${BACKGROUND_EVERY_MS} ms each\n`);

    // The background rooms.
    const bg = await guests(http, 2 * BACKGROUND_ROOMS);
    const background = new Background(http, BACKGROUND_EVERY_MS);
    let stopped = false;
    const loops: Promise<void>[] = [];
    const errors: string[] = [];
    for (let i = 0; i < BACKGROUND_ROOMS; i++) {
      const [host, guest] = [bg[2 * i], bg[2 * i + 1]];
      const room = await http.request('POST', '/api/rooms', host.token, {});
      await http.request('POST', `/api/rooms/${room.body.code}/join`, guest.token, {});
      loops.push(playRoom(background, http, room.body.code, host, guest, () => stopped, errors));
    }

    const summary: { round: number; slowest: number; non2xx: number; quiet: ReturnType<Background['window']>; during: ReturnType<Background['window']> }[] = [];
    for (let round = 1; round <= rounds; round++) {
      const seats = await guests(http, 2 * pairs);
      const q0 = performance.now();
      await sleep(QUIET_MS);
      const b0 = performance.now();
      const reports: PhaseReport[] = await roomBurst(http, seats.slice(0, pairs), seats.slice(pairs));
      const b1 = performance.now();
      const quiet = background.window(q0, b0);
      const during = background.window(b0, b1);
      console.log(`round ${round}: burst of ${pairs} pairs took ${((b1 - b0) / 1000).toFixed(1)} s`);
      console.log(formatReports(reports));
      console.log(
        `background moves: without the burst ${quiet.moves} moves, p50 ${quiet.p50.toFixed(1)} ms, p99 ${quiet.p99.toFixed(1)} ms; ` +
          `during it ${during.moves} moves, p50 ${during.p50.toFixed(1)} ms, p99 ${during.p99.toFixed(1)} ms, max ${during.max.toFixed(0)} ms, ${during.errors} not 201\n`,
      );
      const non2xx = reports.reduce((n, r) => n + Object.entries(r.statuses).filter(([s]) => !s.startsWith('2')).reduce((m, [, c]) => m + c, 0), 0);
      summary.push({ round, slowest: Math.max(...reports.map((r) => r.max)), non2xx, quiet, during });
    }
    stopped = true;
    await Promise.all(loops);
    await background.stop();

    console.log('| round | answers not 2xx | slowest answer ms | background p99 ms without burst | background p99 ms during burst |');
    console.log('|---|---|---|---|---|');
    for (const s of summary) console.log(`| ${s.round} | ${s.non2xx} of ${pairs * 7} | ${s.slowest.toFixed(0)} | ${s.quiet.p99.toFixed(1)} | ${s.during.p99.toFixed(1)} |`);
    if (errors.length > 0) console.log(`\nbackground loops that failed: ${errors.length} (${errors.slice(0, 3).join('; ')})`);
  } catch (err) {
    console.error(`server output:\n${out.slice(-3000)}`);
    throw err;
  } finally {
    client.current?.close();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await pg.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
