/**
 * Bursts over HTTP (issue #17): many players doing the same thing at the same instant. Used by the
 * burst tests (test/e2e/burst.e2e.spec.ts) and `bench/burst.ts` (against a running server). HTTP
 * only, so the same scenario runs against any build of the server, an old one included.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { fromBoardString, legalMoves, squareName } from '../src/engine/index.js';

export interface Seat {
  id: string;
  token: string;
}

export interface Answer {
  status: number;
  body: any;
  ms: number;
  /** When the request was sent (performance.now()). */
  at: number;
}

/** A keep-alive client with no cap on sockets: every request of a burst leaves at once. */
export class Client {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  constructor(readonly base: string) {}

  /** One request; one retry when a kept-alive socket turned out closed by the server (Node's advice). */
  async request(method: string, path: string, token: string | null, payload?: unknown): Promise<Answer> {
    try {
      return await this.once(method, path, token, payload);
    } catch (err) {
      if ((err as { reused?: boolean }).reused) return this.once(method, path, token, payload);
      throw err;
    }
  }

  private once(method: string, path: string, token: string | null, payload?: unknown): Promise<Answer> {
    const url = new URL(path, this.base);
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const headers: Record<string, string> = {};
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    if (token) headers.authorization = `Bearer ${token}`;
    const at = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent: this.agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: kept as text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, ms: performance.now() - at, at });
        });
      });
      req.on('error', (err: NodeJS.ErrnoException & { reused?: boolean }) => {
        err.reused = req.reusedSocket && err.code === 'ECONNRESET';
        reject(err);
      });
      req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${path}: no answer in 60 s`)));
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** What one burst step answered: status counts and latencies. */
export interface PhaseReport {
  phase: string;
  requests: number;
  statuses: Record<string, number>;
  /** Answers outside the step's expected statuses (first few, with their bodies). */
  unexpected: { status: number; body: unknown }[];
  p50: number;
  max: number;
}

function percentile(sorted: number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/** Sends every request at the same instant and reports the answers. */
export async function burst<T>(phase: string, items: T[], expected: number[], send: (item: T) => Promise<Answer>): Promise<{ report: PhaseReport; answers: Answer[] }> {
  const answers = await Promise.all(items.map(send));
  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const ms = answers.map((a) => a.ms).sort((x, y) => x - y);
  const unexpected = answers.filter((a) => !expected.includes(a.status)).slice(0, 5).map((a) => ({ status: a.status, body: a.body }));
  return { report: { phase, requests: answers.length, statuses, unexpected, p50: percentile(ms, 0.5), max: ms[ms.length - 1] ?? 0 }, answers };
}

/** Guests (POST /api/auth/guest), a few at a time (setup, not part of a burst). */
export async function guests(client: Client, count: number): Promise<Seat[]> {
  const out: Seat[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, count - i) }, async () => {
        const a = await client.request('POST', '/api/auth/guest', null, {});
        if (a.status !== 201) throw new Error(`guest: ${a.status} ${JSON.stringify(a.body)}`);
        return { id: a.body.player.id as string, token: a.body.token as string };
      }),
    );
    out.push(...batch);
  }
  return out;
}

function firstLegal(game: { board: string; toMove: 'black' | 'white' }): string {
  return squareName(legalMoves(fromBoardString(game.board, game.toMove))[0]);
}

/**
 * The room burst of issue #17 for `hosts.length` pairs, every step at the same instant: open rooms,
 * join, Black's first move, White's first move, resign, rematch offers, accepts.
 */
export async function roomBurst(client: Client, hosts: Seat[], guestSeats: Seat[]): Promise<PhaseReport[]> {
  const pairs = hosts.map((host, i) => ({ host, guest: guestSeats[i], code: '', gameId: '', game: null as any, ok: true }));
  const reports: PhaseReport[] = [];
  /** A step for the pairs whose steps so far all answered as expected (a failed pair drops out). */
  const step = async (phase: string, expected: number, send: (p: (typeof pairs)[number]) => Promise<Answer>, then: (p: (typeof pairs)[number], a: Answer) => void = () => undefined) => {
    const going = pairs.filter((p) => p.ok);
    const { report, answers } = await burst(phase, going, [expected], send);
    reports.push(report);
    answers.forEach((a, i) => (a.status === expected ? then(going[i], a) : (going[i].ok = false)));
  };
  await step('open rooms', 201, (p) => client.request('POST', '/api/rooms', p.host.token, {}), (p, a) => (p.code = a.body.code));
  await step('join', 200, (p) => client.request('POST', `/api/rooms/${p.code}/join`, p.guest.token, {}), (p, a) => (p.gameId = a.body.gameId));
  // The host (first seat) plays Black in the first game.
  await Promise.all(pairs.filter((p) => p.ok).map(async (p) => (p.game = (await client.request('GET', `/api/games/${p.gameId}`, null)).body)));
  await step("Black's first moves", 201, (p) => client.request('POST', `/api/games/${p.gameId}/moves`, p.host.token, { square: firstLegal(p.game), ply: p.game.ply }), (p, a) => (p.game = a.body.game));
  await step("White's first moves", 201, (p) => client.request('POST', `/api/games/${p.gameId}/moves`, p.guest.token, { square: firstLegal(p.game), ply: p.game.ply }));
  await step('resign', 200, (p) => client.request('POST', `/api/games/${p.gameId}/resign`, p.guest.token, {}));
  await step('rematch offers', 200, (p) => client.request('POST', `/api/rooms/${p.code}/rematch`, p.host.token, {}));
  await step('rematch accepts', 201, (p) => client.request('POST', `/api/rooms/${p.code}/rematch`, p.guest.token, {}));
  return reports;
}

/** A steady background: each game is played by its own loop, one move every `everyMs`, latencies kept. */
export class Background {
  readonly samples: { at: number; ms: number; status: number }[] = [];
  private stopped = false;
  private readonly loops: Promise<void>[] = [];

  constructor(
    private readonly client: Client,
    private readonly everyMs: number,
  ) {}

  /** Plays `gameId` (black, white seats) in the background until stopped or finished. */
  play(gameId: string, black: Seat, white: Seat): void {
    this.loops.push(this.playOne(gameId, black, white));
  }

  /** Plays `gameId` until stopped or finished. */
  async playOne(gameId: string, black: Seat, white: Seat): Promise<void> {
    let game = (await this.client.request('GET', `/api/games/${gameId}`, null)).body;
    while (!this.stopped && game?.status === 'active') {
      const seat = game.toMove === 'black' ? black : white;
      const a = await this.client.request('POST', `/api/games/${gameId}/moves`, seat.token, { square: firstLegal(game), ply: game.ply });
      this.samples.push({ at: a.at, ms: a.ms, status: a.status });
      game = a.status === 201 ? a.body.game : (await this.client.request('GET', `/api/games/${gameId}`, null)).body;
      await new Promise((r) => setTimeout(r, this.everyMs));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  /** p50/p99/max of the moves sent within [from, to) (performance.now() times). */
  window(from: number, to: number): { moves: number; p50: number; p99: number; max: number; errors: number } {
    const inside = this.samples.filter((s) => s.at >= from && s.at < to);
    const ms = inside.map((s) => s.ms).sort((x, y) => x - y);
    return { moves: inside.length, p50: percentile(ms, 0.5), p99: percentile(ms, 0.99), max: ms[ms.length - 1] ?? 0, errors: inside.filter((s) => s.status !== 201).length };
  }
}

export function formatReports(reports: PhaseReport[]): string {
  return reports
    .map((r) => `${r.phase.padEnd(22)} ${String(r.requests).padStart(4)} requests  ${JSON.stringify(r.statuses).padEnd(22)} p50 ${r.p50.toFixed(0).padStart(5)} ms  max ${r.max.toFixed(0).padStart(5)} ms`)
    .join('\n');
}
