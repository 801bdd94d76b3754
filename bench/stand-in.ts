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
  chooseCpuMove, chooseStandInMove, type Position,
} from '../src/engine/index.js';
import { mulberry32, quantile, samplePositions } from './common.js';

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
