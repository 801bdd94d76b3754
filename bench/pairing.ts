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
 * - all long: the same, but every ticket has waited 40-120 s (every window at its cap: the most
 *   candidates per ticket).
 *
 * Waits (`--waits`, issue #21): what the window's cap costs in waiting. A steady queue simulated
 * with the same pairWave, one wave a second: players arrive at random (Poisson) at a given rate,
 * ratings ~ N(1500, 300), one queue (humans, no turn limit); a paired player leaves, a ticket not
 * paired after 300 s gives up. At least 3,600 simulated seconds and 3,000 arrivals per run (the first 300 s not counted), for
 * each arrival rate and each cap (RANKED_WINDOW_MAX 350, the default, against 500, the cap before).
 * Reported: waits (median, p90, p99), the share that gave up, and the rating gaps paired (p95, max).
 *
 *   node dist/bench/pairing.js --waits
 */
import { loadavg } from 'node:os';
import { historyFrom, pairKey, type PairingHistory, pairWave, type WaitingTicket, windowRuleWithMax } from '../src/matchmaking/domain/pairing.js';
import { mulberry32, quantile } from './common.js';

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

/** One simulated hour of a steady queue at `rate` arrivals per second with the window capped at `cap`. */
function simulateWaits(rate: number, cap: number, seed: number) {
  const rand = mulberry32(seed);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const rule = windowRuleWithMax(cap);
  const none = historyFrom();
  const SECONDS = Math.max(3600, Math.ceil(3000 / rate));
  const WARMUP = 300;
  const GIVE_UP = 300;
  let waiting: WaitingTicket[] = [];
  const waits: number[] = [];
  const gaps: number[] = [];
  let gaveUp = 0;
  let counted = 0;
  let next = 0;
  let nextArrival = -Math.log(1 - rand()) / rate;
  for (let t = 0; t < SECONDS; t++) {
    while (nextArrival < t + 1) {
      const id = `p${next++}`;
      waiting.push({ ticketId: id, playerId: id, rating: 1500 + 300 * normal(), joinedAt: NOW + nextArrival * 1000, bot: false, turnSeconds: null });
      nextArrival += -Math.log(1 - rand()) / rate;
    }
    const now = NOW + (t + 1) * 1000;
    const pairs = pairWave(waiting, now, none, () => 0.5, rule);
    const paired = new Set<string>();
    for (const p of pairs) {
      for (const x of [p.blackTicket, p.whiteTicket]) {
        paired.add(x.ticketId);
        if ((x.joinedAt as number) >= NOW + WARMUP * 1000) {
          waits.push((now - (x.joinedAt as number)) / 1000);
          counted++;
        }
      }
      gaps.push(Math.abs(p.blackTicket.rating - p.whiteTicket.rating));
    }
    waiting = waiting.filter((x) => {
      if (paired.has(x.ticketId)) return false;
      if (now - (x.joinedAt as number) > GIVE_UP * 1000) {
        if ((x.joinedAt as number) >= NOW + WARMUP * 1000) {
          gaveUp++;
          counted++;
        }
        return false;
      }
      return true;
    });
  }
  waits.sort((a, b) => a - b);
  gaps.sort((a, b) => a - b);
  return {
    median: quantile(waits, 0.5), p90: quantile(waits, 0.9), p99: quantile(waits, 0.99),
    gaveUp: (100 * gaveUp) / Math.max(1, counted), gapP95: quantile(gaps, 0.95), gapMax: gaps[gaps.length - 1], players: counted,
  };
}

function waitsMain(): void {
  console.log(`node ${process.version}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('| arrivals | cap | players | wait median (s) | p90 | p99 | gave up after 300 s | gap p95 | gap max |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const rate of [0.05, 0.2, 1, 5]) {
    for (const cap of [350, 500]) {
      const r = simulateWaits(rate, cap, 7);
      console.log(`| ${rate}/s | ±${cap} | ${r.players} | ${r.median.toFixed(0)} | ${r.p90.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.gaveUp.toFixed(1)} % | ${r.gapP95.toFixed(0)} | ${r.gapMax.toFixed(0)} |`);
    }
  }
}

function main(): void {
  if (process.argv.includes('--waits')) return waitsMain();
  const n = arg('tickets', 10_000);
  const waves = arg('waves', 20);
  console.log(`node ${process.version}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  run('realistic', n, waves, (rand) => -Math.log(1 - rand()) * 15_000);
  run('all new (±100)', n, waves, () => 0);
  run('all long (at the cap, ±350)', n, waves, (rand) => 40_000 + rand() * 80_000);
  console.log(`load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

main();
