/**
 * The guard of units of work (issue #17): the suites run on ONE pooled connection with a short
 * connect timeout, so code that takes a second connection while its transaction holds the first
 * fails at once (503) instead of under a rare burst. A suite that needs more (races between
 * requests that each hold a transaction) sets DB_POOL_SIZE itself, saying why.
 */
export const GUARD_ENV = {
  DB_POOL_SIZE: '1',
  DB_CONNECT_TIMEOUT_SECONDS: '2',
};
