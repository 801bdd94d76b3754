/**
 * Ranked pairing benchmark: the pure pairWave (src/matchmaking/domain/pairing.ts) over 10,000
 * waiting ranked tickets, median and p95 over 20 waves, each on a freshly generated pool (the
 * generation is not timed). Prints only; the numbers go to the "Ranked pairing" section of
 * BENCHMARKS.md by hand. Target: < 100 ms per wave.
 *
 *   npm run bench:pairing      (= npm run build && node dist/bench/pairing.js)
 *   node dist/bench/pairing.js --tickets 20000 --waves 20
 *
 * Pools (fixed seeds):
 * - realistic: ratings ~ N(1500, 300); time waited ~ Exp(mean 15 s) (so windows from ±100 to
 *   ±500); turn limits none 50 % / 60 s 30 % / 30 s 20 %; 3 % bots; a history with 20,000
 *   recent pairs (1-3 games each, so some hit the repeat limit) and every player's Black count.
 * - all new: the same, but every ticket joined just now (every window ±100).
 * - all long: the same, but every ticket has waited 40-120 s (every window ±500: the most
 *   candidates per ticket).
 */
import { loadavg } from 'node:os';
import { historyFrom, pairKey, type PairingHistory, pairWave, type WaitingTicket } from '../src/matchmaking/domain/pairing.js';

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const NOW = Date.parse('2026-11-30T12:00:00Z');

type Waited = (rand: () => number) => number;

function pool(seed: number, n: number, waited: Waited): { tickets: WaitingTicket[]; history: PairingHistory } {
  const rand = mulberry32(seed);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const tickets: WaitingTicket[] = [];
  const blackInLast10 = new Map<string, number>();
  for (let k = 0; k < n; k++) {
    const playerId = `00000000-0000-4000-8000-${String(seed * 1_000_000 + k).padStart(12, '0')}`;
    const u = rand();
    tickets.push({
      ticketId: `t-${playerId}`,
      playerId,
      rating: 1500 + 300 * normal(),
      joinedAt: new Date(NOW - waited(rand)),
      bot: rand() < 0.03,
      turnSeconds: u < 0.5 ? null : u < 0.8 ? 60 : 30,
    });
    let black = 0;
    for (let g = 0; g < 10; g++) if (rand() < 0.5) black++;
    blackInLast10.set(playerId, black);
  }
  const gamesBetween = new Map<string, number>();
  for (let k = 0; k < 20_000; k++) {
    const a = tickets[Math.floor(rand() * n)].playerId;
    const b = tickets[Math.floor(rand() * n)].playerId;
    if (a !== b) gamesBetween.set(pairKey(a, b), 1 + Math.floor(rand() * 3));
  }
  return { tickets, history: historyFrom({ gamesBetween, blackInLast10 }) };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

function run(name: string, n: number, waves: number, waited: Waited): void {
  const pools = Array.from({ length: waves + 3 }, (_, w) => pool(1000 + w, n, waited));
  const ms: number[] = [];
  const cpu: number[] = [];
  let pairs = 0;
  pools.forEach(({ tickets, history }, w) => {
    const rng = mulberry32(w);
    const c = process.cpuUsage();
    const t = process.hrtime.bigint();
    const out = pairWave(tickets, NOW, history, rng);
    const elapsed = Number(process.hrtime.bigint() - t) / 1e6;
    const used = process.cpuUsage(c);
    if (w >= 3) { // the first 3 waves warm the JIT up
      ms.push(elapsed);
      cpu.push((used.user + used.system) / 1000);
      pairs += out.length;
    }
  });
  ms.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  console.log(`${name}: ${n} tickets, ${waves} waves; wall clock median ${quantile(ms, 0.5).toFixed(1)} ms, p95 ${quantile(ms, 0.95).toFixed(1)} ms, `
    + `max ${ms[ms.length - 1].toFixed(1)} ms; process CPU time median ${quantile(cpu, 0.5).toFixed(1)} ms, p95 ${quantile(cpu, 0.95).toFixed(1)} ms; `
    + `${(pairs / waves).toFixed(0)} pairs per wave (${((200 * pairs) / waves / n).toFixed(1)} % of tickets paired)`);
}

function main(): void {
  const n = arg('tickets', 10_000);
  const waves = arg('waves', 20);
  console.log(`node ${process.version}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  run('realistic', n, waves, (rand) => -Math.log(1 - rand()) * 15_000);
  run('all new (±100)', n, waves, () => 0);
  run('all long (±500)', n, waves, (rand) => 40_000 + rand() * 80_000);
  console.log(`load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

main();
