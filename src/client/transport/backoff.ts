/** Pure retry timing, shared by API requests and event streams (unit-tested in test/unit/pages/client.spec.ts). */

/** Delay (ms) before retry number `attempt` (1, 2, …): 400 ms doubling up to `cap`, plus up to 250 ms of jitter. */
export function backoffDelay(attempt: number, cap = 10_000, random: () => number = Math.random): number {
  const base = Math.min(cap, 400 * 2 ** Math.max(0, attempt - 1));
  return base + Math.floor(random() * 250);
}

/**
 * Delay before retrying a 503: the server's Retry-After (seconds, or an HTTP date) when it gives one,
 * kept between 250 ms and `cap`, else the backoff.
 */
export function retryAfterDelay(header: string | null, attempt: number, cap = 10_000, now: number = Date.now()): number {
  if (header) {
    const secs = /^\d+$/.test(header.trim()) ? Number(header.trim()) * 1000 : Date.parse(header) - now;
    if (Number.isFinite(secs)) return Math.max(250, Math.min(cap, secs));
  }
  return backoffDelay(attempt, cap);
}
