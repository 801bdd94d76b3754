/**
 * Analysis benchmark: the time to analyse a whole real game (src/analysis/domain/analysis.ts,
 * analyseGame) for several exact-phase depths N (the endgame solver from N empties, the midgame
 * search before), on real tournament games of data/wthor-2023-2025.tsv.gz; then the
 * midgame depth's cost and quality (what the estimate's choice really loses on the FFO positions
 * #20-#39, whose every move has an exact score). Writes the "## Analysis" section of BENCHMARKS.md.
 *
 *   npm run bench:analysis                       (= npm run build && node dist/bench/analysis.js)
 *   node dist/bench/analysis.js --games 40 --no-write
 *
 * One core. The machine is shared, so the run also times perft(9) at its start and end: the
 * per-game times are given in milliseconds and as multiples of that perft, this core's speed in
 * the same run (a loaded machine slows both alike).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { AnalysedRecord } from '../src/analysis/domain/analysis.js';
import {
  ANALYSIS_DEPTH, ANALYSIS_EXACT_EMPTIES, ANALYSIS_EXACT_NODE_LIMIT, analyseMove, emptyCount, fromBoardString, legalMoves,
  newEndgameTable, parseSquare, passIfNeeded, perft, play, type Position, replay, solveEndgame, startPosition,
} from '../src/engine/index.js';
import { reportSection } from './report.js';

const root = resolve(__dirname, '../..');
const now = (): bigint => process.hrtime.bigint();
const msSince = (t: bigint): number => Number(now() - t) / 1e6;
const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The budget the exact-phase depth is chosen against (see BENCHMARKS.md): p95 per game, in perft(9) units. */
const BUDGET_P95_PERFT = 20;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function games(count: number): AnalysedRecord[][] {
  const lines = gunzipSync(readFileSync(join(root, 'data/wthor-2023-2025.tsv.gz'))).toString('utf8').split('\n').filter((l) => l.trim() !== '');
  const step = Math.floor(lines.length / count);
  const out: AnalysedRecord[][] = [];
  for (let i = 0; out.length < count; i += step) {
    const r = replay(lines[i].split('\t')[2]);
    if (!r.finished) continue; // a result agreed early: not what the server analyses
    out.push(r.moves.map((m) => ({ color: m.color, square: m.square, by: 'player' as const })));
  }
  return out;
}

function perftMs(): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = now();
    perft(9);
    best = Math.min(best, msSince(t));
  }
  return best;
}

const pct = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

interface Row { n: number; median: number; p95: number; max: number; positionMax: number; fallbacks: number; exactShare: number }

/** The positions of a game where a move was made, and the move: what analyseGame analyses, in its order. */
function* positions(records: AnalysedRecord[]): Generator<{ p: Position; square: number }> {
  let p = startPosition();
  for (const m of records) {
    if (m.square === null) {
      p = passIfNeeded(p).position;
      continue;
    }
    yield { p, square: m.square };
    p = play(p, m.square).position;
  }
}

/**
 * Times each game position by position, with the same calls as analyseGame (a fresh endgame table
 * per game, then analyseMove on every move in order): the game's time is their sum.
 */
function measure(sample: AnalysedRecord[][], n: number): Row {
  const times: number[] = [];
  let positionMax = 0;
  let fallbacks = 0;
  let exact = 0;
  let moves = 0;
  for (const records of sample) {
    newEndgameTable();
    let total = 0;
    for (const { p, square } of positions(records)) {
      const t = now();
      const a = analyseMove(p, square, { exactFromEmpties: n });
      const ms = msSince(t);
      total += ms;
      positionMax = Math.max(positionMax, ms);
      moves++;
      if (a.exact) exact++;
      else if (emptyCount(p) <= n) fallbacks++;
    }
    times.push(total);
  }
  times.sort((x, y) => x - y);
  return { n, median: pct(times, 0.5), p95: pct(times, 0.95), max: times[times.length - 1], positionMax, fallbacks, exactShare: exact / moves };
}

interface DepthRow { depth: number; perPositionMedian: number; perPositionP95: number; ffoLoss: number; ffoFound: number }

function ffoPositions(): Array<{ position: Position; scores: Map<number, number> }> {
  const text = readFileSync(join(root, 'test/fixtures/ffo/fforum-20-39.obf'), 'utf8');
  return text.split('\n').filter((l) => l.trim() !== '').map((line) => {
    const board = line.slice(0, 64).replace(/X/g, 'B').replace(/O/g, 'W').replace(/-/g, '.');
    const scores = new Map<number, number>();
    for (const m of line.slice(67).matchAll(/([A-H][1-8]):([+-]\d+)/g)) scores.set(parseSquare(m[1]) as number, Number(m[2]));
    return { position: fromBoardString(board, line[65] === 'X' ? 'black' : 'white'), scores };
  });
}

function measureDepth(sample: AnalysedRecord[][], depth: number): DepthRow {
  const times: number[] = [];
  for (const records of sample.slice(0, 10)) {
    for (const { p, square } of positions(records)) {
      if (emptyCount(p) <= ANALYSIS_EXACT_EMPTIES) continue;
      const t = now();
      analyseMove(p, square, { exactFromEmpties: 0, depth });
      times.push(msSince(t));
    }
  }
  times.sort((x, y) => x - y);
  let loss = 0;
  let found = 0;
  const ffo = ffoPositions();
  for (const f of ffo) {
    const best = Math.max(...f.scores.values());
    const a = analyseMove(f.position, legalMoves(f.position)[0], { exactFromEmpties: 0, depth });
    const got = f.scores.get(a.best[0]) as number;
    loss += best - got;
    if (got === best) found++;
  }
  return { depth, perPositionMedian: pct(times, 0.5), perPositionP95: pct(times, 0.95), ffoLoss: loss / ffo.length, ffoFound: found };
}

/** solveEndgame on FFO #1-#19 (14-16 empties), a fresh table each: nodes (load-independent) and time. */
function solverNodes(): { nodes: number; ms: number; correct: boolean } {
  const text = readFileSync(join(root, 'test/fixtures/ffo/fforum-1-19.obf'), 'utf8');
  let nodes = 0;
  let ms = 0;
  let correct = true;
  for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
    const board = line.slice(0, 64).replace(/X/g, 'B').replace(/O/g, 'W').replace(/-/g, '.');
    const best = Math.max(...[...line.slice(67).matchAll(/[A-H][1-8]:([+-]\d+)/g)].map((m) => Number(m[1])));
    const t = now();
    const r = solveEndgame(fromBoardString(board, line[65] === 'X' ? 'black' : 'white'));
    ms += msSince(t);
    nodes += r.nodes;
    correct &&= r.score === best;
  }
  return { nodes, ms, correct };
}

function main(): void {
  const write = !process.argv.includes('--no-write');
  const count = arg('games', 40);
  const load0 = loadavg()[0];
  const started = new Date();
  const sample = games(count);
  const perft0 = perftMs();
  console.log(`${sample.length} games; perft(9) ${perft0.toFixed(1)} ms; load ${load0.toFixed(2)}`);

  const rows: Row[] = [];
  for (const n of process.argv.includes('--depths-only') ? [] : [12, 14, 16, 18]) {
    const row = measure(sample, n);
    rows.push(row);
    console.log(`N=${n}: median ${row.median.toFixed(0)} ms, p95 ${row.p95.toFixed(0)} ms, max ${row.max.toFixed(0)} ms, slowest position ${row.positionMax.toFixed(0)} ms, fallbacks ${row.fallbacks}`);
  }
  const depths: DepthRow[] = [];
  for (const depth of [4, 5, 6, 7, 8]) {
    const d = measureDepth(sample, depth);
    depths.push(d);
    console.log(`depth ${depth}: ${d.perPositionMedian.toFixed(1)} ms median per position, FFO #20-#39 mean loss ${d.ffoLoss.toFixed(2)}, best found ${d.ffoFound}/20`);
  }
  const solver = solverNodes();
  console.log(`solveEndgame FFO #1-#19: ${solver.nodes} nodes, ${solver.ms.toFixed(0)} ms`);
  const perft1 = perftMs();
  const load1 = loadavg()[0];
  const unit = (perft0 + perft1) / 2;
  const withinBudget = rows.filter((r) => r.p95 / unit <= BUDGET_P95_PERFT && r.fallbacks === 0);
  const chosen = withinBudget.length ? withinBudget[withinBudget.length - 1].n : (rows[0]?.n ?? ANALYSIS_EXACT_EMPTIES);

  const lines: string[] = [];
  lines.push('## Analysis', '');
  lines.push(`Command: \`npm run bench:analysis\` (= \`npm run build && node dist/bench/analysis.js\`, options \`--games N\`, \`--depths-only\`, \`--no-write\`); written by \`bench/analysis.ts\`, one run on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, one core.`, '');
  lines.push(`What it does: analyses ${sample.length} finished real games (one in ${fmt(Math.floor(7248 / count))} of data/wthor-2023-2025.tsv.gz, evenly spread) as the server does (\`analyseGame\`: every move's value and the best value, the exact endgame solver with at most N empties, else the midgame search at depth ${ANALYSIS_DEPTH}; exact node budget ${fmt(ANALYSIS_EXACT_NODE_LIMIT)} per position, past which a position is estimated instead: "fallbacks"). The machine is shared (load average ${load0.toFixed(2)} at the start, ${load1.toFixed(2)} at the end), so the run times perft(9) at its start and end (${perft0.toFixed(1)} and ${perft1.toFixed(1)} ms, best of 3): **×perft** is a time divided by their mean, this core's speed in the same run.`, '');
  lines.push('| exact from N empties | median per game | p95 | max | slowest position | fallbacks | moves solved exactly |', '|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    lines.push(`| ${r.n}${r.n === chosen ? ' (chosen)' : ''} | ${fmt(r.median)} ms (${(r.median / unit).toFixed(1)} ×perft) | ${fmt(r.p95)} ms (${(r.p95 / unit).toFixed(1)} ×perft) | ${fmt(r.max)} ms (${(r.max / unit).toFixed(1)} ×perft) | ${fmt(r.positionMax)} ms | ${r.fallbacks} | ${(r.exactShare * 100).toFixed(0)} % |`);
  }
  lines.push('', `Budget: a game's analysis within ${BUDGET_P95_PERFT} ×perft at p95 (about ${fmt(BUDGET_P95_PERFT * unit / 1000, 1)} s of one core in this run; on an idle core of this machine perft(9) takes ~43 ms, so ~0.9 s) and no position past the node budget. The largest N within it is **N = ${chosen}**${chosen === ANALYSIS_EXACT_EMPTIES ? ' (`ANALYSIS_EXACT_EMPTIES`, src/engine/search.ts)' : ` (NOT what src/engine/search.ts has: ${ANALYSIS_EXACT_EMPTIES})`}. Each step of 2 empties multiplies the exact phase's cost by about 3-5.`, '');
  lines.push('Midgame depth (estimated phase): time per position (the positions before the exact phase of 10 of the games) and quality on the FFO positions #20-#39 (20-26 empties, every move with its exact score): the mean of what the estimate\'s best move really loses, and how often it is a true best move.', '');
  lines.push('| depth | median per position | p95 | FFO #20-#39: mean true loss of its choice | true best found |', '|---:|---:|---:|---:|---:|');
  for (const d of depths) lines.push(`| ${d.depth}${d.depth === ANALYSIS_DEPTH ? ' (chosen)' : ''} | ${d.perPositionMedian.toFixed(1)} ms | ${d.perPositionP95.toFixed(1)} ms | ${d.ffoLoss.toFixed(2)} discs | ${d.ffoFound} / 20 |`);
  lines.push('');
  lines.push(
    `The exact solver (src/engine/search.ts) keeps a transposition table of exact bounds for positions with 9 or more empties and orders moves there by the opponent's mobility and potential mobility; the analysis keeps the table over a game's positions (each lies in the previous one's tree). \`solveEndgame\` on FFO #1-#19 (14-16 empties, a fresh table each): ${solver.correct ? 'all correct' : 'NOT all correct'}, ${fmt(solver.nodes)} nodes, ${fmt(solver.ms)} ms in this run; the solver before these two changes (commit 96d270a) needed 8,194,230 nodes for the same positions (measured with the same loop on that commit's src/engine).`,
    '',
  );
  reportSection(lines.join('\n'), write);
}

main();
