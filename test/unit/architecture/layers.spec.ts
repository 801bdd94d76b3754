import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// The layer rules of `npm run lint` (.dependency-cruiser.cjs) run on a tiny tree of their own, so
// that a rule that stops catching what it is for fails here: an upward import, a folder cycle, a
// pure domain reaching the framework's side, the client reaching the server.

const ROOT = join(__dirname, '..', '..', '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const CRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

/** A clean tree in the project's layout: every import goes down or sideways. */
const CLEAN: Record<string, string> = {
  'src/engine/board.ts': 'export const SIZE = 8;\n',
  'src/games/domain/game.ts': "import { SIZE } from '../../engine/board';\nexport const squares = SIZE * SIZE;\n",
  'src/common/errors.ts': 'export class AppError extends Error {}\n',
  'src/database/db.ts': "import { AppError } from '../common/errors';\nexport const db = { AppError };\n",
  'src/players/players.repository.ts': "import { db } from '../database/db';\nexport const players = db;\n",
  'src/games/games.service.ts': "import { squares } from './domain/game';\nimport { players } from '../players/players.repository';\nexport const games = { squares, players };\n",
  'src/client/board.ts': "import { squares } from '../games/domain/game';\nexport const shown = squares;\n",
  'src/main.ts': "import { games } from './games/games.service';\nexport const app = games;\n",
};

let dir: string;

function cruise(extra: Record<string, string>): { status: number | null; out: string } {
  rmSync(join(dir, 'src'), { recursive: true, force: true });
  for (const [path, text] of Object.entries({ ...CLEAN, ...extra })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const r = spawnSync(process.execPath, [CRUISE, 'src', '--config', CONFIG, '--output-type', 'err'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('the layer rules (dependency-cruiser, npm run lint)', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'outflank-layers-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('pass a tree whose imports all go down or sideways', () => {
    const r = cruise({});
    expect(r.out).not.toMatch(/error/);
    expect(r.status).toBe(0);
  }, 150_000);

  it('fail on an upward import: the data layer importing a module', () => {
    const r = cruise({ 'src/database/db.ts': "import { games } from '../games/games.service';\nexport const db = games;\n" });
    expect(r.status).not.toBe(0);
    expect(r.out).toMatch(/data-imports-down: src\/database\/db\.ts → src\/games\/games\.service\.ts/);
  }, 150_000);

  it('fail on a folder cycle between two modules', () => {
    const r = cruise({
      'src/leaderboard/leaderboard.service.ts': "import { players } from '../players/players.repository';\nexport const board = players;\n",
      'src/players/players.service.ts': "import { board } from '../leaderboard/leaderboard.service';\nexport const ranked = board;\n",
    });
    expect(r.status).not.toBe(0);
    expect(r.out).toMatch(/no-folder-cycle/);
  }, 150_000);

  it('fail on a pure domain importing the foundation, and on the client importing a service', () => {
    const r = cruise({
      'src/games/domain/game.ts': "import { AppError } from '../../common/errors';\nexport const squares = 64;\nexport const E = AppError;\n",
      'src/client/board.ts': "import { games } from '../games/games.service';\nexport const shown = games;\n",
    });
    expect(r.status).not.toBe(0);
    expect(r.out).toMatch(/pure-imports-pure: src\/games\/domain\/game\.ts → src\/common\/errors\.ts/);
    expect(r.out).toMatch(/client-imports-pure: src\/client\/board\.ts → src\/games\/games\.service\.ts/);
  }, 150_000);
});
