/**
 * What a test database costs PostgreSQL: `CREATE DATABASE … TEMPLATE` of the migrated database (the
 * explorer's master games make it tens of megabytes) with each copy strategy, interleaved so that
 * the machine's load weighs on both alike.
 *
 *   npm run build && node dist/bench/template-copy.js [--rounds 10]
 *
 * An embedded PostgreSQL 18 in a temporary directory (not kept) with fsync off, as the tests run it
 * (test/setup/resources.cjs); each round makes and drops one copy with WAL_LOG (PostgreSQL's
 * default: every block of the template written through the WAL) and one with FILE_COPY (the files
 * copied, around a checkpoint). The CPU is PostgreSQL's (the server and all its processes, from
 * /proc, Linux only), and the wall time the client's.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { runMigrations } from '../src/app/migrate.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU seconds of a process and all its descendants, the reaped ones included. */
function treeCpu(root: number): number {
  const fields = (pid: number) => {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  };
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(fields(Number(name))[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  let ticks = 0;
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop()!;
    try {
      const f = fields(pid);
      ticks += Number(f[11]) + Number(f[12]) + (pid === root ? Number(f[13]) + Number(f[14]) : 0);
      todo.push(...(children.get(pid) ?? []));
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

async function main(): Promise<void> {
  const rounds = arg('rounds', 10);
  const dir = mkdtempSync(join(tmpdir(), 'outflank-bench-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ databaseDir: join(dir, 'pg'), persistent: false });
  try {
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: server.adminUrl });
      await client.connect();
      try {
        return await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin('ALTER SYSTEM SET fsync = off');
    await admin('SELECT pg_reload_conf()');
    const template = await server.ensureDatabase('outflank_template');
    await runMigrations(template);
    const size = (await admin(`SELECT pg_size_pretty(pg_database_size('outflank_template')) AS s`)).rows[0].s as string;
    const postmaster = Number(readFileSync(join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const strategies = ['WAL_LOG', 'FILE_COPY'] as const;
    const cpu: Record<string, number[]> = { WAL_LOG: [], FILE_COPY: [] };
    const wall: Record<string, number[]> = { WAL_LOG: [], FILE_COPY: [] };
    for (let round = 0; round < rounds; round++) {
      for (const strategy of round % 2 ? [...strategies].reverse() : strategies) {
        const cpu0 = treeCpu(postmaster);
        const t0 = performance.now();
        await admin(`CREATE DATABASE copy_${round} TEMPLATE outflank_template STRATEGY ${strategy}`);
        wall[strategy].push(performance.now() - t0);
        // The copy's cost includes what the server does for it afterwards (the checkpointer, the WAL writer).
        await new Promise((r) => setTimeout(r, 300));
        cpu[strategy].push(treeCpu(postmaster) - cpu0);
        await admin(`DROP DATABASE copy_${round}`);
      }
    }
    console.log(`template ${size}, ${rounds} rounds, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const s of strategies) {
      console.log(`${s.padEnd(9)} median ${median(cpu[s]).toFixed(2)} CPU-s of PostgreSQL, ${median(wall[s]).toFixed(0)} ms wall per copy`);
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
