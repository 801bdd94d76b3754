import { build, startDatabase, type Started } from './resources.cjs';

declare global {
  var __OUTFLANK_TEST_DB__: Started | undefined;
}

/**
 * For a jest run of its own (`npx jest <file>`): dist/ and the example bot built when stale, the
 * client bundle, one real PostgreSQL with the migrated template database (test/setup/resources.cjs).
 * Under `npm test` (test/run.cjs) the runner has made them once for all its jest runs.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.OUTFLANK_TEST_SHARED) return;
  await build();
  const db = await startDatabase();
  globalThis.__OUTFLANK_TEST_DB__ = db;
  Object.assign(process.env, db.env);
}
