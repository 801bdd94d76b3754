/**
 * Ranked pairing through the database: one full wave of MatchmakingService.runWave (the code the
 * app runs every second) over 10,000 waiting ranked tickets in an embedded PostgreSQL 17: lock,
 * presence, loading the tickets, ratings, active games and the 24-h pair counts, pairWave, then
 * the writes (player locks and re-check, ticket claims, Black counts, one INSERT of every game,
 * the tickets' games, and a stored + NOTIFYed `matched` event per player), all in one transaction.
 *
 *   npm run bench:pairing-db     (= npm run build && node dist/bench/pairing-db.js)
 *   node dist/bench/pairing-db.js --tickets 10000 --waves 5
 *   node dist/bench/pairing-db.js --no-links     (RANKED_SEPARATE_ADDRESSES=false: no link check, to compare)
 *
 * Seeded with SQL (not timed): players with ratings ~ N(1500, 300); one waiting ranked ticket each,
 * joined Exp(mean 15 s) ago (windows ±100..±500), turn limits none 50 % / 60 s 30 % / 30 s 20 %;
 * 20,000 finished ranked games in the last 24 h between random pairs (some pairs at the repeat
 * limit, and Black counts for most players); 2 % of the players seated in an active game (skipped);
 * an address sighting per player, and one in 20 players also seen at another player's address
 * (linked accounts: RANKED_SEPARATE_ADDRESSES is on, its default). The window is capped at
 * RANKED_WINDOW_MAX (350, the default).
 * Before each wave the previous wave's games and events are deleted, the tickets reset to waiting
 * and the tables VACUUM ANALYZEd (not timed).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createApp } from '../src/app.factory.js';
import { loadConfig } from '../src/config/config.js';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { runMigrations } from '../src/app/migrate.js';
import { MatchmakingService, type WaveResult } from '../src/matchmaking/matchmaking.service.js';
import { quantile } from './common.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const SEED = `
INSERT INTO players (username, username_key, password_hash, guest, rating, rd, volatility, created_at)
SELECT 'player_' || i, 'player_' || i, 'x', false,
       greatest(100, least(3200, 1500 + 300 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()))), 120, 0.06, now() - interval '30 days'
FROM generate_series(1, $1::int) AS i`;

const HISTORY = `
INSERT INTO games (rated, show_legal_moves, black_id, white_id, board, to_move, ply, status, created_at, finished_at, winner, result_reason)
SELECT true, true, a, b, $2, NULL, 60, 'finished', $3::timestamptz - random() * interval '23 hours', $3, 'black', 'board'
FROM (SELECT p[1 + floor(random() * n)::int] AS a, p[1 + floor(random() * n)::int] AS b
      FROM (SELECT array_agg(id) AS p, count(*)::int AS n FROM players) s, generate_series(1, $1::int)) r
WHERE a <> b`;

const BUSY = `
INSERT INTO games (rated, show_legal_moves, black_id, white_id, board, to_move, ply, status, created_at, turn_deadline, takeover_at)
SELECT true, true, p[2 * i - 1], p[2 * i], $2, 'black', 0, 'active', $3, $3::timestamptz + interval '1 day', $3::timestamptz + interval '1 day'
FROM (SELECT array_agg(id ORDER BY random()) AS p FROM players) s, generate_series(1, $1::int) AS i`;

const TICKETS = `
INSERT INTO queue_tickets (player_id, mode, turn_seconds, state, joined_at, last_seen_at)
SELECT id, 'ranked', CASE WHEN u < 0.5 THEN NULL WHEN u < 0.8 THEN 60 ELSE 30 END, 'waiting',
       $1::timestamptz - (-ln(1 - random()) * 15) * interval '1 second', $1
FROM (SELECT id, random() AS u FROM players) p`;

/** Every player signed up from an address of their own; one in 20 also from another player's (linked: never paired). */
const SIGHTINGS = `
INSERT INTO account_sightings (player_id, kind, hash, first_seen_at, last_seen_at)
SELECT id, 'address', md5(id::text), $1::timestamptz, $1::timestamptz FROM players
UNION ALL
SELECT a, 'address', md5(b::text), $1::timestamptz, $1::timestamptz
FROM (SELECT p[1 + floor(random() * n)::int] AS a, p[1 + floor(random() * n)::int] AS b
      FROM (SELECT array_agg(id) AS p, count(*)::int AS n FROM players) s, generate_series(1, (SELECT count(*) / 20 FROM players)::int)) r
WHERE a <> b
ON CONFLICT DO NOTHING`;

const START_BOARD = '.'.repeat(27) + 'WB......BW' + '.'.repeat(27);

async function main(): Promise<void> {
  const n = arg('tickets', 10_000);
  const waves = arg('waves', 5);
  const dir = mkdtempSync(join(tmpdir(), 'outflank-bench-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ databaseDir: join(dir, 'pg'), persistent: false });
  const client = new pg.Client({ connectionString: server.urlFor('postgres') });
  let app: Awaited<ReturnType<typeof createApp>> | null = null;
  try {
    const url = await server.ensureDatabase('outflank_bench');
    await runMigrations(url);
    await client.end().catch(() => undefined);
    const db = new pg.Client({ connectionString: url });
    db.on('error', () => undefined);
    await db.connect();
    const seedAt = new Date();
    await db.query('SELECT setseed(0.1234)');
    await db.query(SEED, [n]);
    await db.query(HISTORY, [20_000, START_BOARD, seedAt]);
    await db.query(BUSY, [Math.round(n * 0.01), START_BOARD, seedAt]);
    await db.query(SIGHTINGS, [seedAt]);
    const links = !process.argv.includes('--no-links');
    const config = {
      ...loadConfig({
        NODE_ENV: 'production', JWT_SECRET: 'bench-secret-0123456789abcdef', QUEUE_WAVE_MS: '0', LOG_LEVEL: 'warn', RANKED_SEPARATE_ADDRESSES: String(links),
      }),
      databaseUrl: url,
    };
    console.log(`link check (RANKED_SEPARATE_ADDRESSES): ${links ? 'on' : 'off'}; window cap ±${config.fairPlay.rankedWindowMax}`);
    app = await createApp(config);
    await app.init();
    const matchmaking = app.get(MatchmakingService);
    console.log(`${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}, `
      + `PostgreSQL ${(await db.query('SHOW server_version')).rows[0].server_version} (embedded), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const results: WaveResult[] = [];
    const wall: number[] = [];
    for (let w = 0; w < waves + 1; w++) {
      // Reset (not timed): the previous wave's games and events go, every ticket waits again.
      await db.query(`DELETE FROM player_events`);
      await db.query(`DELETE FROM games WHERE created_at > $1 AND status = 'active' AND NOT (turn_deadline > $1::timestamptz + interval '2 hours')`, [seedAt]);
      await db.query(`DELETE FROM queue_tickets`);
      await db.query(TICKETS, [new Date()]);
      await db.query('VACUUM ANALYZE players, games, queue_tickets, player_events, account_sightings');
      const t0 = performance.now();
      const result = await matchmaking.runWave();
      const elapsed = performance.now() - t0;
      if (w === 0) continue; // warm-up
      results.push(result);
      wall.push(elapsed);
    }
    const med = (pick: (r: WaveResult) => number) => quantile(results.map(pick).sort((a, b) => a - b), 0.5).toFixed(1);
    const sortedWall = [...wall].sort((a, b) => a - b);
    console.log(`${n} waiting ranked tickets, ${waves} waves: wall median ${quantile(sortedWall, 0.5).toFixed(1)} ms, max ${sortedWall[sortedWall.length - 1].toFixed(1)} ms`);
    console.log(`  steps (median ms): ${Object.keys(results[0].timings).map((k) => `${k} ${med((r) => r.timings[k] ?? 0)}`).join(', ')}; commit: the rest`);
    console.log(`  per wave: ${results[0].waiting} waiting, ${results[0].games.length} games made (${((200 * results[0].games.length) / results[0].waiting).toFixed(1)} % of tickets)`);
    console.log(`load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    await db.end();
  } finally {
    await app?.close().catch(() => undefined);
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
