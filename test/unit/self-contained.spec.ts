import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// A user's clone has nothing beside it. `.ci/run` proves the suite passes that way (it runs in a
// copy of the checkout inside an empty folder); this is the quick local signal for the usual slip:
// a path to the reference data folder that sits next to the project on the machine it was written on.

const ROOT = join(__dirname, '..', '..');
const FOLDERS = ['src', 'test', 'bench', 'migrations', '.ci'];
const OUTSIDE = new RegExp(['\\.\\.', 'shared'].join('[\\\\/]+'));

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
      .filter((path) => OUTSIDE.test(readFileSync(path, 'utf8')))
      .map((path) => relative(ROOT, path));
    expect(offenders).toEqual([]);
  });
});
