import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { MIGRATIONS } from '../../migrations/index.js';
import { pendingSchemaChanges, revertLastMigration, runMigrations } from '../../src/app/migrate.js';
import { createTestDatabase, TestDatabase, urlFor } from '../support/database.js';

/** The advisory lock key that src/app/migrate.ts takes around every migration run. */
const MIGRATION_LOCK = 727_001;

/** TypeORM records a migration under its `name` property, or else its class name. */
const migrationNames = () =>
  MIGRATIONS.map((M) => (new (M as new () => { name?: string })().name ?? M.name));

async function appliedMigrations(db: TestDatabase): Promise<string[]> {
  const table = await db.query(`SELECT to_regclass('public.migrations') AS t`);
  if (table.rows[0].t === null) return [];
  return (await db.query('SELECT name FROM migrations ORDER BY id')).rows.map((r) => r.name as string);
}

/** Tables and enum types in the public schema, other than TypeORM's migrations table. */
async function schemaObjects(db: TestDatabase): Promise<string[]> {
  const { rows } = await db.query(`
    SELECT 'table ' || tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'
    UNION ALL
    SELECT 'type ' || t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE n.nspname = 'public' AND t.typtype = 'e'
    ORDER BY 1`);
  return rows.map((r) => r.name as string);
}

describe('migrations (real PostgreSQL)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('the migrated schema matches the entities (no drift)', async () => {
    expect(await pendingSchemaChanges(db.url)).toEqual({ up: [], down: [] });
  });

  it('every migration is applied to a fresh database, in order', async () => {
    expect(await appliedMigrations(db)).toEqual(migrationNames());
  });

  it('reverts every migration one by one, leaving an empty schema, then migrates again without drift', async () => {
    const before = await appliedMigrations(db);
    for (let left = before.length; left > 0; left--) {
      await revertLastMigration(db.url);
      expect(await appliedMigrations(db)).toEqual(before.slice(0, left - 1));
    }
    expect(await schemaObjects(db)).toEqual([]);

    const ran = await runMigrations(db.url);
    expect(ran).toEqual(before);
    expect(await appliedMigrations(db)).toEqual(before);
    expect(await pendingSchemaChanges(db.url)).toEqual({ up: [], down: [] });
    expect(await runMigrations(db.url)).toEqual([]); // nothing left to apply
  }, 180_000); // each migration up again, the master games' index load among them

  describe('on an empty database', () => {
    let name: string;
    let url: string;
    beforeAll(async () => {
      name = `outflank_empty_${randomBytes(6).toString('hex')}`;
      await db.admin(`CREATE DATABASE ${name}`);
      url = urlFor(name);
    });
    afterAll(async () => {
      await db.admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    it('waits for the migration lock held by another copy', async () => {
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      let ran: Promise<string[]> | undefined;
      try {
        await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        ran = runMigrations(url);
        ran.catch(() => undefined); // awaited below
        let waiting = false;
        for (let i = 0; i < 100 && !waiting; i++) {
          const { rows } = await holder.query(
            `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
              WHERE l.locktype = 'advisory' AND NOT l.granted AND d.datname = $1`,
            [name],
          );
          waiting = rows[0].n > 0;
          if (!waiting) await new Promise((r) => setTimeout(r, 100));
        }
        expect(waiting).toBe(true);
        const table = await holder.query(`SELECT to_regclass('public.migrations') AS t`);
        expect(table.rows[0].t).toBeNull(); // nothing ran while the lock was held
      } finally {
        await holder.query('SELECT pg_advisory_unlock_all()');
        await holder.end();
      }
      expect(await ran).toHaveLength(MIGRATIONS.length);
    });

    it('is safe when two copies migrate at the same moment', async () => {
      const fresh = `outflank_race_${randomBytes(6).toString('hex')}`;
      await db.admin(`CREATE DATABASE ${fresh}`);
      try {
        const raceUrl = urlFor(fresh);
        const [a, b] = await Promise.all([runMigrations(raceUrl), runMigrations(raceUrl)]);
        // One copy applies everything; the other finds nothing left to do.
        expect([a.length, b.length].sort((x, y) => x - y)).toEqual([0, MIGRATIONS.length]);
        expect([...a, ...b]).toEqual(migrationNames());
        const client = new pg.Client({ connectionString: raceUrl });
        await client.connect();
        try {
          const { rows } = await client.query('SELECT name, count(*)::int AS n FROM migrations GROUP BY name');
          expect(rows).toHaveLength(MIGRATIONS.length);
          expect(rows.every((r) => r.n === 1)).toBe(true);
        } finally {
          await client.end();
        }
        expect(await pendingSchemaChanges(raceUrl)).toEqual({ up: [], down: [] });
      } finally {
        await db.admin(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`);
      }
    }, 180_000);
  });
});
