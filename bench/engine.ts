/**
 * Engine benchmark: perft leaves/s at depths 9-11, the cost of one legal-move generation and of
 * one move's flips, the CPU player's time per move, and the alternatives that were measured
 * before choosing the kernel (BigInt, a plain int32 shift-fill, a generic flip loop, no bulk
 * counting), all from one run. Writes the "## Engine" section of BENCHMARKS.md.
 *
 *   npm run bench:engine          (= npm run build && node dist/bench/engine.js)
 *   node dist/bench/engine.js --no-write   (print only)
 *
 * Single-threaded: every number is one core. The machine is shared, so the load average at the
 * start and the end is recorded with the numbers.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { computeMoves, moveSet, popcount64 } from '../src/engine/bitboard.js';
import { computeFlips, flipSet } from '../src/engine/flips.js';
import {
  chooseCpuMove, emptyCount, fromBoardString, legalMoveMask, legalMoves, perft,
  type Position, solveEndgame, startPosition,
} from '../src/engine/index.js';
import { reportSection } from './report.js';
import { mulberry32, samplePositions } from './common.js';

const now = (): bigint => process.hrtime.bigint();
const msSince = (t: bigint): number => Number(now() - t) / 1e6;
const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mps = (leaves: number, ms: number): string => fmt(leaves / ms / 1000, 1);

/* ------------------------------------------------------------------ positions to measure on */

const sides = (p: Position): [number, number, number, number] => (p.toMove === 'black'
  ? [p.blackLo, p.blackHi, p.whiteLo, p.whiteHi]
  : [p.whiteLo, p.whiteHi, p.blackLo, p.blackHi]);

/* ------------------------------------------------------------------ alternative: plain int32 fill */
// Two int32 halves, but every fill step shifts the whole 64-bit pair, 6 steps per direction, and
// flips by a shift-fill from the move square: the straightforward port of a 64-bit kernel.

let sL = 0;
let sH = 0;
function shl(lo: number, hi: number, n: number): void {
  sH = (hi << n) | (lo >>> (32 - n));
  sL = lo << n;
}
function shr(lo: number, hi: number, n: number): void {
  sL = (lo >>> n) | (hi << (32 - n));
  sH = hi >>> n;
}
const PLAIN_DIRS = [1, 8, 9, 7];
const PLAIN_MASK = [0x7e7e7e7e, -1, 0x7e7e7e7e, 0x7e7e7e7e];
let plainLo = 0;
let plainHi = 0;

function plainMoves(pL: number, pH: number, oL: number, oH: number): void {
  let mvL = 0;
  let mvH = 0;
  for (let i = 0; i < 4; i++) {
    const d = PLAIN_DIRS[i];
    const mL = oL & PLAIN_MASK[i];
    const mH = oH & PLAIN_MASK[i];
    shl(pL, pH, d);
    let tL = sL & mL;
    let tH = sH & mH;
    for (let k = 0; k < 5; k++) {
      shl(tL, tH, d);
      tL |= sL & mL;
      tH |= sH & mH;
    }
    shl(tL, tH, d);
    mvL |= sL;
    mvH |= sH;
    shr(pL, pH, d);
    tL = sL & mL;
    tH = sH & mH;
    for (let k = 0; k < 5; k++) {
      shr(tL, tH, d);
      tL |= sL & mL;
      tH |= sH & mH;
    }
    shr(tL, tH, d);
    mvL |= sL;
    mvH |= sH;
  }
  plainLo = mvL & ~(pL | oL);
  plainHi = mvH & ~(pH | oH);
}

function plainFlips(pL: number, pH: number, oL: number, oH: number, sq: number): void {
  const bL = sq < 32 ? 1 << sq : 0;
  const bH = sq < 32 ? 0 : 1 << sq;
  let fL = 0;
  let fH = 0;
  for (let i = 0; i < 8; i++) {
    const d = PLAIN_DIRS[i & 3];
    const mL = oL & PLAIN_MASK[i & 3];
    const mH = oH & PLAIN_MASK[i & 3];
    let tL = 0;
    let tH = 0;
    if (i < 4) shl(bL, bH, d);
    else shr(bL, bH, d);
    let cL = sL & mL;
    let cH = sH & mH;
    while ((cL | cH) !== 0) {
      tL |= cL;
      tH |= cH;
      if (i < 4) shl(cL, cH, d);
      else shr(cL, cH, d);
      if (((sL & pL) | (sH & pH)) !== 0) {
        fL |= tL;
        fH |= tH;
        break;
      }
      cL = sL & mL;
      cH = sH & mH;
    }
  }
  plainLo = fL;
  plainHi = fH;
}

function plainPerft(pL: number, pH: number, oL: number, oH: number, depth: number): number {
  plainMoves(pL, pH, oL, oH);
  let mL = plainLo;
  let mH = plainHi;
  if ((mL | mH) === 0) {
    plainMoves(oL, oH, pL, pH);
    if ((plainLo | plainHi) === 0) return 1;
    return depth === 1 ? 1 : plainPerft(oL, oH, pL, pH, depth - 1);
  }
  if (depth === 1) return popcount64(mL, mH);
  let n = 0;
  while ((mL | mH) !== 0) {
    let sq: number;
    if (mL !== 0) {
      const b = mL & -mL;
      mL ^= b;
      sq = 31 - Math.clz32(b);
    } else {
      const b = mH & -mH;
      mH ^= b;
      sq = 63 - Math.clz32(b);
    }
    plainFlips(pL, pH, oL, oH, sq);
    const fL = plainLo;
    const fH = plainHi;
    const bL = sq < 32 ? 1 << sq : 0;
    const bH = sq < 32 ? 0 : 1 << sq;
    n += plainPerft(oL & ~fL, oH & ~fH, pL | fL | bL, pH | fH | bH, depth - 1);
  }
  return n;
}

/* ------------------------------------------------------------------ alternative: BigInt */

const M64 = (1n << 64n) - 1n;
const B_INNER = 0x7e7e7e7e7e7e7e7en;

function bigFill(P: bigint, m: bigint, d: bigint): bigint {
  let t = m & (P << d);
  t |= m & (t << d); t |= m & (t << d); t |= m & (t << d); t |= m & (t << d); t |= m & (t << d);
  let u = m & (P >> d);
  u |= m & (u >> d); u |= m & (u >> d); u |= m & (u >> d); u |= m & (u >> d); u |= m & (u >> d);
  return (t << d) | (u >> d);
}

function bigMoves(P: bigint, O: bigint): bigint {
  const inner = O & B_INNER;
  return (bigFill(P, inner, 1n) | bigFill(P, O, 8n) | bigFill(P, inner, 9n) | bigFill(P, inner, 7n)) & ~(P | O) & M64;
}

function bigFlipDir(P: bigint, m: bigint, x: bigint, d: bigint, left: boolean): bigint {
  let t = 0n;
  let c = (left ? x << d : x >> d) & m;
  while (c !== 0n) {
    t |= c;
    const next = left ? c << d : c >> d;
    if ((next & P) !== 0n) return t;
    c = next & m;
  }
  return 0n;
}

function bigFlips(P: bigint, O: bigint, x: bigint): bigint {
  const inner = O & B_INNER;
  return bigFlipDir(P, inner, x, 1n, true) | bigFlipDir(P, inner, x, 1n, false)
    | bigFlipDir(P, O, x, 8n, true) | bigFlipDir(P, O, x, 8n, false)
    | bigFlipDir(P, inner, x, 9n, true) | bigFlipDir(P, inner, x, 9n, false)
    | bigFlipDir(P, inner, x, 7n, true) | bigFlipDir(P, inner, x, 7n, false);
}

function bigPopcount(x: bigint): number {
  let n = 0;
  while (x !== 0n) {
    x &= x - 1n;
    n++;
  }
  return n;
}

function bigPerft(P: bigint, O: bigint, depth: number): number {
  let moves = bigMoves(P, O);
  if (moves === 0n) {
    if (bigMoves(O, P) === 0n) return 1;
    return depth === 1 ? 1 : bigPerft(O, P, depth - 1);
  }
  if (depth === 1) return bigPopcount(moves);
  let n = 0;
  while (moves !== 0n) {
    const x = moves & -moves;
    moves ^= x;
    const f = bigFlips(P, O, x);
    n += bigPerft(O & ~f, P | f | x, depth - 1);
  }
  return n;
}

const toBig = (lo: number, hi: number): bigint => (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);

/* ------------------------------------------------------------------ ablations of the chosen kernel */

// The chosen move generator with a generic loop over 8 precomputed rays per square instead of the
// generated per-square flip code.
const RAY_LO = new Int32Array(64 * 8);
const RAY_HI = new Int32Array(64 * 8);
{
  const steps = [[1, 0], [0, 1], [1, 1], [-1, 1], [-1, 0], [0, -1], [-1, -1], [1, -1]];
  for (let s = 0; s < 64; s++) {
    for (let d = 0; d < 8; d++) {
      let f = s & 7;
      let r = s >> 3;
      for (;;) {
        f += steps[d][0];
        r += steps[d][1];
        if (f < 0 || f > 7 || r < 0 || r > 7) break;
        const t = r * 8 + f;
        if (t < 32) RAY_LO[s * 8 + d] |= 1 << t;
        else RAY_HI[s * 8 + d] |= 1 << (t - 32);
      }
    }
  }
}
let loopLo = 0;
let loopHi = 0;
function loopFlips(pL: number, pH: number, oL: number, oH: number, sq: number): void {
  let fL = 0;
  let fH = 0;
  const base = sq << 3;
  for (let d = 0; d < 4; d++) {
    const rl = RAY_LO[base + d];
    const rh = RAY_HI[base + d];
    let x = rl & ~oL;
    if (x !== 0) {
      const b = x & -x;
      if ((b & pL) !== 0) fL |= rl & (b - 1);
    } else {
      x = rh & ~oH;
      const b = x & -x;
      if ((b & pH) !== 0) {
        fL |= rl;
        fH |= rh & (b - 1);
      }
    }
  }
  for (let d = 4; d < 8; d++) {
    const rl = RAY_LO[base + d];
    const rh = RAY_HI[base + d];
    let x = rh & ~oH;
    if (x !== 0) {
      const b = 1 << (31 - Math.clz32(x));
      if ((b & pH) !== 0) fH |= rh & -(b << 1);
    } else {
      x = rl & ~oL;
      const b = (1 << (31 - Math.clz32(x))) & x;
      if ((b & pL) !== 0) {
        fH |= rh;
        fL |= rl & -(b << 1);
      }
    }
  }
  loopLo = fL;
  loopHi = fH;
}

/** perft on the chosen kernel with a pluggable flip function and optional bulk counting. */
function ablationPerft(pL: number, pH: number, oL: number, oH: number, depth: number, generatedFlips: boolean, bulk: boolean): number {
  if (depth === 0) return 1;
  computeMoves(pL, pH, oL, oH);
  let mL = moveSet[0];
  let mH = moveSet[1];
  if ((mL | mH) === 0) {
    computeMoves(oL, oH, pL, pH);
    if ((moveSet[0] | moveSet[1]) === 0) return 1;
    return depth === 1 ? 1 : ablationPerft(oL, oH, pL, pH, depth - 1, generatedFlips, bulk);
  }
  if (depth === 1 && bulk) return popcount64(mL, mH);
  let n = 0;
  while ((mL | mH) !== 0) {
    let sq: number;
    if (mL !== 0) {
      const b = mL & -mL;
      mL ^= b;
      sq = 31 - Math.clz32(b);
    } else {
      const b = mH & -mH;
      mH ^= b;
      sq = 63 - Math.clz32(b);
    }
    let fL: number;
    let fH: number;
    if (generatedFlips) {
      computeFlips(pL, pH, oL, oH, sq);
      fL = flipSet[0];
      fH = flipSet[1];
    } else {
      loopFlips(pL, pH, oL, oH, sq);
      fL = loopLo;
      fH = loopHi;
    }
    const bL = sq < 32 ? 1 << sq : 0;
    const bH = sq < 32 ? 0 : 1 << sq;
    n += ablationPerft(oL & ~fL, oH & ~fH, pL | fL | bL, pH | fH | bH, depth - 1, generatedFlips, bulk);
  }
  return n;
}

/* ------------------------------------------------------------------ measurements */

interface PerftRow { name: string; depth: number; leaves: number; ms: number }

function timePerft(name: string, depth: number, run: () => number): PerftRow {
  const t = now();
  const leaves = run();
  const row = { name, depth, leaves, ms: msSince(t) };
  console.log(`${name} perft(${depth}) = ${leaves} in ${fmt(row.ms)} ms (${mps(leaves, row.ms)} M leaves/s)`);
  return row;
}

/** ns per call of `body` over the sample, best of `reps` passes (after one warm-up pass). */
function nsPerCall(count: number, reps: number, pass: () => number): number {
  let sink = pass();
  let best = Infinity;
  for (let r = 0; r < reps; r++) {
    const t = now();
    sink ^= pass();
    best = Math.min(best, Number(now() - t) / count);
  }
  if (sink === 0x12345678) console.log('');
  return best;
}

function machine(): { nproc: string; cpu: string; node: string; v8: string } {
  let nproc = String(availableParallelism());
  try {
    nproc = execFileSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    // not on this system: availableParallelism() is the same number
  }
  let cpu = 'unknown';
  try {
    const m = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (m) cpu = m[1].trim();
  } catch {
    // no /proc/cpuinfo
  }
  return { nproc, cpu, node: process.version, v8: process.versions.v8 };
}

function main(): void {
  const write = !process.argv.includes('--no-write');
  const load0 = loadavg()[0];
  const info = machine();
  const started = new Date();
  console.log(`machine: nproc ${info.nproc}, ${info.cpu}, node ${info.node}; load ${load0.toFixed(2)}`);

  // Chosen engine: perft 9, 10, 11 (9 and 10 twice, the faster run counts: the first includes JIT warm-up).
  const chosen: PerftRow[] = [];
  for (const depth of [9, 10]) {
    const a = timePerft('engine', depth, () => perft(depth));
    const b = timePerft('engine', depth, () => perft(depth));
    chosen.push(a.ms <= b.ms ? a : b);
  }
  chosen.push(timePerft('engine', 11, () => perft(11)));

  // Alternatives, same run, same start position.
  const S = startPosition();
  const alt: Array<PerftRow & { note: string }> = [];
  const add = (name: string, note: string, depth: number, run: () => number): void => {
    alt.push({ ...timePerft(name, depth, run), note });
  };
  add('chosen: split-carry fill + generated per-square flips + bulk count', 'the engine', 10, () => perft(10));
  add('generic 8-ray flip loop instead of generated flips', 'branchy, table per square', 10, () => ablationPerft(S.blackLo, S.blackHi, S.whiteLo, S.whiteHi, 10, false, true));
  add('no bulk count at the last ply', 'every leaf is made', 10, () => ablationPerft(S.blackLo, S.blackHi, S.whiteLo, S.whiteHi, 10, true, false));
  add('plain int32 shift-fill', '64-bit pair shifted every step; fill-based flips', 10, () => plainPerft(S.blackLo, S.blackHi, S.whiteLo, S.whiteHi, 10));
  add('BigInt 64-bit', 'same algorithm as the plain fill', 8, () => bigPerft(toBig(S.blackLo, S.blackHi), toBig(S.whiteLo, S.whiteHi), 8));

  // Legal-move generation and flips over every position of 300 random games.
  const positions = samplePositions(300, mulberry32(2026));
  const n = positions.length;
  const raw = new Int32Array(n * 4);
  const big: bigint[] = [];
  const moveSq = new Int32Array(n);
  positions.forEach((p, i) => {
    const [pL, pH, oL, oH] = sides(p);
    raw.set([pL, pH, oL, oH], i * 4);
    big.push(toBig(pL, pH), toBig(oL, oH));
    const moves = legalMoves(p);
    moveSq[i] = moves[i % moves.length];
  });
  const bigBits = Array.from(moveSq, (s) => 1n << BigInt(s));
  const reps = 30;
  const gen: Array<[string, number]> = [
    ['engine kernel computeMoves (split-carry fill, int32 halves)', nsPerCall(n, reps, () => {
      let x = 0;
      for (let i = 0; i < raw.length; i += 4) {
        computeMoves(raw[i], raw[i + 1], raw[i + 2], raw[i + 3]);
        x ^= moveSet[0] ^ moveSet[1];
      }
      return x;
    })],
    ['public legalMoveMask(p) (allocates {lo, hi})', nsPerCall(n, reps, () => {
      let x = 0;
      for (let i = 0; i < n; i++) x ^= legalMoveMask(positions[i]).lo;
      return x;
    })],
    ['public legalMoves(p) (array of squares)', nsPerCall(n, 10, () => {
      let x = 0;
      for (let i = 0; i < n; i++) x ^= legalMoves(positions[i]).length;
      return x;
    })],
    ['plain int32 shift-fill', nsPerCall(n, reps, () => {
      let x = 0;
      for (let i = 0; i < raw.length; i += 4) {
        plainMoves(raw[i], raw[i + 1], raw[i + 2], raw[i + 3]);
        x ^= plainLo ^ plainHi;
      }
      return x;
    })],
    ['BigInt 64-bit fill', nsPerCall(n, 5, () => {
      let x = 0;
      for (let i = 0; i < n; i++) x ^= Number(bigMoves(big[2 * i], big[2 * i + 1]) & 0xffffn);
      return x;
    })],
  ];
  const flip: Array<[string, number]> = [
    ['engine computeFlips (generated, one branch-free block per square)', nsPerCall(n, reps, () => {
      let x = 0;
      for (let i = 0, j = 0; i < raw.length; i += 4, j++) {
        computeFlips(raw[i], raw[i + 1], raw[i + 2], raw[i + 3], moveSq[j]);
        x ^= flipSet[0] ^ flipSet[1];
      }
      return x;
    })],
    ['generic loop over 8 rays per square', nsPerCall(n, reps, () => {
      let x = 0;
      for (let i = 0, j = 0; i < raw.length; i += 4, j++) {
        loopFlips(raw[i], raw[i + 1], raw[i + 2], raw[i + 3], moveSq[j]);
        x ^= loopLo ^ loopHi;
      }
      return x;
    })],
    ['plain int32 fill from the move square', nsPerCall(n, reps, () => {
      let x = 0;
      for (let i = 0, j = 0; i < raw.length; i += 4, j++) {
        plainFlips(raw[i], raw[i + 1], raw[i + 2], raw[i + 3], moveSq[j]);
        x ^= plainLo ^ plainHi;
      }
      return x;
    })],
    ['BigInt fill from the move square', nsPerCall(n, 5, () => {
      let x = 0;
      for (let i = 0; i < n; i++) x ^= Number(bigFlips(big[2 * i], big[2 * i + 1], bigBits[i]) & 0xffffn);
      return x;
    })],
  ];
  for (const [name, ns] of [...gen, ...flip]) console.log(`${name}: ${ns.toFixed(1)} ns`);

  // CPU player: every position of 10 random games, default options.
  const cpuPositions = samplePositions(10, mulberry32(2026)).filter((_, i) => i % 2 === 0);
  const cpuMs: number[] = [];
  for (const p of cpuPositions) {
    const t = now();
    chooseCpuMove(p);
    cpuMs.push(msSince(t));
  }
  cpuMs.sort((a, b) => a - b);
  const pct = (q: number): number => cpuMs[Math.min(cpuMs.length - 1, Math.floor(q * cpuMs.length))];
  console.log(`chooseCpuMove: ${cpuMs.length} positions, median ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms, max ${cpuMs[cpuMs.length - 1].toFixed(1)} ms`);

  // Exact endgame solver on the FFO positions with 14 empties (#1-#7), from the test fixtures.
  const ffoFile = resolve(process.cwd(), 'test/fixtures/ffo/fforum-1-19.obf');
  const ffo: Array<{ id: number; empties: number; ms: number; nodes: number; score: number; expected: number }> = [];
  if (existsSync(ffoFile)) {
    readFileSync(ffoFile, 'utf8').split('\n').filter((l) => l.trim() !== '').slice(0, 7).forEach((line, i) => {
      const board = line.slice(0, 64).replace(/X/g, 'B').replace(/O/g, 'W').replace(/-/g, '.');
      const p = fromBoardString(board, line[65] === 'X' ? 'black' : 'white');
      const expected = Number(/:([+-]\d+)/.exec(line.slice(66))?.[1]);
      const t = now();
      const s = solveEndgame(p);
      ffo.push({ id: i + 1, empties: emptyCount(p), ms: msSince(t), nodes: s.nodes, score: s.score, expected });
    });
    for (const f of ffo) console.log(`FFO #${f.id}: ${f.score} (expected ${f.expected}) in ${fmt(f.ms)} ms, ${fmt(f.nodes)} nodes`);
  }
  const load1 = loadavg()[0];

  const lines: string[] = [];
  lines.push('## Engine', '');
  lines.push(`Command: \`npm run bench:engine\` (= \`npm run build && node dist/bench/engine.js\`); written by \`bench/engine.ts\`, all numbers from one run on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC.`, '');
  lines.push(`Machine: \`nproc\` = ${info.nproc}, CPU ${info.cpu} (/proc/cpuinfo), Node ${info.node} (V8 ${info.v8}). One core is used. The machine is shared: 1-minute load average ${load0.toFixed(2)} at the start, ${load1.toFixed(2)} at the end, so numbers can be lower than on an idle machine.`, '');
  lines.push('### perft from the start position (a pass is a ply, a finished game a leaf)', '');
  lines.push('| depth | leaves | time | leaves/s |', '|---|---|---|---|');
  for (const r of chosen) lines.push(`| ${r.depth} | ${fmt(r.leaves)} | ${fmt(r.ms / 1000, 3)} s | ${mps(r.leaves, r.ms)} M |`);
  lines.push('', 'Targets: perft(11) under 6 s (>= 35 M leaves/s); depth 9 and 10 are the faster of two runs (the first includes JIT warm-up).', '');
  lines.push('### Alternatives measured side by side (same run)', '');
  lines.push('| kernel | perft depth | time | leaves/s | note |', '|---|---|---|---|---|');
  for (const r of alt) lines.push(`| ${r.name} | ${r.depth} | ${fmt(r.ms / 1000, 3)} s | ${mps(r.leaves, r.ms)} M | ${r.note} |`);
  lines.push('', 'BigInt is run at depth 8 only: it is too slow for deeper runs in a benchmark.', '');
  lines.push(`### One legal-move generation (mean over ${fmt(n)} positions from 300 random games, best of several passes)`, '');
  lines.push('| implementation | ns per position |', '|---|---|');
  for (const [name, ns] of gen) lines.push(`| ${name} | ${ns.toFixed(1)} |`);
  lines.push('', 'Target: under 100 ns.', '');
  lines.push('### The discs one move flips (same positions, one legal move each)', '');
  lines.push('| implementation | ns per move |', '|---|---|');
  for (const [name, ns] of flip) lines.push(`| ${name} | ${ns.toFixed(1)} |`);
  lines.push('');
  lines.push('### CPU player', '');
  lines.push(`- \`chooseCpuMove(p)\` with the defaults (depth 6, exact from 10 empties, 60,000-node budget), ${cpuMs.length} positions of 10 random games: median ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms, max ${cpuMs[cpuMs.length - 1].toFixed(1)} ms per move (target: well under 50 ms).`);
  if (ffo.length > 0) {
    const total = ffo.reduce((a, f) => a + f.ms, 0);
    const nodes = ffo.reduce((a, f) => a + f.nodes, 0);
    lines.push(`- \`solveEndgame\` on FFO #1-#7 (14 empties each): all ${ffo.every((f) => f.score === f.expected) ? 'correct' : 'NOT all correct'}, ${fmt(total)} ms in total, ${fmt(nodes)} nodes (${fmt(nodes / total / 1000, 1)} M nodes/s); per position ${ffo.map((f) => `#${f.id} ${fmt(f.ms)} ms`).join(', ')}.`);
  }
  lines.push('');
  reportSection(lines.join('\n'), write);
}

main();
