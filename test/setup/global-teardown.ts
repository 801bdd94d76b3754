import pg from 'pg';

export default async function globalTeardown(): Promise<void> {
  const adminUrl = process.env.OUTFLANK_TEST_ADMIN_URL;
  if (adminUrl && !globalThis.__OUTFLANK_PG__) {
    // A shared server (TEST_DATABASE_URL): leave it as we found it.
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${process.env.OUTFLANK_TEST_TEMPLATE} WITH (FORCE)`);
    await client.end();
  }
  await globalThis.__OUTFLANK_PG__?.stop();
}
