import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

// The real `outflank serve` process, as `npm start` runs it: embedded PostgreSQL under DATA_DIR,
// migrations, HTTP; a clean stop on SIGTERM; the data still there on the next start.

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli.js');
const SOURCES = ['src', 'migrations'];

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds dist/ when it is missing or older than a source file. */
function ensureBuilt(): void {
  const sourcesAt = Math.max(statSync(join(ROOT, 'tsconfig.json')).mtimeMs, ...SOURCES.map((d) => newestSource(join(ROOT, d))));
  if (existsSync(CLI) && statSync(CLI).mtimeMs >= sourcesAt) return;
  const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 180_000,
  });
  // tsc still emits on type errors; those are the lint step's business. A missing CLI is ours.
  if (!existsSync(CLI) || statSync(CLI).mtimeMs < sourcesAt) {
    throw new Error(`the build did not produce ${CLI}:\n${tsc.stdout}${tsc.stderr}${tsc.error ?? ''}`);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Served {
  child: ChildProcess;
  port: number;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A minimal environment: no DATABASE_URL, NODE_ENV, JWT_SECRET… from the test run leaks in. */
function serveEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn' };
  if (process.env.TMPDIR) env.TMPDIR = process.env.TMPDIR;
  return { ...env, ...extra };
}

function spawnServe(env: NodeJS.ProcessEnv, port: number): Served {
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
async function exitWithin(served: Served, ms: number) {
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

async function getHealth(port: number): Promise<{ status: number; body: unknown } | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2000) });
    return { status: res.status, body: await res.json() };
  } catch {
    return null; // not listening yet
  }
}

/** Polls /health until it answers ok; fails when the process exits first or after `ms`. */
async function waitHealthy(served: Served, ms = 60_000): Promise<void> {
  let done = false;
  void served.exited.then(() => (done = true));
  const deadline = Date.now() + ms;
  let last: unknown = null;
  while (Date.now() < deadline && !done) {
    const health = await getHealth(served.port);
    last = health;
    if (health?.status === 200) {
      expect(health.body).toEqual({ status: 'ok', db: 'up' });
      return;
    }
    await sleep(200);
  }
  throw new Error(
    `/health never answered ok (${done ? 'the process exited' : `after ${ms} ms`}; last: ${JSON.stringify(last)});\n` +
      `stdout:\n${served.stdout()}\nstderr:\n${served.stderr()}`,
  );
}

function embeddedPgPort(served: Served): number {
  const match = /embedded PostgreSQL 17 on 127\.0\.0\.1:(\d+)/.exec(served.stdout());
  if (!match) throw new Error(`no "embedded PostgreSQL 17 on 127.0.0.1:<port>" line in:\n${served.stdout()}`);
  return Number(match[1]);
}

/** Command lines of the running processes that mention `text`. */
function processesMentioning(text: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      if (cmdline.includes(text)) found.push(`${pid}: ${cmdline}`);
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

async function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.connect(port, '127.0.0.1');
  });
}

async function withClient<T>(pgPort: number, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/outflank` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('outflank serve (the real process)', () => {
  let dataDir: string;
  let running: Served | undefined;

  beforeAll(() => {
    ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'outflank-serve-'));
    chmodSync(dataDir, 0o755); // initdb runs as the postgres user when we are root
  }, 240_000);

  afterAll(async () => {
    // Only after a failure is something still running: stop it the way a user would.
    if (running && running.child.exitCode === null && running.child.signalCode === null) {
      running.child.kill('SIGTERM');
      await exitWithin(running, 30_000).catch(() => running?.child.kill('SIGKILL'));
    }
    const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (pid > 0 && processesMentioning(dataDir).some((p) => p.startsWith(`${pid}:`))) process.kill(pid, 'SIGINT');
      for (let i = 0; i < 50 && processesMentioning(dataDir).length > 0; i++) await sleep(100);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('starts on an empty DATA_DIR, stops cleanly on SIGTERM, and keeps its data across restarts', async () => {
    const env = serveEnv({ PORT: String(await freePort()), DATA_DIR: dataDir });
    const token = `row-${process.pid}-${Date.now()}`;

    // First start: initialises the embedded server, migrates, serves.
    running = spawnServe(env, Number(env.PORT));
    await waitHealthy(running);
    expect(running.stdout()).toContain(`listening on http://localhost:${env.PORT}`);
    const firstPgPort = embeddedPgPort(running);
    expect(processesMentioning(dataDir).length).toBeGreaterThan(0); // the postmaster, so the check below means something
    await withClient(firstPgPort, async (client) => {
      await client.query('CREATE TABLE serve_process_check (token text PRIMARY KEY)');
      await client.query('INSERT INTO serve_process_check (token) VALUES ($1)', [token]);
    });
    const secret = readFileSync(join(dataDir, 'jwt-secret'), 'utf8');

    running.child.kill('SIGTERM');
    expect(await exitWithin(running, 30_000)).toEqual({ code: 0, signal: null });
    expect(processesMentioning(dataDir)).toEqual([]);
    expect(await acceptsConnections(firstPgPort)).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    // Second start on the same DATA_DIR: the row and the generated secret are still there.
    running = spawnServe(env, Number(env.PORT));
    await waitHealthy(running);
    const rows = await withClient(embeddedPgPort(running), async (client) =>
      (await client.query('SELECT token FROM serve_process_check')).rows,
    );
    expect(rows).toEqual([{ token }]);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
    expect(running.stdout()).toContain('database schema is up to date');

    running.child.kill('SIGTERM');
    expect(await exitWithin(running, 30_000)).toEqual({ code: 0, signal: null });
    expect(processesMentioning(dataDir)).toEqual([]);
    expect(running.stderr()).toBe('');
  }, 180_000);

  it('refuses a bad configuration with one clear line on stderr and a non-zero exit', async () => {
    const served = spawnServe(serveEnv({ PORT: 'abc', DATA_DIR: dataDir }), 0);
    const { code } = await exitWithin(served, 30_000);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    const lines = served.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT/);
    expect(lines[0]).toContain('"abc"');
    expect(served.stdout()).toBe('');
  }, 60_000);
});
