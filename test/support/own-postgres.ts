import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './server-process.js';

/**
 * A PostgreSQL server of the test file's own (the run's shared one must not be stopped), that the
 * test can stop and start again on the same port and data: for database outage tests. It runs in
 * a child process (test/support/pg-controller.mjs).
 */
export interface OwnPostgres {
  /** URL of the `outflank` database on this server. */
  url: string;
  port: number;
  /** Fast shutdown (SIGINT, as `pg_ctl stop` does by default): open sessions are terminated. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its files. */
  close(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const parent = mkdtempSync(join(tmpdir(), 'outflank-own-pg-'));
  chmodSync(parent, 0o755); // initdb runs as the postgres user when we are root
  const dir = join(parent, 'data');
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, 'pg-controller.mjs'), dir, String(port)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let out = '';
  const waiters: { word: string; resolve: () => void; reject: (err: Error) => void }[] = [];
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    let idx: number;
    while ((idx = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, idx);
      out = out.slice(idx + 1);
      const waiter = waiters.shift();
      if (!waiter) continue;
      if (line === waiter.word) waiter.resolve();
      else waiter.reject(new Error(`pg-controller: expected "${waiter.word}", got "${line}"`));
    }
  });
  const next = (word: string) => new Promise<void>((resolve, reject) => waiters.push({ word, resolve, reject }));
  try {
    await next('ready');
    const admin = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    try {
      await admin.query('CREATE DATABASE outflank');
    } finally {
      await admin.end();
    }
  } catch (err) {
    child.stdin!.end();
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(parent, { recursive: true, force: true });
    throw err;
  }
  const command = async (line: string, answer: string) => {
    const done = next(answer);
    child.stdin!.write(`${line}\n`);
    await done;
  };
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/outflank`,
    port,
    stop: () => command('stop', 'stopped'),
    start: () => command('start', 'started'),
    async close() {
      child.stdin!.end();
      await exited;
      rmSync(parent, { recursive: true, force: true });
    },
  };
}
