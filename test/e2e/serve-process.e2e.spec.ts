import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { assertBuilt, exitWithin, freePort, Served, serveEnv, sleep, spawnServe, waitHealthy } from '../support/server-process.js';

// The real `outflank serve` process, as `npm start` runs it: embedded PostgreSQL under DATA_DIR,
// migrations, HTTP; a clean stop on SIGTERM; the data still there on the next start.

function embeddedPgPort(served: Served): number {
  const match = /embedded PostgreSQL 18 on 127\.0\.0\.1:(\d+)/.exec(served.stdout());
  if (!match) throw new Error(`no "embedded PostgreSQL 18 on 127.0.0.1:<port>" line in:\n${served.stdout()}`);
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
    assertBuilt();
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

    // An open event stream (it never ends by itself) must not hold the shutdown up.
    const base = `http://127.0.0.1:${env.PORT}`;
    const guestRes = await fetch(`${base}/api/auth/guest`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    const guest = (await guestRes.json()) as { token: string };
    const stream = await fetch(`${base}/api/me/events`, { headers: { Authorization: `Bearer ${guest.token}` }, signal: AbortSignal.timeout(60_000) });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read(); // ": connected"

    running.child.kill('SIGTERM');
    expect(await exitWithin(running, 30_000)).toEqual({ code: 0, signal: null });
    let ended = false;
    for (let i = 0; i < 10 && !ended; i++) ended = (await reader.read().catch(() => ({ done: true }))).done === true;
    expect(ended).toBe(true);
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
