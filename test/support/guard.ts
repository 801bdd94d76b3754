/**
 * The guard of units of work (issue #17): the suites run on ONE pooled connection, so code that
 * takes a second connection while its transaction holds the first fails (503) on every run instead
 * of under a rare burst. A suite that needs more (races between requests that each hold a
 * transaction) sets DB_POOL_SIZE itself, saying why.
 *
 * On a pool of one, a nested acquisition is a deadlock (the outer unit holds the only connection
 * until the inner one gets it), so it fails whatever the connect timeout is; the timeout only
 * decides how soon. It is the production default (5 s): honest requests queue for the one
 * connection (a page load sends several at once), and on a loaded CI machine single queries were
 * measured holding it 0.4 s and waiting 0.35 s for it, so the earlier 2 s turned that queueing
 * into 503s (board-feedback, CI of 2026-12-01). test/integration/db.spec.ts shows the guard
 * failing on a real nested acquisition.
 */
export const GUARD_ENV = {
  DB_POOL_SIZE: '1',
  DB_CONNECT_TIMEOUT_SECONDS: '5',
};
