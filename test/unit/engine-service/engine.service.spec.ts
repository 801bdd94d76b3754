import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import type { AppConfig } from '../../../src/config/config.js';
import { EngineService } from '../../../src/engine-service/engine.service.js';
import { fromBoardString, isLegal, legalMoves, parseSquare, playTurn, replay, startPosition, toBoardString } from '../../../src/engine/index.js';

const ROOT = join(__dirname, '..', '..', '..');

/** The worker as the build emits it: src/engine, src/engine-service and the analysis domain transpiled to CommonJS in a temporary dist. */
function buildWorker(dir: string): string {
  for (const folder of ['engine', 'engine-service', 'analysis/domain']) {
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
    threaded = new EngineService({ cpuWorkers: 1, analysisWorkers: 1 } as AppConfig, buildWorker(dir));
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

  it('analyses a game on its own worker thread, as inline', async () => {
    // The end of a real game: 16 empties and fewer are solved exactly.
    const records = replay('f5d6c3d3c4f4f6f3e6e7d7b3e3d2g3h3d1c5f2e2e1f7f8g5h6h5g6g4c2c1e8c8d8g8b6f1b4a4h4b5g2h7c6a7a5a6a3a2b7h2h1g1h8g7b2b1a1a8b8c7')
      .moves.map((m) => ({ color: m.color, square: m.square, by: 'player' as const }));
    const fromWorker = await threaded.analyseGame({ records });
    const fromInline = await inline.analyseGame({ records });
    expect(fromWorker.moves).toHaveLength(records.length);
    expect(fromWorker.moves.filter((m) => m.exact).length).toBeGreaterThan(10);
    expect({ ...fromWorker, engineMs: 0 }).toEqual({ ...fromInline, engineMs: 0 });
  });

  it('the computer yields to a busy event loop and still answers a legal move within its time; on a quiet one it plays its untimed move', async () => {
    const yielding = new EngineService({ cpuWorkers: 0, computerWorkers: 1, computerYieldAbove: 0.05 } as AppConfig, buildWorker(dir));
    try {
      let p = startPosition();
      for (const sq of ['f5', 'd6', 'c3', 'd3', 'c4', 'f4', 'f6', 'f3', 'e6', 'e7']) p = playTurn(p, parseSquare(sq)!).position;
      const board = toBoardString(p);
      const task = { board, toMove: p.toMove, level: 8 as const, seed: 1, nodeLimit: 60_000 };
      const quiet = await yielding.computerMove(task, 60_000);
      expect(await yielding.computerMove(task)).toBe(quiet);
      // The event loop kept busy (short bursts, as requests are) while the computer searches.
      let busy = true;
      const burn = () => {
        const until = performance.now() + 8;
        while (performance.now() < until);
        if (busy) setImmediate(burn);
      };
      burn();
      const underLoad = await yielding.computerMove(task, 300).finally(() => (busy = false));
      expect(isLegal(p, underLoad)).toBe(true);
    } finally {
      await yielding.onModuleDestroy();
    }
  });
});
