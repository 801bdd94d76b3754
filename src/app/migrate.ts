import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source.js';

/** Arbitrary, fixed: app copies starting together take turns at migrating. */
const MIGRATION_LOCK = 727_001;

async function withMigrationLock<T>(url: string, work: (ds: DataSource) => Promise<T>): Promise<T> {
  const ds = new DataSource({ ...dataSourceOptions(url, 2), logging: false });
  await ds.initialize();
  const runner = ds.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      return await work(ds);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await runner.release();
    await ds.destroy();
  }
}

/** Runs every pending migration; returns their names. Safe when several copies start at once. */
export async function runMigrations(url: string): Promise<string[]> {
  return withMigrationLock(url, async (ds) => (await ds.runMigrations({ transaction: 'each' })).map((m) => m.name));
}

export async function revertLastMigration(url: string): Promise<void> {
  await withMigrationLock(url, (ds) => ds.undoLastMigration({ transaction: 'each' }));
}

/** The SQL that would bring the schema in line with the entities; empty when they agree. */
export async function pendingSchemaChanges(url: string): Promise<{ up: string[]; down: string[] }> {
  const ds = new DataSource({ ...dataSourceOptions(url, 2), logging: false });
  await ds.initialize();
  try {
    const log = await ds.driver.createSchemaBuilder().log();
    return { up: log.upQueries.map((q) => q.query), down: log.downQueries.map((q) => q.query) };
  } finally {
    await ds.destroy();
  }
}
