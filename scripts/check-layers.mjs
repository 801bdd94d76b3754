/**
 * `npm run lint:layers`: dependency-cruiser's layer rules (.dependency-cruiser.cjs) over src/,
 * failing on every violation that .dependency-cruiser-known-violations.json does not list.
 * dependency-cruiser's own --ignore-known softens module-level violations only, not the folder
 * cycles, so the comparison with the list is made here, for both.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const key = (v) => `${v.rule.name}: ${v.from} → ${v.to}`;

const run = spawnSync(process.execPath, [CRUISE, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
  cwd: ROOT,
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
});
if (!run.stdout) {
  process.stderr.write(run.stderr || String(run.error));
  process.exit(2);
}
const { summary } = JSON.parse(run.stdout);
const known = new Set(JSON.parse(readFileSync(join(ROOT, '.dependency-cruiser-known-violations.json'), 'utf8')).map(key));
const fresh = summary.violations.filter((v) => !known.has(key(v)));
for (const v of fresh) {
  const cycle = v.cycle?.length ? `\n    cycle: ${v.cycle.map((c) => c.name ?? c).join(' → ')}` : '';
  process.stderr.write(`error ${key(v)}${cycle}\n`);
}
const gone = known.size - (summary.violations.length - fresh.length);
process.stdout.write(`layers: ${summary.totalCruised} modules, ${fresh.length} new violation(s), ${known.size - gone} known (see docs/architecture.md)${gone > 0 ? `, ${gone} known one(s) gone: regenerate the list` : ''}\n`);
process.exit(fresh.length > 0 ? 1 : 0);
