/**
 * bench:moves's ceiling, on the same server in the same run: (b) pgbench with a move-shaped
 * transaction, and (c) the app's own move SQL from a bare pg pool, no HTTP and no framework.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { fromBoardString, legalMoves } from '../../src/engine/index.js';
import { mulberry32, quantile } from '../common.js';
import { postgresCpuSeconds } from './cpu.js';
import type { BenchGame } from './driver.js';

/** pgbench from PATH or Debian's PostgreSQL packages; as root on Debian it installs them once. */
export function findPgbench(): { path: string | null; note: string } {
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

export interface CeilingResult {
  tps: number;
  latencyMs: number;
  /** Percentiles of one transaction's latency, from pgbench's log of a tenth of them (NaN without it). */
  p50Ms: number;
  p99Ms: number;
  postgresCpu: number;
  seconds: number;
}

/** pgbench's move-shaped transaction (lock the game, insert the move, update the game) at `clients`. */
export async function runPgbench(pgbench: string, url: string, client: pg.Client, clients: number, seconds: number, postmasterPid: number): Promise<CeilingResult | string> {
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
  // A sample of the transactions is logged (pgbench prints no percentiles): the app's p99 has pgbench's beside it.
  const log = ['-l', '--sampling-rate', String(PGBENCH_LOG_SHARE), '--log-prefix', join(dir, 'tx')];
  const run = spawn(pgbench, ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds), ...log, '-f', script, url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  run.stdout.on('data', (c) => (out += String(c)));
  run.stderr.on('data', (c) => (out += String(c)));
  const code = await new Promise<number | null>((resolve) => run.on('exit', resolve));
  const elapsed = (performance.now() - t0) / 1000;
  const postgresCpu = postgresCpuSeconds(postmasterPid) - cpu0;
  const sampled = loggedLatenciesMs(dir);
  rmSync(dir, { recursive: true, force: true });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  const latency = /latency average = ([\d.]+) ms/.exec(out);
  if (code !== 0 || !tps) return `pgbench failed (exit ${code}): ${out.slice(-500)}`;
  return {
    tps: Number(tps[1]),
    latencyMs: latency ? Number(latency[1]) : Number.NaN,
    p50Ms: quantile(sampled, 0.5),
    p99Ms: quantile(sampled, 0.99),
    postgresCpu,
    seconds: elapsed,
  };
}

/** The share of pgbench's transactions it logs: enough for a p99, little of its own time spent writing. */
const PGBENCH_LOG_SHARE = 0.1;

/** Each logged transaction's latency (the log's third field, µs), sorted, in ms. */
function loggedLatenciesMs(dir: string): Float64Array {
  const values: number[] = [];
  for (const file of readdirSync(dir).filter((f) => f.startsWith('tx'))) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const us = Number(line.split(' ')[2]);
      if (Number.isFinite(us) && line.length > 0) values.push(us / 1000);
    }
  }
  return Float64Array.from(values).sort();
}


export interface ProbeResult {
  moves: number;
  seconds: number;
  latencies: Float64Array;
  selfCpu: number;
  postgresCpu: number;
  lost: number;
  /** The write's mean batch size (steps per step statement: StepBatcher). */
  stepsPerStatement: number;
}

/** One probe's line of the log: its rate, PostgreSQL's CPU a move and any conditional write it lost. */
export function probeLine(label: string, clients: number, p: ProbeResult): string {
  const cpu = ((p.postgresCpu / Math.max(1, p.moves)) * 1000).toFixed(3);
  return `${label}, ${clients} clients: ${p.moves} moves in ${p.seconds.toFixed(1)} s (${Math.round(p.moves / p.seconds)}/s), PostgreSQL CPU ${cpu} ms/move, ${p.stepsPerStatement.toFixed(2)} steps a write statement${p.lost ? `, ${p.lost} conditional writes lost` : ''}`;
}

/**
 * (c) The app's own move SQL (GamesRepository's named statements, the pure game domain in
 * between) driven by a bare pg pool of the app's size, `clients` loops, no HTTP and no framework:
 * what the app's SQL shape allows here. `held` (the app's path): a game is read once, then each
 * move is decided on the game as the last write left it and written with the one conditional
 * statement (as GamesService does with the games its GameCache holds), through the app's group
 * commit (StepBatcher: steps of other games waiting meanwhile share the statement); without it, every move
 * reads the game first (the app's path before the cache: two statements a move). Its events
 * leave as the app's do: after the write's commit, the same payloads queued to one publisher
 * connection that sends whatever has piled up in one NOTIFY statement at a time (the write
 * itself carries no NOTIFY).
 */
export async function runProbe(
  url: string,
  games: BenchGame[][],
  clients: number,
  seconds: number,
  poolSize: number,
  postmasterPid: number,
  options: { notify?: boolean; held?: boolean; writeBatches?: number } = {},
): Promise<ProbeResult> {
  const notify = options.notify ?? true;
  const { default: pgLib } = await import('pg');
  const { MOVE_STATEMENTS, stepParams, toLoaded } = await import('../../src/games/games.repository.js');
  const { MOVE_WRITE_BATCHES_DEFAULT } = await import('../../src/config/config.js');
  const { STEP_BATCH_MAX, StepBatcher } = await import('../../src/games/step-batcher.js');
  type Held = ReturnType<typeof toLoaded> & { version: number };
  const run = <R>(q: { name?: string; text: string; values?: readonly unknown[] }) => poolPg.query({ name: q.name, text: q.text, values: q.values as unknown[] }) as unknown as Promise<{ rows: R[] }>;
  const rules = await import('../../src/games/domain/transitions.js');
  const { openingSquaresAfter, openingToStore, toGameDto, toMoveDto } = await import('../../src/games/game-view.js');
  const { gameEvent } = await import('../../src/events/event-map.js');
  const { NOTIFY_SQL, notifyParameter } = await import('../../src/events/notify.js');
  const poolPg = new pgLib.Pool({ connectionString: url, max: poolSize });
  // The app's group commit of the steps, with the app's statements and bounds.
  const steps = new StepBatcher(async (q) => (await run<never>(q)).rows, { inFlight: options.writeBatches ?? MOVE_WRITE_BATCHES_DEFAULT, maxSteps: STEP_BATCH_MAX });
  const publisher = new pgLib.Client({ connectionString: url });
  await publisher.connect();
  let outbox: ReturnType<typeof gameEvent>[] = [];
  let sending: Promise<void> | null = null;
  const kick = (): void => {
    if (sending || outbox.length === 0) return;
    const batch = outbox;
    outbox = [];
    sending = publisher
      .query(NOTIFY_SQL, [notifyParameter(batch, 'bench')])
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
          const written = await steps.write(stepParams(step, loaded.version, null, openingToStore(after)));
          if (!written) lost++;
          else if (options.held) held = { ...after, version: written.version };
          if (written && notify) {
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
  return { moves: latencies.length, seconds: secondsTaken, latencies: Float64Array.from(latencies), selfCpu: (cpu.user + cpu.system) / 1e6, postgresCpu, lost, stepsPerStatement: steps.stats.steps / Math.max(1, steps.stats.statements) };
}

/**
 * With --analysis, the ceiling waits for the app's analysis queue to drain once play has stopped:
 * pgbench and the bare SQL path are the server's ceiling, measured with nothing else running (the
 * backlog of the app's levels would take their CPU); how long it took is the queue's own figure.
 */
export async function waitForAnalysis(admin: pg.Client, limitSeconds = 600): Promise<void> {
  const left = async () => Number((await admin.query(`SELECT count(*) AS n FROM analysis_jobs WHERE state IN ('queued', 'running')`)).rows[0].n);
  const t0 = performance.now();
  const atStart = await left();
  let now = atStart;
  while (now > 0 && performance.now() - t0 < limitSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    now = await left();
  }
  const took = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`analysis queue: ${atStart} jobs waiting or running when play stopped; ${now === 0 ? `drained in ${took} s` : `${now} still there after ${took} s`}, before the ceiling`);
}
