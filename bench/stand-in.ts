/**
 * Stand-in benchmark: the time chooseStandInMove takes per move, over every position of 300
 * random games (fixed seed), after a warm-up pass; and, for scale, chooseCpuMove as the games
 * service uses it (nodeLimit 20 000) on a sample of the same positions. Prints only; the numbers
 * go to the "Stand-in" section of BENCHMARKS.md by hand.
 *
 *   npm run bench:stand-in      (= npm run build && node dist/bench/stand-in.js)
 */
import { loadavg } from 'node:os';
import {
  chooseCpuMove, chooseStandInMove, legalMoves, passIfNeeded, playTurn, type Position, startPosition,
} from '../src/engine/index.js';

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function samplePositions(games: number, rand: () => number): Position[] {
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    let p = startPosition();
    for (;;) {
      const s = passIfNeeded(p);
      if (s.finished) break;
      p = s.position;
      out.push(p);
      const moves = legalMoves(p);
      p = playTurn(p, moves[Math.floor(rand() * moves.length)]).position;
    }
  }
  return out;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function time(positions: Position[], choose: (p: Position) => number): number[] {
  const out: number[] = [];
  for (const p of positions) {
    const t = process.hrtime.bigint();
    choose(p);
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out.sort((a, b) => a - b);
}

function report(name: string, ms: number[]): void {
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  console.log(`${name}: ${ms.length} moves, mean ${mean.toFixed(4)} ms, median ${quantile(ms, 0.5).toFixed(4)} ms, `
    + `p95 ${quantile(ms, 0.95).toFixed(4)} ms, p99 ${quantile(ms, 0.99).toFixed(4)} ms, max ${ms[ms.length - 1].toFixed(3)} ms`);
}

function main(): void {
  console.log(`node ${process.version}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const rand = mulberry32(2026);
  const positions = samplePositions(300, rand);
  time(positions, (p) => chooseStandInMove(p, { rng: rand })); // warm-up (JIT)
  report('chooseStandInMove (depth 2, margin 24)', time(positions, (p) => chooseStandInMove(p, { rng: rand })));
  const sample = positions.filter((_, i) => i % 20 === 0);
  report('chooseCpuMove (nodeLimit 20 000), every 20th position', time(sample, (p) => chooseCpuMove(p, { nodeLimit: 20_000 })));
  console.log(`load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

main();
