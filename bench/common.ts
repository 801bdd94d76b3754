/** Small helpers the benches share: a seeded PRNG, random-game positions, percentiles, the app's HTTP requests and settings. */
import http from 'node:http';
import { legalMoves, passIfNeeded, playTurn, type Position, startPosition } from '../src/engine/index.js';

/** mulberry32: a small seeded PRNG, uniform in [0, 1), so a run can be replayed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every position (the side to move has a move) of `games` random games played with `rand`. */
export function samplePositions(games: number, rand: () => number): Position[] {
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    let p = startPosition();
    for (;;) {
      const s = passIfNeeded(p);
      if (s.finished) break;
      p = s.position;
      out.push(p);
      const moves = legalMoves(p);
      p = playTurn(p, moves[Math.floor(rand() * moves.length)]).position;
    }
  }
  return out;
}

/** The q-quantile (0 < q ≤ 1) of ascending `sorted` by the nearest-rank method; NaN when empty. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** An HTTP answer as the benches keep it: the status and the body as text. */
export interface HttpAnswer {
  status: number;
  body: string;
}

/** One JSON request to the app under test (loopback only), with an optional bearer token; 30 s timeout. */
export function request(agent: http.Agent, base: string, method: string, path: string, token: string | null, payload: unknown): Promise<HttpAnswer> {
  const url = new URL(path, base);
  if (url.hostname !== '127.0.0.1') throw new Error(`refusing to send load anywhere but 127.0.0.1: ${url.href}`);
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  const headers: Record<string, string | number> = { Accept: 'application/json' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = Buffer.byteLength(body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, host: url.hostname, port: url.port, method, path: url.pathname, headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('request timed out after 30 s')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The settings of an app copy a bench starts: production, few logs, the sign-in and guest limits
 * out of the way of the setup, no stand-in taking a turn, no analysis of finished games (a bench
 * turns on what it measures with `extra`).
 */
export function benchAppEnv(jwtSecret: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000000',
    GUEST_RATE_LIMIT: '1000000',
    CPU_TAKEOVER_SECONDS: '3600',
    FIRST_MOVE_SECONDS: '3600',
    IDLE_TURN_SECONDS: '3600',
    ANALYSIS_WORKERS: '0',
    ...extra,
  };
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function pool<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i], i);
      }
    }),
  );
  return out;
}
