/**
 * Leaderboard benchmark: 1,000,000 players in an embedded PostgreSQL 17, then the exact queries
 * the app runs for the leaderboard's first page, its count and one player's rank.
 *
 *   npm run build && node dist/bench/leaderboard.js [--players N] [--reps N]
 *
 * The SQL is not copied: LeaderboardService and PlayersService are constructed on a DataSource
 * that records every statement they send, and those statements are what is timed and EXPLAINed.
 * Timings run in two phases: right after the bulk insert and ANALYZE (the visibility map is not
 * yet set, so index-only scans visit the heap), then after VACUUM (what autovacuum reaches).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../src/config/config.js';
import type { Db } from '../src/database/db.js';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { runMigrations } from '../src/app/migrate.js';
import { openStandaloneDatabase, type StandaloneDatabase } from '../src/app/standalone.js';
import { eligibilityParams, eligibilityPlaceholders, eligibleSql, leaderboardRules } from '../src/leaderboard/domain/eligibility.js';
import { LeaderboardRepository } from '../src/leaderboard/leaderboard.repository.js';
import { LeaderboardPlayersRepository } from '../src/leaderboard/leaderboard-players.repository.js';
import { LeaderboardService } from '../src/leaderboard/leaderboard.service.js';
import { Player } from '../src/players/entities/player.entity.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive whole number`);
  return value;
}

const PLAYERS = arg('players', 1_000_000);
const REPS = arg('reps', 300);
const WARMUP = 20;
/** A query gets at most this long per phase (at least MIN_REPS runs), so slow ones do not take forever. */
const BUDGET_MS = 15_000;
const MIN_REPS = 30;

/**
 * One INSERT … SELECT generate_series, deterministic (setseed):
 * - ~4% guests (unrated: 1500/350, no games);
 * - games ~ exp(U·6.5) − 1 (median ≈ 25; about 28% under 5);
 * - last rated game U²·400 days ago (≈ 47% within 90 days); never for 0 games;
 * - rating ~ Normal(1500, 260) clamped to [100, 3200]; RD shrinks with games (45..350) plus noise;
 * - W/D/L add up to games; a realistic argon2id-length password hash for registered players.
 */
/** The leaderboard's rule, written out for the seed report and to find players at given ranks. */
const ELIGIBLE = eligibleSql('p', eligibilityPlaceholders(1));

const SEED_SQL = `
INSERT INTO players (username, username_key, password_hash, guest, rating, rd, volatility, games, wins, draws, losses, last_rated_at, created_at)
SELECT name, lower(name),
       CASE WHEN guest THEN NULL ELSE '$argon2id$v=19$m=19456,t=2,p=1$' || md5(name) || '$' || md5(name || 'x') || md5(name || 'y') END,
       guest, rating, rd, 0.06 + (random() - 0.5) * 0.004, games, wins, draws, games - wins - draws,
       CASE WHEN games = 0 THEN NULL ELSE now() - (random() ^ 2) * interval '400 days' END,
       now() - random() * interval '730 days'
FROM (
  SELECT name, guest, games,
         CASE WHEN guest THEN 1500 ELSE greatest(100, least(3200, 1500 + 260 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()))) END AS rating,
         CASE WHEN guest OR games = 0 THEN 350 ELSE greatest(45, least(350, 350 / sqrt(1 + games / 2.0) + random() * 25)) END AS rd,
         wins, least(games - wins, floor(games * random() * 0.12)::int) AS draws
  FROM (
    SELECT name, guest, games, floor(games * (0.25 + random() * 0.5))::int AS wins
    FROM (
      SELECT CASE WHEN g THEN 'guest_' ELSE 'player_' END || i AS name, g AS guest,
             CASE WHEN g THEN 0 ELSE floor(exp(random() * 6.5))::int - 1 END AS games
      FROM (SELECT i, random() < 0.04 AS g FROM generate_series(1, $1::int) AS i) s0
    ) s1
  ) s2
) s3`;

interface Recorded {
  sql: string;
  params: unknown[];
}

/** The real Db, except that every statement the services send is also recorded. */
function recording(db: Db, log: Recorded[]): Db {
  const execute = db.execute.bind(db);
  db.execute = (statement, values) => {
    const q = typeof statement === 'string' ? { text: statement, values } : statement;
    log.push({ sql: q.text, params: [...(q.values ?? [])] });
    return execute(statement, values);
  };
  return db;
}

interface Stats {
  reps: number;
  median: number;
  p95: number;
  min: number;
  max: number;
}

function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { reps: s.length, median: at(0.5), p95: at(0.95), min: s[0], max: s[s.length - 1] };
}

async function time(run: () => Promise<unknown>): Promise<Stats> {
  for (let i = 0; i < WARMUP; i++) await run();
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < REPS && (samples.length < MIN_REPS || performance.now() - started < BUDGET_MS)) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

const ms = (n: number) => n.toFixed(2).padStart(8);

function report(rows: [string, Stats][]): void {
  console.log(`  ${'query'.padEnd(58)} ${'median ms'.padStart(9)} ${'p95 ms'.padStart(8)} ${'min ms'.padStart(8)} ${'max ms'.padStart(8)}  reps`);
  for (const [name, s] of rows) console.log(`  ${name.padEnd(58)} ${ms(s.median).padStart(9)} ${ms(s.p95)} ${ms(s.min)} ${ms(s.max)}  ${s.reps}`);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'outflank-bench-'));
  chmodSync(dir, 0o755); // initdb runs as the postgres user when we are root
  const server = await startEmbeddedPostgres({ databaseDir: join(dir, 'pg'), persistent: false });
  let ds: StandaloneDatabase | null = null;
  let admin: pg.Client | null = null;
  const cleanup = async () => {
    await admin?.end().catch(() => undefined);
    await ds?.close().catch(() => undefined);
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
  try {
    const url = await server.ensureDatabase('outflank_bench');
    await runMigrations(url);
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-0123456789abcdef',
      LEADERBOARD_MIN_GAMES: process.env.LEADERBOARD_MIN_GAMES,
      LEADERBOARD_ACTIVE_DAYS: process.env.LEADERBOARD_ACTIVE_DAYS,
    });

    const client = new pg.Client({ connectionString: url });
    admin = client;
    client.on('error', () => undefined); // the server stopping at the end
    await client.connect();
    const pgVersion = (await client.query('SHOW server_version')).rows[0].server_version as string;
    const sharedBuffers = (await client.query('SHOW shared_buffers')).rows[0].shared_buffers as string;
    const workMem = (await client.query('SHOW work_mem')).rows[0].work_mem as string;
    console.log(`machine: ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start`);
    console.log(`node ${process.version}, PostgreSQL ${pgVersion} (embedded, shared_buffers=${sharedBuffers}, work_mem=${workMem})`);
    console.log(`leaderboard: >= ${config.leaderboardMinGames} rated games, one in the last ${config.leaderboardActiveDays} days\n`);

    let t0 = performance.now();
    await client.query('SELECT setseed(0.4242)');
    await client.query(SEED_SQL, [PLAYERS]);
    const seedMs = performance.now() - t0;
    t0 = performance.now();
    await client.query('ANALYZE players');
    const analyzeMs = performance.now() - t0;
    const shape = (
      await client.query(
        `SELECT count(*)::int AS players, count(*) FILTER (WHERE guest)::int AS guests,
                count(*) FILTER (WHERE NOT guest AND games < $1)::int AS few_games,
                count(*) FILTER (WHERE NOT guest AND games >= $1 AND last_rated_at < now() - make_interval(days => $2))::int AS inactive,
                count(*) FILTER (WHERE ${ELIGIBLE})::int AS ranked,
                pg_size_pretty(pg_table_size('players')) AS heap, pg_size_pretty(pg_relation_size('players_leaderboard_idx')) AS idx
         FROM players p`,
        eligibilityParams(leaderboardRules(config)),
      )
    ).rows[0];
    console.log(`seeded ${shape.players.toLocaleString('en')} players in ${(seedMs / 1000).toFixed(1)} s (ANALYZE ${(analyzeMs / 1000).toFixed(1)} s):`);
    console.log(
      `  ${shape.guests.toLocaleString('en')} guests, ${shape.few_games.toLocaleString('en')} with too few games, ` +
        `${shape.inactive.toLocaleString('en')} inactive, ${shape.ranked.toLocaleString('en')} on the leaderboard; ` +
        `table ${shape.heap}, players_leaderboard_idx ${shape.idx}\n`,
    );

    ds = await openStandaloneDatabase({ url, poolSize: 4, connectTimeoutSeconds: 5 });
    const log: Recorded[] = [];
    const recorded = recording(ds.db, log);
    const leaderboard = new LeaderboardService(recorded, new LeaderboardRepository(recorded), new LeaderboardPlayersRepository(recorded), config);
    // The flags and rating buckets the app keeps up game by game, built here in one go.
    t0 = performance.now();
    await leaderboard.rebuild();
    console.log(`LeaderboardService.rebuild() (flags + buckets for every player): ${(performance.now() - t0).toFixed(0)} ms\n`);
    await client.query('ANALYZE players');
    await client.query('ANALYZE leaderboard_buckets');

    // The statements the services send, recorded once.
    log.length = 0;
    const first = await leaderboard.page(50, 0);
    const [pageSql, countSql] = [log.find((r) => /LIMIT/.test(r.sql))!, log.find((r) => /FROM leaderboard_buckets/.test(r.sql))!];
    if (!pageSql || !countSql) throw new Error('could not find the page and count statements of LeaderboardService.page');
    if (first.total !== shape.ranked) throw new Error(`page().total ${first.total} != ${shape.ranked}`);

    // Top, middle and bottom players of the leaderboard (found with the same order).
    const ordered = `FROM players p WHERE ${ELIGIBLE} ORDER BY p.rating DESC, p.rd ASC, p.username_key ASC`;
    const at = async (rank: number) =>
      (await client.query(`SELECT p.username ${ordered} OFFSET $6 LIMIT 1`, [...eligibilityParams(leaderboardRules(config)), rank - 1])).rows[0]
        .username as string;
    const targets: { label: string; rank: number; player: Player; statement: Recorded }[] = [];
    for (const [label, rank] of [
      ['top', 1],
      ['middle', Math.ceil(shape.ranked / 2)],
      ['bottom', shape.ranked],
    ] as const) {
      const name = await at(rank);
      const player = (await ds.db.manager.getRepository(Player).findOneBy({ usernameKey: name.toLowerCase() }))!;
      log.length = 0;
      const got = await leaderboard.rankOf(player.id);
      if (got !== rank) throw new Error(`rankOf(${player.username}) = ${got}, expected ${rank}`);
      targets.push({ label, rank, player, statement: log[0] });
    }
    log.length = 0;
    await leaderboard.page(50, 100_000);
    const deepSql = log.find((r) => /LIMIT/.test(r.sql))!;

    const runner = async (phase: string) => {
      console.log(`== ${phase}`);
      const rows: [string, Stats][] = [];
      rows.push(['first page rows (LIMIT 50 OFFSET 0)', await time(() => ds!.db.query(pageSql.sql, pageSql.params))]);
      rows.push(['count of ranked players (sum of buckets)', await time(() => ds!.db.query(countSql.sql, countSql.params))]);
      rows.push(['LeaderboardService.page(50, 0) = rows + count, as the API', await time(() => leaderboard.page(50, 0))]);
      for (const t of targets) {
        rows.push([`LeaderboardService.rankOf: ${t.label} player (rank ${t.rank.toLocaleString('en')})`, await time(() => leaderboard.rankOf(t.player.id))]);
      }
      rows.push(['(for scale) page rows at OFFSET 100,000', await time(() => ds!.db.query(deepSql.sql, deepSql.params))]);
      report(rows);
      console.log('');
      return rows;
    };

    const explain = async (title: string, r: Recorded) => {
      const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${r.sql}`, r.params);
      console.log(`-- EXPLAIN ANALYZE: ${title}`);
      for (const row of plan.rows) console.log(`   ${row['QUERY PLAN']}`);
      console.log('');
    };

    await runner('after bulk insert + ANALYZE (visibility map not set yet)');
    t0 = performance.now();
    await client.query('VACUUM (ANALYZE) players');
    console.log(`VACUUM (ANALYZE) players: ${(performance.now() - t0).toFixed(0)} ms\n`);
    await runner('after VACUUM (steady state)');

    await explain('first page rows', pageSql);
    await explain('count', countSql);
    for (const t of targets) {
      await explain(`rankOf ${t.label} (rank ${t.rank})`, t.statement);
    }

  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
