import { describe, expect, it } from '@jest/globals';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generateFlipsSource } from '../../../src/engine/flips-codegen.js';
import { repoRoot } from './helpers.js';

describe('src/engine/flips.ts', () => {
  it('is what flips-codegen.ts generates (regenerate it after changing the generator)', () => {
    const committed = fs.readFileSync(path.join(repoRoot, 'src/engine/flips.ts'), 'utf8');
    expect(committed === generateFlipsSource()).toBe(true);
  });
});
