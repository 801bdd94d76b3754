/**
 * Fits the analysis evaluation (src/engine/evaluation.ts) on the real tournament games of
 * data/wthor-2023-2025.tsv.gz and writes src/engine/evaluation-weights.ts.
 *
 *   npm run build && node dist/scripts/fit-evaluation.js
 *
 * Every position of every game (the side to move having a legal square) is one sample: its
 * features for the side to move, and the game's final disc difference from that side (empties to
 * the winner, as WTHOR records it). One least-squares fit per stage (ridge-regularised), on four
 * games in five; the fifth game is held out and the mean absolute error on it is written beside
 * the weights, with the error of "count the discs" for scale. Deterministic: the same data give
 * the same file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { FEATURE_COUNT, FEATURES, features, STAGE_COUNT, STAGE_EMPTIES, stageOf } from '../src/engine/evaluation.js';
import { emptyCount, hasLegalMove, parseTranscript, passIfNeeded, playTurn, type Position, startPosition } from '../src/engine/index.js';

const root = resolve(__dirname, '../..');
const RIDGE = 1e-3;

interface Sample { stage: number; x: Float64Array; y: number; discs: number }

function sides(p: Position): [number, number, number, number] {
  return p.toMove === 'black' ? [p.blackLo, p.blackHi, p.whiteLo, p.whiteHi] : [p.whiteLo, p.whiteHi, p.blackLo, p.blackHi];
}

function samples(): { train: Sample[]; test: Sample[]; games: number } {
  const text = gunzipSync(readFileSync(join(root, 'data/wthor-2023-2025.tsv.gz'))).toString('utf8');
  const train: Sample[] = [];
  const test: Sample[] = [];
  let games = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const [, score, moves] = line.split('\t');
    const m = /^(\d+)-(\d+)$/.exec(score);
    if (m === null) continue;
    const blackMargin = Number(m[1]) - Number(m[2]);
    const into = games % 5 === 4 ? test : train;
    games++;
    let p = startPosition();
    for (const sq of parseTranscript(moves)) {
      p = passIfNeeded(p).position;
      if (hasLegalMove(p) && emptyCount(p) > 0) {
        const x = new Float64Array(FEATURE_COUNT);
        const [pL, pH, oL, oH] = sides(p);
        features(pL, pH, oL, oH, x);
        into.push({ stage: stageOf(emptyCount(p)), x, y: p.toMove === 'black' ? blackMargin : -blackMargin, discs: x[7] });
      }
      p = playTurn(p, sq).position;
    }
  }
  return { train, test, games };
}

/** Solves A w = b (A symmetric positive definite, small) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[piv][c])) piv = r;
    [m[c], m[piv]] = [m[piv], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

function fit(stageSamples: Sample[]): number[] {
  const a = Array.from({ length: FEATURE_COUNT }, () => new Array<number>(FEATURE_COUNT).fill(0));
  const b = new Array<number>(FEATURE_COUNT).fill(0);
  for (const s of stageSamples) {
    for (let i = 0; i < FEATURE_COUNT; i++) {
      b[i] += s.x[i] * s.y;
      for (let j = 0; j < FEATURE_COUNT; j++) a[i][j] += s.x[i] * s.x[j];
    }
  }
  for (let i = 0; i < FEATURE_COUNT; i++) a[i][i] += RIDGE * stageSamples.length;
  return solve(a, b);
}

function main(): void {
  const { train, test, games } = samples();
  const weights: number[][] = [];
  const report: string[] = [];
  for (let st = 0; st < STAGE_COUNT; st++) {
    const w = fit(train.filter((s) => s.stage === st)).map((v) => Math.round(v * 100));
    weights.push(w);
    const held = test.filter((s) => s.stage === st);
    let err = 0;
    let errDiscs = 0;
    for (const s of held) {
      let v = 0;
      for (let i = 0; i < FEATURE_COUNT; i++) v += w[i] * s.x[i];
      err += Math.abs(Math.max(-6400, Math.min(6400, v)) / 100 - s.y);
      errDiscs += Math.abs(s.discs - s.y);
    }
    const lo = st * STAGE_EMPTIES + 1;
    report.push(` *   empties ${lo}-${lo + STAGE_EMPTIES - 1}: ${(err / held.length).toFixed(1)} (disc count: ${(errDiscs / held.length).toFixed(1)}), ${held.length} positions`);
  }
  const out = `/**
 * Written by scripts/fit-evaluation.ts (do not edit): the weights of src/engine/evaluation.ts, in
 * hundredths of a disc per unit of each feature (${FEATURES.join(', ')}), one row per stage of
 * ${STAGE_EMPTIES} empties (row 0: 1-${STAGE_EMPTIES} empties). Fitted on ${train.length} positions of ${games - Math.floor(games / 5)} WTHOR games;
 * mean absolute error against the final result on the ${test.length} positions of the other ${Math.floor(games / 5)} games, in discs:
${report.join('\n')}
 * (Human games: the result is what the players made of the position, not its value under best
 * play, so these errors bound how well any evaluation could match them.)
 */
export const STAGE_WEIGHTS: readonly (readonly number[])[] = [
${weights.map((w) => `  [${w.join(', ')}],`).join('\n')}
];
`;
  writeFileSync(join(root, 'src/engine/evaluation-weights.ts'), out);
  process.stdout.write(out);
}

main();
