/**
 * An app copy as its own process, `node dist/src/cli.js serve`, for the benches that need one
 * outside their own process (a second copy; a copy profiled on its own).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface Served {
  child: ChildProcess;
  port: number;
  /** The last 20,000 characters the copy printed, for an error message. */
  output: () => string;
  exited: Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts a copy on `port` (given in `env` as PORT too); with `profileDir`, under `node --cpu-prof`. */
export function spawnServe(env: NodeJS.ProcessEnv, port: number, options: { profileDir?: string } = {}): Served {
  const cli = join(__dirname, '..', 'src', 'cli.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
  const flags = options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', options.profileDir] : [];
  const child = spawn(process.execPath, [...flags, cli, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c) => (out = (out + String(c)).slice(-20_000)));
  child.stderr!.on('data', (c) => (out = (out + String(c)).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, port, output: () => out, exited };
}

/** Resolves once the copy answers /health with 200; throws if it exits first or after `ms`. */
export async function waitHealthy(served: Served, ms = 90_000): Promise<void> {
  let gone = false;
  void served.exited.then(() => (gone = true));
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !gone) {
    try {
      const res = await fetch(`http://127.0.0.1:${served.port}/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the app copy never became healthy (${gone ? 'it exited' : `after ${ms} ms`}):\n${served.output()}`);
}

/** SIGTERM, then SIGKILL if the copy has not exited within 20 s. */
export async function stopServed(served: Served): Promise<void> {
  if (served.child.exitCode !== null || served.child.signalCode !== null) return;
  served.child.kill('SIGTERM');
  const timer = setTimeout(() => served.child.kill('SIGKILL'), 20_000);
  await served.exited;
  clearTimeout(timer);
}
