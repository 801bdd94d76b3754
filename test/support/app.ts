import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../src/app.factory.js';
import { AppConfig, loadConfig } from '../../src/config/config.js';
import { createTestDatabase, TestDatabase } from './database.js';
import { GUARD_ENV } from './guard.js';

export { GUARD_ENV };

export interface TestApp {
  app: NestExpressApplication;
  /** The Node http.Server, for supertest. */
  http: any;
  /** http://127.0.0.1:<port> of the listening app. */
  baseUrl: string;
  db: TestDatabase;
  config: AppConfig & { databaseUrl: string };
  close(): Promise<void>;
}

export const TEST_ENV = {
  NODE_ENV: 'test',
  JWT_SECRET: 'test-secret-0123456789abcdef',
  AUTH_RATE_LIMIT: '100000',
  GUEST_RATE_LIMIT: '100000',
  // The analysis of finished games would run on the test's event loop (jest has no compiled
  // worker): the analysis tests turn it on.
  ANALYSIS_WORKERS: '0',
  // Where a suite turns it on, the runner must not yield to a busy jest process (its event loop is
  // the test's too): test/e2e/analysis.e2e.spec.ts tests the yielding with a load of its own.
  ANALYSIS_YIELD_ABOVE: '1',
  // Every test player comes from this one machine (loopback is one address like any other): suites
  // pair them in the ranked queue only with the address rule off. Its own suite turns it on and
  // gives each player an address (test/e2e/fair-play-ratings.e2e.spec.ts).
  RANKED_SEPARATE_ADDRESSES: 'false',
  // Suites queue fresh accounts for ranked play and end ranked games by a resignation after a
  // move or two: the newcomers' gate and the cheap-win rule are off, and their own suite turns
  // them on at their defaults (test/e2e/boosting.e2e.spec.ts).
  RANKED_MIN_CASUAL_GAMES: '0',
  RANKED_MIN_ACCOUNT_HOURS: '0',
  RATED_MIN_LOSER_MOVES: '0',
  // Cheap password hashing (allowed with NODE_ENV=test only): suites register hundreds of players.
  PASSWORD_HASH_MEMORY_KIB: '64',
  PASSWORD_HASH_PASSES: '1',
  // Likewise the cap on reports from new accounts and guests at one address: its own suite sets
  // it and gives each reporter an address (test/e2e/report-flood.e2e.spec.ts).
  REPORTS_PER_ADDRESS: '1000000',
  ...GUARD_ENV,
};

/** The real app on its own copy of the migrated database, listening on a free loopback port. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { db?: TestDatabase } = {},
): Promise<TestApp> {
  const db = options.db ?? (await createTestDatabase());
  const config = { ...loadConfig({ ...TEST_ENV, ...env }), databaseUrl: db.url };
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    http: app.getHttpServer(),
    baseUrl: `http://127.0.0.1:${port}`,
    db,
    config,
    close: async () => {
      await app.close();
      if (!options.db) await db.drop();
    },
  };
}
