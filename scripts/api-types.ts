/**
 * `npm run api:types`: regenerates the client's API types from the server's own OpenAPI document.
 *
 * Starts the app against a throwaway embedded PostgreSQL (or DATABASE_URL), reads /docs-json, and
 * writes src/client/api/openapi.json and src/client/api/schema.d.ts (openapi-typescript). A test
 * (test/e2e/api-types.e2e.spec.ts) fails when the committed files differ from what the server
 * describes, so an API change is one command away from a compile error in the client.
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { projectRoot } from './build-client.js';

export const OPENAPI_JSON = join('src', 'client', 'api', 'openapi.json');
export const SCHEMA_TS = join('src', 'client', 'api', 'schema.d.ts');


/** The committed form of the OpenAPI document: stable, pretty JSON. */
export function openapiText(doc: unknown): string {
  return JSON.stringify(doc, null, 2) + '\n';
}

/**
 * The TypeScript types of an OpenAPI document, as committed in schema.d.ts: openapi-typescript's
 * command line in a child process (its dependencies are ES modules, which jest cannot load).
 */
export function schemaTypes(doc: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'outflank-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, openapiText(doc));
    const cli = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js');
    return execFileSync(process.execPath, [cli, file, '--alphabetize'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { loadConfig } = await import('../src/config/config.js');
  const { resolveDatabase } = await import('../src/database/database-url.js');
  const { runMigrations } = await import('../src/database/migrate.js');
  const { createApp } = await import('../src/app.factory.js');
  const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'outflank-api-types-'));
  if (dataDir) chmodSync(dataDir, 0o755); // initdb runs as the postgres user when we are root
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'api-types-only-0123456789', ...(dataDir ? { DATA_DIR: dataDir } : {}) });
  const db = await resolveDatabase(config);
  try {
    await runMigrations(db.url);
    const app = await createApp({ ...config, databaseUrl: db.url });
    try {
      await app.listen(0, '127.0.0.1');
      const address = app.getHttpServer().address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const doc: unknown = await (await fetch(`http://127.0.0.1:${port}/docs-json`)).json();
      const root = projectRoot();
      writeFileSync(join(root, OPENAPI_JSON), openapiText(doc));
      writeFileSync(join(root, SCHEMA_TS), schemaTypes(doc));
      console.log(`wrote ${OPENAPI_JSON} and ${SCHEMA_TS}`);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.stack : err);
      process.exit(1);
    },
  );
}
