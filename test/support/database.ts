import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  name: string;
  url: string;
  /** Runs SQL as the server's superuser against the maintenance database. */
  admin(sql: string, params?: unknown[]): Promise<pg.QueryResult>;
  /** Runs SQL against this test database. */
  query(sql: string, params?: unknown[]): Promise<pg.QueryResult>;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.OUTFLANK_TEST_ADMIN_URL;
  if (!url) throw new Error('OUTFLANK_TEST_ADMIN_URL is not set: run the tests through jest (globalSetup).');
  return url;
}

export function urlFor(database: string): string {
  const u = new URL(adminUrl());
  u.pathname = `/${database}`;
  return u.toString();
}

async function once(url: string, sql: string, params?: unknown[]): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database of its own: a copy of the run's template database (migrated in global setup). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `outflank_test_${randomBytes(6).toString('hex')}`;
  // Template copies fail while another session is connected to the template: retry briefly.
  // FILE_COPY copies the template's files (a checkpoint before and after) where the default,
  // WAL_LOG, writes every block through the WAL: about a tenth of PostgreSQL's CPU per copy with the
  // explorer's master games in the template (bench/template-copy.ts, docs/testing.md).
  for (let attempt = 0; ; attempt++) {
    try {
      await once(adminUrl(), `CREATE DATABASE ${name} TEMPLATE ${process.env.OUTFLANK_TEST_TEMPLATE} STRATEGY FILE_COPY`);
      break;
    } catch (err) {
      if (attempt >= 50 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const url = urlFor(name);
  return {
    name,
    url,
    admin: (sql, params) => once(adminUrl(), sql, params),
    query: (sql, params) => once(url, sql, params),
    drop: async () => {
      await once(adminUrl(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
