import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CLI, ROOT } from '../setup/resources.cjs';
import { createServer } from 'node:net';
import { GUARD_ENV } from './guard.js';

// The real `outflank serve` process (dist/), for tests of the process itself and of several app
// copies on one database (copies in one jest process would share passport's global strategies).

export { CLI, ROOT } from '../setup/resources.cjs';

/** dist/ is built before the tests (test/setup/resources.cjs); a missing build is a clear failure here. */
export function assertBuilt(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run the tests through npm test or jest, whose global setup builds dist/.`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Served {
  child: ChildProcess;
  port: number;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * A minimal environment: no DATABASE_URL, NODE_ENV, JWT_SECRET… from the test run leaks in. The
 * process runs on one pooled connection unless `extra` says otherwise (see GUARD_ENV).
 */
export function serveEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  // Suites queue fresh accounts for ranked play and resign ranked games early: the newcomers' gate
  // and the cheap-win rule are off unless a suite sets them (as in test/support/app.ts).
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', RANKED_MIN_CASUAL_GAMES: '0', RANKED_MIN_ACCOUNT_HOURS: '0', RATED_MIN_LOSER_MOVES: '0', ...GUARD_ENV,
  };
  if (process.env.TMPDIR) env.TMPDIR = process.env.TMPDIR;
  return { ...env, ...extra };
}

export function spawnServe(env: NodeJS.ProcessEnv, port: number): Served {
  const child = spawn(process.execPath, [CLI, 'serve'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk) => (out += String(chunk)));
  child.stderr!.on('data', (chunk) => (err += String(chunk)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, stdout: () => out, stderr: () => err, exited };
}

/** Resolves with the exit status, or rejects after `ms`. */
export async function exitWithin(served: Served, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the process did not exit within ${ms} ms; stdout:\n${served.stdout()}\nstderr:\n${served.stderr()}`)), ms);
  });
  try {
    return await Promise.race([served.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function getHealth(port: number): Promise<{ status: number; body: unknown } | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2000) });
    return { status: res.status, body: await res.json() };
  } catch {
    return null; // not listening yet
  }
}

/** Polls /health until it answers ok; fails when the process exits first or after `ms`. */
export async function waitHealthy(served: Served, ms = 60_000): Promise<void> {
  let done = false;
  void served.exited.then(() => (done = true));
  const deadline = Date.now() + ms;
  let last: unknown = null;
  while (Date.now() < deadline && !done) {
    const health = await getHealth(served.port);
    last = health;
    if (health?.status === 200) {
      return;
    }
    await sleep(200);
  }
  throw new Error(
    `/health never answered ok (${done ? 'the process exited' : `after ${ms} ms`}; last: ${JSON.stringify(last)});\n` +
      `stdout:\n${served.stdout()}\nstderr:\n${served.stderr()}`,
  );
}

/** `outflank serve` on a free port with this environment, healthy; `stop()` ends it with SIGTERM. */
export async function startServerProcess(env: Record<string, string>): Promise<{ baseUrl: string; served: Served; stop(): Promise<void> }> {
  assertBuilt();
  const port = await freePort();
  const served = spawnServe(serveEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }), port);
  try {
    await waitHealthy(served);
  } catch (err) {
    served.child.kill('SIGKILL');
    throw err;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    served,
    stop: async () => {
      served.child.kill('SIGTERM');
      await exitWithin(served, 20_000);
    },
  };
}
