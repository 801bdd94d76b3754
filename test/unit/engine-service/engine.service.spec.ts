import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import type { AppConfig } from '../../../src/config/config.js';
import { EngineService } from '../../../src/engine-service/engine.service.js';
import { fromBoardString, isLegal, legalMoves, playTurn, startPosition, toBoardString } from '../../../src/engine/index.js';

const ROOT = join(__dirname, '..', '..', '..');

/** The worker as the build emits it: src/engine and src/engine-service transpiled to CommonJS in a temporary dist. */
function buildWorker(dir: string): string {
  for (const folder of ['engine', 'engine-service']) {
    mkdirSync(join(dir, folder), { recursive: true });
    for (const f of readdirSync(join(ROOT, 'src', folder)).filter((x) => x.endsWith('.ts'))) {
      const out = ts.transpileModule(readFileSync(join(ROOT, 'src', folder, f), 'utf8'), {
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
      });
      writeFileSync(join(dir, folder, f.replace(/\.ts$/, '.js')), out.outputText);
    }
  }
  return join(dir, 'engine-service', 'cpu.worker.js');
}

describe('EngineService', () => {
  let dir: string;
  let threaded: EngineService;
  const inline = new EngineService({ cpuWorkers: 0 } as AppConfig);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'outflank-engine-'));
    threaded = new EngineService({ cpuWorkers: 1 } as AppConfig, buildWorker(dir));
  });
  afterAll(async () => {
    await threaded.onModuleDestroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs searches in a worker thread when the compiled worker is there, inline otherwise', () => {
    expect(threaded.threaded).toBe(true);
    expect(inline.threaded).toBe(false);
    expect(new EngineService({ cpuWorkers: 1 } as AppConfig, join(dir, 'missing.js')).threaded).toBe(false);
  });

  it('the stand-in and the full-strength CPU answer legal squares, from a worker and inline', async () => {
    const board = toBoardString(startPosition());
    for (const engine of [threaded, inline]) {
      for (const square of [await engine.standInMove(board, 'black'), await engine.bestMove(board, 'black')]) {
        expect(isLegal(fromBoardString(board, 'black'), square)).toBe(true);
      }
    }
    expect(inline.legalSquares(board, 'black')).toEqual(['d3', 'c4', 'f5', 'e6']);
  });

  it('a long search leaves the calling event loop free', async () => {
    // A midgame position (20 seeded random moves in): a full-strength search there takes a while.
    let p = startPosition();
    let seed = 99;
    for (let i = 0; i < 20; i++) {
      const moves = legalMoves(p);
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      p = playTurn(p, moves[seed % moves.length]).position;
    }
    const board = toBoardString(p);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await Promise.all(Array.from({ length: 4 }, () => threaded.bestMove(board, p.toMove)));
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});
