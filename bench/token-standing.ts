/**
 * The cost of the token check on the move path: `TokenVerifier.verify` (the move route's guard)
 * now also asks the revocation cache (TokenStanding) whether the token still stands — two Map
 * lookups, no database. Measured side by side in one process: jsonwebtoken's verify alone (what the
 * guard did before, less its few checks), and the guard's verify with an empty cache and with a
 * cache of 100,000 revoked players and 100,000 signed-out tokens. Writes the "## Token standing"
 * section of BENCHMARKS.md.
 *
 *   npm run build && node dist/bench/token-standing.js            (writes BENCHMARKS.md)
 *   node dist/bench/token-standing.js --no-write                   (print only)
 */
import { createSecretKey, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import jwt from 'jsonwebtoken';
import { TokenStanding } from '../src/auth/token-standing.js';
import { TokenVerifier } from '../src/auth/token-verifier.js';
import type { AppConfig } from '../src/config/config.js';
import { reportSection } from './report.js';

const SECRET = 'bench-secret-0123456789abcdef';
const CALLS = 20_000;
const ROUNDS = 5;

async function standingWith(players: number, tokens: number): Promise<TokenStanding> {
  const standingRows = Array.from({ length: players }, () => ({ id: randomUUID(), tokenVersion: 3, closed: false }));
  const revokedRows = Array.from({ length: tokens }, () => ({ jti: randomUUID().replace(/-/g, '').slice(0, 22), expiresAt: new Date(Date.now() + 86_400_000) }));
  const config = { tokenRevocationPollMs: 0 } as AppConfig;
  const players$ = { standing: async () => standingRows } as never;
  const revoked$ = { now: async () => new Date(), revoked: async () => revokedRows, prune: async () => undefined } as never;
  const standing = new TokenStanding(config, players$, revoked$);
  await standing.onApplicationBootstrap();
  return standing;
}

/** Best ns per call of each function, measured in alternating rounds (a shared machine's load drifts). */
function nsPerCall(fs: (() => unknown)[], calls: number): number[] {
  for (const f of fs) for (let i = 0; i < 5_000; i++) f(); // warm-up
  const best = fs.map(() => Infinity);
  for (let r = 0; r < ROUNDS; r++) {
    fs.forEach((f, k) => {
      const t = process.hrtime.bigint();
      for (let i = 0; i < calls; i++) f();
      best[k] = Math.min(best[k], Number(process.hrtime.bigint() - t) / calls);
    });
  }
  return best;
}

async function main(): Promise<void> {
  const write = !process.argv.includes('--no-write');
  const config = { jwtSecret: SECRET } as AppConfig;
  const token = jwt.sign({ sub: randomUUID(), name: 'bench', guest: false, tv: 0, jti: 'abcdefghijklmnopqrstuv' }, SECRET, { algorithm: 'HS256', expiresIn: '30d' });
  const header = `Bearer ${token}`;
  const key = createSecretKey(Buffer.from(SECRET, 'utf8'));
  const load = loadavg()[0].toFixed(1);
  const empty = await standingWith(0, 0);
  const full = await standingWith(100_000, 100_000);
  const emptyVerifier = new TokenVerifier(config, empty);
  const fullVerifier = new TokenVerifier(config, full);
  const [alone, withEmpty, withFull] = nsPerCall(
    [() => jwt.verify(token, key, { algorithms: ['HS256'] }), () => emptyVerifier.verify(header), () => fullVerifier.verify(header)],
    CALLS,
  );
  const claims = jwt.decode(token) as { sub: string; tv: number; jti: string };
  const [lookupEmpty, lookupFull] = nsPerCall([() => empty.refusal(claims), () => full.refusal(claims)], 1_000_000);
  const rows: [string, number][] = [
    ['jsonwebtoken verify alone, the secret as a KeyObject (the guard before, less its checks)', alone],
    ['TokenVerifier.verify, revocation cache empty', withEmpty],
    ['TokenVerifier.verify, 100,000 revoked players and 100,000 signed-out tokens', withFull],
    ['the standing check alone (TokenStanding.refusal), cache empty', lookupEmpty],
    ['the standing check alone, 100,000 revoked players and 100,000 signed-out tokens', lookupFull],
  ];
  const base = rows[0][1];
  const section = [
    '## Token standing',
    '',
    `\`npm run build && node dist/bench/token-standing.js\` (one process, best of ${ROUNDS} alternating rounds of ${CALLS.toLocaleString('en-US')} calls each`,
    `(the check alone: 1,000,000), load average ${load} at the start on a shared 2-core machine: the verify rows move with the load`,
    'by more than the check costs; the check alone is the added cost).',
    'The move route verifies its token with `TokenVerifier.verify`, which now also asks the in-memory revocation cache',
    '(`src/auth/token-standing.ts`); no request reads the database for it (each app copy polls for changes once every',
    '`TOKEN_REVOCATION_POLL_MS`, whatever the request rate).',
    '',
    '| what | µs per call | vs verify alone |',
    '|---|---:|---:|',
    ...rows.map(([what, ns]) => `| ${what} | ${(ns / 1000).toFixed(3)} | ${(ns / base).toFixed(3)}× |`),
    '',
  ].join('\n');
  reportSection(section, write);
}

void main();
