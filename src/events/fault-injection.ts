import type { NodeEnv } from '../config/config.js';

/**
 * A fault for tests only: `OUTFLANK_TEST_DIE_BEFORE_PUBLISH=<event>` (`move`, `end`, `game`, …: a
 * name of src/events/event-map.ts) makes the copy kill itself when it is about to publish a
 * committed event of that name, between the commit and the publish, so a test can show that the
 * other copies' streams catch up from the database. Honoured only when NODE_ENV=test; otherwise
 * null, whatever the environment says.
 */
export function dieBeforePublish(nodeEnv: NodeEnv, env: NodeJS.ProcessEnv = process.env): string | null {
  if (nodeEnv !== 'test') return null;
  return env.OUTFLANK_TEST_DIE_BEFORE_PUBLISH || null;
}
