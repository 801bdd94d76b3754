/**
 * What the unit-of-work layer (Db: the async context's transaction, else the pool) costs the move
 * path's statements, next to node-postgres alone, on the same pool and server, interleaved so that
 * the machine's load weighs on both alike.
 *
 *   npm run build && node dist/bench/db-overhead.js [--rounds 20] [--per-round 200]
 *
 * An embedded PostgreSQL 17 in a temporary directory (not kept), the migrations, one game. Each
 * round runs `--per-round` game loads (the move path's first statement, named and prepared) one
 * after the other through GamesRepository.load (Db), then as many through pool.query with the same
 * statement and the same row mapping, then the same through Db inside one transaction; the median
 * of the rounds' per-call times is reported for each.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { runMigrations } from '../src/app/migrate.js';
import { openStandaloneDatabase } from '../src/app/standalone.js';
import { GamesRepository, MOVE_STATEMENTS, toLoaded } from '../src/games/games.repository.js';
import { newGame } from '../src/games/domain/transitions.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const rounds = arg('rounds', 20);
  const perRound = arg('per-round', 200);
  const dir = mkdtempSync(join(tmpdir(), 'outflank-bench-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ databaseDir: join(dir, 'pg'), persistent: false });
  try {
    const url = await server.ensureDatabase('outflank_bench');
    await runMigrations(url);
    const standalone = await openStandaloneDatabase({ url, poolSize: 4, connectTimeoutSeconds: 5 }, [GamesRepository]);
    try {
      const db = standalone.db;
      const games = standalone.get(GamesRepository);
      const [black, white] = await db.query<{ id: string }>(
        `INSERT INTO players (username, username_key, guest, rating, rd, volatility) VALUES ('b', 'b', true, 1500, 350, 0.06), ('w', 'w', true, 1500, 350, 0.06) RETURNING id`,
      );
      const game = newGame(
        { id: '00000000-0000-4000-8000-0000000000aa', roomId: null, roomCode: null, rated: false, turnSeconds: null, showLegalMoves: true, blackId: black.id, whiteId: white.id },
        { now: new Date(), cpuTakeoverSeconds: 60, firstMoveSeconds: 60, idleTurnSeconds: 600, rankedStandInMoves: 2 },
      );
      await games.insert(game);
      const statement = MOVE_STATEMENTS.load({ id: game.id });
      const bare = async () => {
        const row = (await db.pool.query({ name: statement.name, text: statement.text, values: [...statement.values!] })).rows[0];
        return toLoaded(row);
      };
      const viaDb = () => games.load(game.id);
      const time = async (run: () => Promise<unknown>) => {
        const t0 = performance.now();
        for (let i = 0; i < perRound; i++) await run();
        return ((performance.now() - t0) / perRound) * 1000;
      };
      const samples = { bare: [] as number[], db: [] as number[], tx: [] as number[] };
      for (let r = 0; r < rounds + 2; r++) {
        const b = await time(bare);
        const d = await time(viaDb);
        const t = await db.transaction(() => time(viaDb));
        if (r < 2) continue; // warm-up
        samples.bare.push(b);
        samples.db.push(d);
        samples.tx.push(t);
      }
      const [b, d, t] = [median(samples.bare), median(samples.db), median(samples.tx)];
      console.log(`machine: ${availableParallelism()} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
      console.log(`game load (the move path's first statement), ${rounds} rounds × ${perRound} calls, one after the other; median per call:`);
      console.log(`| path | µs per call | vs node-postgres alone |`);
      console.log(`|---|---:|---:|`);
      console.log(`| pool.query (node-postgres alone) | ${b.toFixed(0)} | 1.00 |`);
      console.log(`| GamesRepository.load through Db, no transaction (the pool) | ${d.toFixed(0)} | ${(d / b).toFixed(2)} |`);
      console.log(`| GamesRepository.load through Db inside a unit of work (its connection) | ${t.toFixed(0)} | ${(t / b).toFixed(2)} |`);
    } finally {
      await standalone.close();
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
