/**
 * Opening explorer benchmark: an embedded PostgreSQL 17 migrated from scratch (the migration loads
 * the shipped master games into the position index; its time is reported), a ladder as large as
 * the master set (the master rows copied as ladder rows), then OpeningsService.explore — what
 * GET /api/explorer runs, minus HTTP — on positions of real master games at random plies 0–40,
 * each position first seen (the engine values it) and then again (its values cached).
 *
 *   npm run bench:explorer [-- --positions N] [-- --write]
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { APP_CONFIG, loadConfig } from '../src/config/config.js';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { runMigrations } from '../src/app/migrate.js';
import { openStandaloneDatabase } from '../src/app/standalone.js';
import { EXPLORER_DEPTH, EXPLORER_EXACT_EMPTIES, EXPLORER_EXACT_NODE_LIMIT } from '../src/openings/domain/move-values.js';
import { masterGames } from '../src/openings/master-data.js';
import { OpeningsRepository } from '../src/openings/openings.repository.js';
import { OpeningsService } from '../src/openings/openings.service.js';
import { mulberry32, quantile } from './common.js';
import { reportSection } from './report.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const ms = (x: number) => x.toFixed(2);

function row(label: string, times: number[]): string {
  const s = [...times].sort((a, b) => a - b);
  return `| ${label} | ${s.length} | ${ms(quantile(s, 0.5))} | ${ms(quantile(s, 0.95))} | ${ms(quantile(s, 0.99))} | ${ms(s[s.length - 1])} |`;
}

async function main(): Promise<void> {
  const n = arg('positions', 400);
  const dir = mkdtempSync(join(tmpdir(), 'outflank-bench-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ databaseDir: join(dir, 'pg'), persistent: false });
  try {
    const url = await server.ensureDatabase('outflank_bench');
    const t0 = performance.now();
    await runMigrations(url);
    const migrateMs = performance.now() - t0;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`INSERT INTO explorer_moves (source, parent_key, child_key, games, black_half_points, disc_diff)
      SELECT 'ladder', parent_key, child_key, games, black_half_points, disc_diff FROM explorer_moves WHERE source = 'master'`);
    await client.query('ANALYZE explorer_moves');
    const rows = (await client.query('SELECT count(*)::int AS n FROM explorer_moves')).rows[0].n as number;
    await client.end();

    const config = { ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'bench-secret-0123456789', EXPLORER_POLL_MS: '0' }) };
    const standalone = await openStandaloneDatabase({ url, poolSize: 4, connectTimeoutSeconds: 5 }, [OpeningsRepository, OpeningsService, { provide: APP_CONFIG, useValue: config }]);
    const service = standalone.get(OpeningsService);
    const games = masterGames();
    const rand = mulberry32(20261202);
    const lines: string[] = [];
    for (let i = 0; i < n; i++) {
      const g = games[Math.floor(rand() * games.length)];
      lines.push(g.moves.slice(0, 2 * Math.min(g.squares.length, Math.floor(rand() * 41))));
    }
    for (let i = 0; i < 20; i++) await service.explore(lines[i]); // warm-up: connections, JIT
    const first: number[] = [];
    const again: number[] = [];
    const load0 = loadavg()[0];
    for (const line of lines.slice(20)) {
      const a = performance.now();
      await service.explore(line);
      first.push(performance.now() - a);
    }
    for (const line of lines.slice(20)) {
      const a = performance.now();
      await service.explore(line);
      again.push(performance.now() - a);
    }
    const load1 = loadavg()[0];
    await standalone.close();
    const section = [
      '## Opening explorer',
      '',
      `Command: \`npm run bench:explorer -- --positions ${n} --write\` (${cpus()[0]?.model ?? 'CPU'}, ${availableParallelism()} cores shared with other work; load average ${load0.toFixed(2)} at the start, ${load1.toFixed(2)} at the end).`,
      '',
      `What it does: migrates an empty embedded PostgreSQL 17 (the migration loads the ${games.length.toLocaleString('en')} shipped master games into the position index: ${(migrateMs / 1000).toFixed(1)} s for all migrations), copies the master rows as ladder rows (a ladder as large as the master set: ${rows.toLocaleString('en')} rows in all), then times \`OpeningsService.explore\` (what \`GET /api/explorer\` runs, without HTTP) on ${n - 20} positions of real master games at random plies 0–40 (after 20 warm-up calls): first when the position is new (the engine values every move: exact with at most ${EXPLORER_EXACT_EMPTIES} empties within ${EXPLORER_EXACT_NODE_LIMIT.toLocaleString('en')} nodes, else a ${EXPLORER_DEPTH}-ply estimate), then again (values cached). Times in ms.`,
      '',
      '| call | positions | p50 | p95 | p99 | max |',
      '|---|---|---|---|---|---|',
      row('position first seen', first),
      row('position seen before', again),
      '',
    ].join('\n');
    reportSection(section, process.argv.includes('--write'));
  } finally {
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
