/**
 * Recognises the errors that mean "the database cannot be reached right now" (as opposed to a bad
 * query or a bug): the server answers them 503 SERVICE_UNAVAILABLE with Retry-After, never 401 or
 * 500. Plain checks of the error's code and message, so it knows nothing of TypeORM or pg classes:
 * TypeORM's QueryFailedError copies the driver error's `code` and keeps it as `driverError`.
 */

/** Socket-level failures to reach or keep a connection to the server (Node's errno codes). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND', // a stopped container's host name no longer resolves
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away, starting up or full: 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections; class 08 is
 * "connection exception" as a whole.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What pg and pg-pool say when a connection ends, times out or is unusable (they set no code). */
const MESSAGES = [
  /^Connection terminated/i, // "… unexpectedly", "… due to connection timeout"
  /timeout exceeded when trying to connect/i, // pg-pool: no connection within connectionTimeoutMillis
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Connection is not established/i,
  /Query read timeout/i,
  // TypeORM releases a query runner whose connection failed: the rest of its transaction (the
  // COMMIT included, so nothing was committed) then fails with QueryRunnerAlreadyReleasedError.
  /Query runner already released/i,
  /connection provided by a query runner was already released/i, // QueryRunnerProviderAlreadyReleasedError
];

function matches(err: unknown, depth: number): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown; status?: unknown; statusCode?: unknown };
  // An HTTP error (ours, Nest's, or body-parser's "request aborted" with code ECONNABORTED) is
  // about the client's request, not the database.
  if (typeof e.status === 'number' || typeof e.statusCode === 'number') return false;
  if (typeof e.code === 'string') {
    if (SOCKET_CODES.has(e.code) || SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  if (typeof e.message === 'string' && MESSAGES.some((re) => re.test(e.message as string))) return true;
  if (matches(e.driverError, depth + 1) || matches(e.cause, depth + 1)) return true;
  // Node's AggregateError: a host name with several addresses (localhost: ::1 and 127.0.0.1).
  return Array.isArray(e.errors) && e.errors.some((inner) => matches(inner, depth + 1));
}

/** True when `err` (or what it wraps) says the database is unreachable, shutting down or starting up. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return matches(err, 0);
}

/** Seconds a client should wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
