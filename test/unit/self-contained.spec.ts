import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// A user's clone has nothing beside it. `.ci/run` proves the suite passes that way (it runs in a
// copy of the checkout inside an empty folder); this is the quick local signal for the usual slip:
// a path to the reference data folder that sits next to the project on the machine it was written on.

const ROOT = join(__dirname, '..', '..');
const FOLDERS = ['src', 'test', 'bench', 'migrations', '.ci'];
const UP_TO_SHARED = new RegExp(['((?:\\.\\.[\\\\/]+)+)', 'shared'].join(''), 'g');

/** True when `text` (the file at `path`) names a relative path that leads out of the project to a folder named shared. */
function leadsOutside(path: string, text: string): boolean {
  for (const m of text.matchAll(UP_TO_SHARED)) {
    const target = resolve(dirname(path), m[1]);
    if (target !== ROOT && !target.startsWith(ROOT + sep)) return true;
  }
  return false;
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'artifacts' || e.name === 'fixtures' ? [] : files(path);
    return /\.(ts|js|cjs|mjs|json|sh)$|^run$/.test(e.name) ? [path] : [];
  });
}

describe('the project is self-contained', () => {
  it('no source, test, benchmark or CI file names a path to the shared folder beside the project', () => {
    const offenders = FOLDERS.flatMap((f) => files(join(ROOT, f)))
      .filter((path) => leadsOutside(path, readFileSync(path, 'utf8')))
      .map((path) => relative(ROOT, path));
    expect(offenders).toEqual([]);
  });
});
