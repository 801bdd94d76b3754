import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/config/config.js';
import { main as ratingsCli, verifyRatings } from '../../src/cli/ratings-cli.js';
import { TEST_ENV } from '../support/app.js';
import { AckedMove, expectStoredGamesConsistent, queryOn } from '../support/game-replay.js';
import { OwnPostgres, startOwnPostgres } from '../support/own-postgres.js';
import { sleep, startServerProcess } from '../support/server-process.js';
import { openSse } from '../support/sse.js';

// Fault test: PostgreSQL is stopped for ~3 s and started again while clients play. Meanwhile every
// answer is 503 SERVICE_UNAVAILABLE with the error shape and Retry-After (no crash, no hang, no
// 401, no 500) and /health says down; afterwards the app has reconnected by itself, the same
// clients go on playing with the same tokens, no acknowledged move is lost and the ratings add up.
// It runs a real `outflank serve` on a PostgreSQL server of its own (the run's shared one stays up).

type Seat = 'black' | 'white';
interface Client {
  id: string;
  token: string;
}
interface Table {
  gameId: string;
  ranked: boolean;
  seat: Record<Seat, Client>;
}
interface Answer {
  what: string;
  start: number;
  end: number;
  status: number; // 0: no answer (connection error or timeout)
  body: any;
  retryAfter: string | null;
}

const OUTAGE_MS = 3000;

describe('PostgreSQL restarts while clients play', () => {
  let pg: OwnPostgres;
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  const answers: Answer[] = [];

  async function call(what: string, method: string, path: string, client?: Client, body?: unknown): Promise<Answer> {
    const start = Date.now();
    const headers: Record<string, string> = {};
    if (client) headers.Authorization = `Bearer ${client.token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let answer: Answer;
    try {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: kept as text, and the shape check below fails
      }
      answer = { what, start, end: Date.now(), status: res.status, body: parsed, retryAfter: res.headers.get('retry-after') };
    } catch (err) {
      answer = { what, start, end: Date.now(), status: 0, body: String(err), retryAfter: null };
    }
    answers.push(answer);
    return answer;
  }

  const ok = async (what: string, method: string, path: string, status: number, client?: Client, body?: unknown) => {
    const a = await call(what, method, path, client, body);
    if (a.status !== status) throw new Error(`${what}: expected ${status}, got ${a.status} ${JSON.stringify(a.body)}`);
    return a.body;
  };

  beforeAll(async () => {
    pg = await startOwnPostgres();
    server = await startServerProcess({
      DATABASE_URL: pg.url,
      JWT_SECRET: TEST_ENV.JWT_SECRET,
      AUTH_RATE_LIMIT: TEST_ENV.AUTH_RATE_LIMIT,
      RANKED_SEPARATE_ADDRESSES: TEST_ENV.RANKED_SEPARATE_ADDRESSES,
      DB_CONNECT_TIMEOUT_SECONDS: '2',
    });
  }, 240_000);
  afterAll(async () => {
    if (server && server.served.child.exitCode === null) await server.stop();
    await pg?.close();
  });

  it('answers 503 while it is down, reconnects by itself, and loses no acknowledged move', async () => {
    // Six guest pairs at unranked room tables, two registered pairs matched by the ranked queue.
    const tables: Table[] = [];
    const guest = async (): Promise<Client> => {
      const b = await ok('guest', 'POST', '/api/auth/guest', 201, undefined, {});
      return { id: b.player.id, token: b.token };
    };
    for (let i = 0; i < 6; i++) {
      const [host, other] = [await guest(), await guest()];
      const room = await ok('room', 'POST', '/api/rooms', 201, host, {});
      const joined = await ok('join', 'POST', `/api/rooms/${room.code}/join`, 200, other, {});
      tables.push({ gameId: joined.gameId, ranked: false, seat: { black: host, white: other } });
    }
    for (let i = 0; i < 2; i++) {
      const pair: Client[] = [];
      for (let j = 0; j < 2; j++) {
        const b = await ok('register', 'POST', '/api/auth/register', 201, undefined, { username: `restart_${i}_${j}_${process.pid % 1000}`, password: 'password123' });
        pair.push({ id: b.player.id, token: b.token });
      }
      await ok('queue', 'POST', '/api/queue', 201, pair[0], { mode: 'ranked' });
      let ticket = await ok('queue', 'POST', '/api/queue', 201, pair[1], { mode: 'ranked' });
      // Ranked tickets are paired by the next pairing wave (about every second).
      for (let k = 0; k < 100 && !ticket.gameId; k++) {
        await new Promise((r) => setTimeout(r, 100));
        ticket = await ok('queue', 'GET', '/api/queue', 200, pair[1]);
      }
      expect(ticket.gameId).toEqual(expect.any(String));
      const game = await ok('game', 'GET', `/api/games/${ticket.gameId}`, 200);
      const byId = new Map(pair.map((c) => [c.id, c]));
      tables.push({ gameId: ticket.gameId, ranked: true, seat: { black: byId.get(game.black.player.id)!, white: byId.get(game.white.player.id)! } });
    }

    // Every client plays its game: on a 503 it waits a little and reads the game again.
    const acked: AckedMove[] = [];
    let restartedAt = Infinity;
    const ackedAfterRestart = new Map<string, number>();
    const finished = new Set<string>();
    let stopping = false;
    const readGame = async (t: Table) => {
      for (;;) {
        const a = await call('read game', 'GET', `/api/games/${t.gameId}`, t.seat.black);
        if (a.status === 200) return a.body;
        if (stopping) return null;
        await sleep(100);
      }
    };
    const play = async (t: Table) => {
      let game = await readGame(t);
      while (game && !stopping && game.status === 'active') {
        const square = game.legalMoves[Math.floor(Math.random() * game.legalMoves.length)];
        const sentAt = Date.now();
        const a = await call('move', 'POST', `/api/games/${t.gameId}/moves`, t.seat[game.toMove as Seat], { square, ply: game.ply });
        if (a.status === 201 || a.status === 200) {
          acked.push({ gameId: t.gameId, ply: a.body.move.ply, square: a.body.move.square });
          if (sentAt > restartedAt) ackedAfterRestart.set(t.gameId, (ackedAfterRestart.get(t.gameId) ?? 0) + 1);
          game = a.body.game;
        } else {
          await sleep(100);
          game = await readGame(t);
        }
      }
      if (game?.status !== 'active') finished.add(t.gameId);
    };
    const playing = tables.map(play);

    // Until a load has built, short of the games' ends (a count, not a fixed sleep: a busy machine plays slower).
    const loadBy = Date.now() + 20_000;
    while (acked.length <= 10 && Date.now() < loadBy) await sleep(20);
    const ackedBeforeOutage = acked.length;
    const stopAt = Date.now();
    await pg.stop();
    const downAt = Date.now();
    // While it is down: /health says so, and a guest's token still gets a 503, not a 401.
    const health = await call('health', 'GET', '/health');
    expect([health.status, health.body]).toEqual([503, { status: 'error', db: 'down' }]);
    const me = await call('me', 'GET', '/api/players/me', tables[0].seat.black);
    expect(me.status).toBe(503);
    const newRoom = await call('new room', 'POST', '/api/rooms', tables[0].seat.white, {});
    expect(newRoom.status).toBe(503);
    await sleep(Math.max(0, stopAt + OUTAGE_MS - Date.now()));
    const upAt = Date.now();
    await pg.start();
    restartedAt = Date.now();

    // After: the same tokens work, a new room can be opened, events flow again (LISTEN reconnected).
    const watched = tables[0];
    const plyAtRestart = (await readGame(watched)).ply;
    const stream = openSse(`${server.baseUrl}/api/games/${watched.gameId}/events`);
    expect(await stream.ready).toBe(200);
    const everyone = tables.flatMap((t) => [t.seat.black, t.seat.white]);
    for (const c of everyone) expect((await ok('me', 'GET', '/api/players/me', 200, c)).id).toBe(c.id);
    await ok('new room', 'POST', '/api/rooms', 201, await guest(), {}); // (players seated in a game cannot open one)
    // Play on until every game has 3 moves acknowledged after the restart (or has ended) and the
    // watched game's stream has delivered a move made after the restart.
    const deadline = Date.now() + 30_000;
    while (
      Date.now() < deadline &&
      !(
        tables.every((t) => finished.has(t.gameId) || (ackedAfterRestart.get(t.gameId) ?? 0) >= 3) &&
        (finished.has(watched.gameId) || stream.events.some((e) => e.event === 'move' && Number(e.id) > plyAtRestart))
      )
    ) {
      await sleep(100);
    }
    stopping = true;
    await Promise.all(playing);
    stream.close();
    for (const t of tables) expect({ gameId: t.gameId, after: finished.has(t.gameId) || (ackedAfterRestart.get(t.gameId) ?? 0) >= 3 }).toEqual({ gameId: t.gameId, after: true });
    expect(finished.has(watched.gameId) || stream.events.some((e) => e.event === 'move' && Number(e.id) > plyAtRestart)).toBe(true);
    // The ranked games end with a result: ratings move, and must add up.
    for (const t of tables.filter((x) => x.ranked && !finished.has(x.gameId))) {
      const game = await ok('resign', 'POST', `/api/games/${t.gameId}/resign`, 200, t.seat.black, {});
      expect(game).toMatchObject({ status: 'finished', rated: true });
    }

    // The load really straddled the outage.
    expect(ackedBeforeOutage).toBeGreaterThan(10);
    // (requests made and answered while it was down: a handful is enough to show it; how many fit in
    // the 3 s depends on how busy the machine is, so the count is not a speed check)
    expect(answers.filter((a) => a.start >= downAt && a.end <= upAt).length).toBeGreaterThan(3);
    // Every answer: a success, or a 503 with the error shape and Retry-After; never a hang, 401 or 500.
    const bad = answers.filter(
      (a) =>
        !(a.status >= 200 && a.status < 300) &&
        !(
          a.status === 503 &&
          (a.what === 'health'
            ? a.body?.status === 'error' && a.body?.db === 'down'
            : a.body?.statusCode === 503 &&
              a.body?.code === 'SERVICE_UNAVAILABLE' &&
              typeof a.body?.message === 'string' &&
              /^[1-9]\d*$/.test(a.retryAfter ?? ''))
        ),
    );
    if (bad.length > 0) {
      const logged = server.served.stdout().split('\n').filter((l) => /"level":(50|60)/.test(l) && l.includes('"Errors"')).slice(0, 3);
      expect({ bad, logged }).toEqual({ bad: [], logged: [] });
    }
    // While it was down, nothing succeeded.
    expect(answers.filter((a) => a.start >= downAt && a.end <= upAt && a.status !== 503)).toEqual([]);
    // No crash: the same process served throughout.
    expect(server.served.child.exitCode).toBeNull();
    await server.stop();

    await expectStoredGamesConsistent(queryOn(pg.url), acked, tables.map((t) => t.gameId));
    const config = { ...loadConfig({ ...TEST_ENV, DATABASE_URL: pg.url }), databaseUrl: pg.url };
    const audit = await verifyRatings(pg.url, config);
    expect(audit.games).toBeGreaterThanOrEqual(2);
    expect(audit.discrepancies).toEqual([]);
    expect(await ratingsCli(['verify'], config)).toBe(0);
  }, 120_000);
});
