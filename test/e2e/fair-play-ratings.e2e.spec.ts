import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Clock } from '../../src/common/clock.js';
import { fromBoardString, legalMoves, squareName } from '../../src/engine/index.js';
import { formatFlagged, listFlagged } from '../../src/cli/fair-play-cli.js';
import { FairPlayService } from '../../src/fair-play/fair-play.service.js';
import { DeadlineSweeper } from '../../src/games/deadline-sweeper.js';
import { PresenceService } from '../../src/games/presence.service.js';
import { MatchmakingService } from '../../src/matchmaking/matchmaking.service.js';
import { verifyRatings } from '../../src/cli/ratings-cli.js';
import { translator } from '../../src/i18n/catalogues/index.js';
import { uniqueName } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

/**
 * Issue #21, "Ratings that cannot be bought", each exploit replayed over HTTP against the real app
 * on real PostgreSQL. Every player has an address of their own (X-Forwarded-For, believed from the
 * loopback proxy: TRUST_PROXY=loopback), as players on different machines would. Ranked games come
 * from the ranked queue (waves run by hand: QUEUE_WAVE_MS=0), and time is the app's Clock, moved
 * forward instead of slept through.
 */

interface Player {
  id: string;
  username: string;
  password: string;
  address: string;
  auth: { Authorization: string; 'X-Forwarded-For': string };
}

let addressCounter = 0;
/** A fresh address of its own (10.x.y.z). */
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

async function register(t: TestApp, address = nextAddress()): Promise<Player> {
  const username = uniqueName('f');
  const password = 'password123';
  const res = await request(t.http).post('/api/auth/register').set('X-Forwarded-For', address).send({ username, password });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.player.id, username, password, address, auth: { Authorization: `Bearer ${res.body.token}`, 'X-Forwarded-For': address } };
}

describe('ratings that cannot be bought (issue #21)', () => {
  let t: TestApp;
  let clock: Clock;
  let sweeper: DeadlineSweeper;
  let presence: PresenceService;
  let matchmaking: MatchmakingService;
  const IDLE = 20;
  const CPU_TAKEOVER = 10;

  beforeAll(async () => {
    t = await startTestApp({
      TRUST_PROXY: 'loopback',
      RANKED_SEPARATE_ADDRESSES: 'true',
      QUEUE_WAVE_MS: '0',
      // Tickets stay alive through the long cooldowns the clock is moved over (presence has its own suite).
      QUEUE_PRESENCE_SECONDS: '3600',
      IDLE_TURN_SECONDS: String(IDLE),
      CPU_TAKEOVER_SECONDS: String(CPU_TAKEOVER),
      FIRST_MOVE_SECONDS: '30',
      LOG_LEVEL: 'error',
    });
    clock = t.app.get(Clock);
    sweeper = t.app.get(DeadlineSweeper);
    presence = t.app.get(PresenceService);
    matchmaking = t.app.get(MatchmakingService);
  });
  afterAll(async () => {
    await t.close();
  });

  const game = async (id: string, p?: Player) => {
    const req = request(t.http).get(`/api/games/${id}`);
    return (await (p ? req.set(p.auth) : req).expect(200)).body;
  };
  const profile = async (p: Player) => (await request(t.http).get(`/api/players/${p.username}`).expect(200)).body;
  const queue = async (p: Player) => (await request(t.http).post('/api/queue').set(p.auth).send({ mode: 'ranked' }).expect(201)).body;
  const ticket = async (p: Player) => (await request(t.http).get('/api/queue').set(p.auth).expect(200)).body;
  const leave = (p: Player) => request(t.http).delete('/api/queue').set(p.auth).expect(204);
  /** Runs a wave; the game it made between these two players, if any. */
  const waveBetween = async (a: Player, b: Player): Promise<string | null> => {
    const result = await matchmaking.runWave();
    const g = result.games.find((x) => [x.blackId, x.whiteId].sort().join() === [a.id, b.id].sort().join());
    return g?.gameId ?? null;
  };
  async function move(id: string, p: Player) {
    const g = await game(id);
    const square = squareName(legalMoves(fromBoardString(g.board, g.toMove))[0]);
    return (await request(t.http).post(`/api/games/${id}/moves`).set(p.auth).send({ square, ply: g.ply }).expect(201)).body.game;
  }
  /** Both players' first moves, Black first. */
  async function opening(gameId: string, a: Player, b: Player) {
    const g = await game(gameId);
    const [black, white] = g.black.player.id === a.id ? [a, b] : [b, a];
    await move(gameId, black);
    return move(gameId, white);
  }

  it('the polling staller: present but never moving in a ranked game, never moved for; their clock runs out and they lose on time, rated a loss', async () => {
    const staller = await register(t);
    const opponent = await register(t);
    await queue(staller);
    await queue(opponent);
    const gameId = (await waveBetween(staller, opponent))!;
    expect(gameId).not.toBeNull();
    let g = await game(gameId);
    // Ranked games always have a clock (5+3 unless the ticket names another).
    expect(g.settings).toMatchObject({ rated: true, turnSeconds: null, clock: { baseSeconds: 300, incrementSeconds: 3 } });
    g = await opening(gameId, staller, opponent);
    const stallerColor: 'black' | 'white' = g.black.player.id === staller.id ? 'black' : 'white';
    // The opponent plays until it is the staller's turn.
    for (let guard = 0; guard < 60 && g.status === 'active' && g.toMove !== stallerColor; guard++) g = await move(gameId, opponent);
    expect(g.toMove).toBe(stallerColor);
    const left = g.clocks[stallerColor];
    const turnStarted = clock.now().getTime();
    // Every 2 s the staller says "I am here" (POST /seat, like an open game stream) and never moves:
    // the CPU never plays for a present player; their own clock decides.
    for (let s = 0; s < 400 && g.status === 'active'; s += 2) {
      await request(t.http).post(`/api/games/${gameId}/seat`).set(staller.auth).send({}).expect(200);
      await presence.flush();
      clock.advance(2000);
      await sweeper.sweep();
      g = await game(gameId);
      expect(g[stallerColor].standIn).toBe(false);
    }
    const waited = clock.now().getTime() - turnStarted;
    expect(g).toMatchObject({ status: 'finished', result: { reason: 'time', winner: stallerColor === 'black' ? 'white' : 'black' } });
    expect(g[stallerColor].cpuMoves).toBe(0);
    // The flag falls when the clock is out, not later: the opponent waits no longer than it held,
    // plus the flag's grace (at most 0.5 s) and one 2 s step of this loop.
    expect(waited).toBeGreaterThanOrEqual(left);
    expect(waited).toBeLessThanOrEqual(left + 500 + 2000);
    expect(g.result.ratingChanges[stallerColor]).toBeLessThan(0);
    expect(g.result.ratingChanges[stallerColor === 'black' ? 'white' : 'black']).toBeGreaterThan(0);
    expect(await profile(staller)).toMatchObject({ games: 1, losses: 1 });
  });

  it('twelve aborts in a row: the cooldown before the next ranked pairing grows, and the ticket shows it', async () => {
    const aborter = await register(t);
    const partner = await register(t);
    const seen: (number | null)[] = [];
    // The cooldown counts from the latest abort (the game's finishedAt), not from joining the queue.
    let lastAbortAt = 0;
    for (let i = 0; i < 12; i++) {
      const mine = await queue(aborter);
      await queue(partner);
      if (mine.cooldown) {
        expect(mine.cooldown.reason).toBe('aborts');
        expect(await ticket(aborter)).toMatchObject({ state: 'waiting', cooldown: mine.cooldown });
        seen.push((Date.parse(mine.cooldown.until) - lastAbortAt) / 1000);
        const left = (Date.parse(mine.cooldown.until) - clock.now().getTime()) / 1000;
        // No pairing while it runs, even a second before its end.
        expect(await waveBetween(aborter, partner)).toBeNull();
        clock.advance((left - 1) * 1000);
        await ticket(partner);
        expect((await ticket(aborter)).cooldown).not.toBeNull();
        expect(await waveBetween(aborter, partner)).toBeNull();
        clock.advance(1000);
        await ticket(partner);
        expect((await ticket(aborter)).cooldown).toBeNull();
      } else {
        seen.push(null);
      }
      const gameId = await waveBetween(aborter, partner);
      expect(gameId).not.toBeNull();
      const aborted = (await request(t.http).post(`/api/games/${gameId}/abort`).set(aborter.auth).send({}).expect(200)).body;
      lastAbortAt = Date.parse(aborted.finishedAt);
    }
    // Two free aborts, then 1, 2, 4, 8, 16, 32 minutes, then an hour (the last 10 games count).
    expect(seen).toEqual([null, null, null, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    // The partner, who never aborted, has no cooldown; twelve aborted games did not use up the pair's 3 games a day.
    expect((await queue(partner)).cooldown).toBeNull();
    await leave(partner);
  });

  it('letting the first-move clock run out counts as an abort', async () => {
    const sleeper = await register(t);
    const seen: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      const other = await register(t);
      const mine = await queue(sleeper);
      seen.push(mine.cooldown?.reason ?? null);
      if (mine.cooldown) {
        clock.advance(Date.parse(mine.cooldown.until) - clock.now().getTime());
        await ticket(sleeper);
      }
      await queue(other);
      const gameId = (await waveBetween(sleeper, other))!;
      expect(gameId).not.toBeNull();
      if ((await game(gameId)).black.player.id === other.id) await move(gameId, other);
      clock.advance(31_000);
      await sweeper.sweep();
      expect(await game(gameId)).toMatchObject({ status: 'aborted', result: { reason: 'aborted' } });
      // The other player, whose opponent never moved, is not blamed.
      expect((await queue(other)).cooldown).toBeNull();
      await leave(other);
    }
    expect(seen).toEqual([null, null, null, 'aborts']);
  });

  it('three aborts between a pair leave them pairable: aborted games do not count toward the 3 games a day', async () => {
    const a = await register(t);
    const b = await register(t);
    for (const who of [a, b, a]) {
      await queue(a);
      await queue(b);
      const gameId = await waveBetween(a, b);
      expect(gameId).not.toBeNull();
      await request(t.http).post(`/api/games/${gameId}/abort`).set(who.auth).send({}).expect(200);
    }
    expect((await queue(a)).cooldown).toBeNull();
    expect((await queue(b)).cooldown).toBeNull();
    const fourth = await waveBetween(a, b);
    expect(fourth).not.toBeNull();
    await request(t.http).post(`/api/games/${fourth}/abort`).set(b.auth).send({}).expect(200);
  });

  it('five fresh accounts from the main account\'s address: no ranked pairing between them, however long they wait; one from elsewhere is paired at once', async () => {
    const main = await register(t);
    const fresh = await Promise.all(Array.from({ length: 5 }, () => register(t, main.address)));
    await queue(main);
    for (const f of fresh) await queue(f);
    for (let s = 0; s <= 60; s += 5) {
      const result = await matchmaking.runWave();
      const mine = result.games.filter((g) => [g.blackId, g.whiteId].includes(main.id));
      expect(mine).toEqual([]);
      // (The fresh accounts are linked to each other too: one address.)
      const ids = new Set(fresh.map((f) => f.id));
      expect(result.games.filter((g) => ids.has(g.blackId) || ids.has(g.whiteId))).toEqual([]);
      clock.advance(5000);
      for (const p of [main, ...fresh]) await ticket(p);
    }
    for (const f of fresh) await leave(f);
    const elsewhere = await register(t);
    await queue(elsewhere);
    const gameId = await waveBetween(main, elsewhere);
    expect(gameId).not.toBeNull();
    await request(t.http).post(`/api/games/${gameId}/abort`).set(elsewhere.auth).send({}).expect(200);
  });

  it('one device, two addresses: accounts that signed in from the same browser (device id cookie) are not paired either', async () => {
    const first = await register(t);
    const cookie = (await request(t.http).post('/api/auth/login').set('X-Forwarded-For', first.address).send({ username: first.username, password: first.password }).expect(200))
      .headers['set-cookie'] as unknown as string[];
    const deviceCookie = cookie.find((c) => c.startsWith('outflank_device='))!;
    expect(deviceCookie).toMatch(/HttpOnly/i);
    expect(deviceCookie).toMatch(/Path=\/api\/auth/);
    const address = nextAddress();
    const username = uniqueName('f');
    const res = await request(t.http).post('/api/auth/register').set('X-Forwarded-For', address).set('Cookie', deviceCookie.split(';')[0])
      .send({ username, password: 'password123' }).expect(201);
    // The device keeps its id: no new cookie.
    expect(res.headers['set-cookie']).toBeUndefined();
    const second: Player = { id: res.body.player.id, username, password: 'password123', address, auth: { Authorization: `Bearer ${res.body.token}`, 'X-Forwarded-For': address } };
    await queue(first);
    await queue(second);
    clock.advance(60_000);
    await ticket(first);
    await ticket(second);
    expect(await waveBetween(first, second)).toBeNull();
    await leave(first);
    await leave(second);
  });

  it('sandbagging from distinct addresses: fresh accounts that resign to a main account after one move go on cooldown and are listed with the account that gained; the window never pairs ratings further apart than the cap', async () => {
    const main = await register(t);
    const fresh = await Promise.all(Array.from({ length: 5 }, () => register(t)));
    const gaps: number[] = [];
    const unpaired: Player[] = [];
    for (const f of fresh) {
      await queue(main);
      await queue(f);
      // Both wait up to a minute for their windows to meet (the cap is reached after 25 s).
      let gameId: string | null = null;
      for (let s = 0; s <= 60 && !gameId; s += 5) {
        gameId = await waveBetween(main, f);
        if (!gameId) clock.advance(5000);
      }
      if (!gameId) {
        unpaired.push(f);
        expect((await profile(main)).rating - (await profile(f)).rating).toBeGreaterThan(350);
        await leave(main);
        await leave(f);
        continue;
      }
      const g = await game(gameId);
      gaps.push(Math.abs(g.black.player.rating - g.white.player.rating));
      await opening(gameId, main, f);
      const end = (await request(t.http).post(`/api/games/${gameId}/resign`).set(f.auth).send({}).expect(200)).body;
      expect(end.result).toMatchObject({ reason: 'resign' });
      // The throwaway account is on a ranked cooldown at once.
      const again = await queue(f);
      expect(again.cooldown).toMatchObject({ reason: 'sandbagging' });
      expect(Date.parse(again.cooldown.until) - clock.now().getTime()).toBeGreaterThan(50 * 60_000);
      await leave(f);
    }
    expect(gaps.length).toBeGreaterThan(0);
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(350);
    // The main account climbed out of the fresh accounts' reach: the last ones could not be paired with it.
    expect(unpaired.length).toBeGreaterThan(0);
    // The moderators' list: every fresh account that threw a game, with the main account as the one that gained.
    const listed = await t.app.get(FairPlayService).sandbaggers();
    const thrown = fresh.filter((f) => !unpaired.includes(f));
    for (const f of thrown) {
      const report = listed.find((r) => r.player.id === f.id);
      expect(report).toBeDefined();
      expect(report!.cheapLosses).toBe(1);
      expect(report!.beneficiaries).toEqual([expect.objectContaining({ id: main.id, username: main.username, games: 1 })]);
      expect(report!.beneficiaries[0].points).toBeGreaterThan(0);
    }
    expect(listed.some((r) => r.player.id === main.id)).toBe(false);
    // `outflank fair-play flagged` prints the same list.
    expect(await listFlagged(t.db.url, t.config, clock.now())).toEqual(listed);
    expect(formatFlagged(listed)).toContain(`  gained: ${main.username} +`);
  });

  it('ratings verify passes after all of it', async () => {
    const report = await verifyRatings(t.db.url, t.config);
    expect(report.discrepancies).toEqual([]);
    expect(report.games).toBeGreaterThan(0);
  });
});

describe('the per-account sign-in limit (issue #21)', () => {
  let t: TestApp;
  let clock: Clock;
  beforeAll(async () => {
    // The per-address limit at its default (10 a minute), addresses from X-Forwarded-For. Sign-ins
    // sent at once race, each holding its count's row in a transaction of its own: a pool of 5.
    t = await startTestApp({
      TRUST_PROXY: 'loopback', AUTH_RATE_LIMIT: '10', AUTH_RATE_WINDOW_SECONDS: '60', LOG_LEVEL: 'error', DB_POOL_SIZE: '5', DB_CONNECT_TIMEOUT_SECONDS: '5',
    });
    clock = t.app.get(Clock);
    // The delays are seconds long: the app's time stands still unless the test moves it.
    clock.freeze();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: string, password: string, address: string) =>
    request(t.http).post('/api/auth/login').set('X-Forwarded-For', address).send({ username, password });

  it('100 wrong passwords on one username from 10 addresses: slowed after the first few; the owner signs in once the delay is over', async () => {
    const owner = await register(t, '10.200.0.1');
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < 100; i++) {
      const res = await login(owner.username.toUpperCase(), `wrong-${i}-password`, `10.201.0.${i % 10}`);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
        expect(res.body.message).toMatch(/failed sign-ins for this account/);
        retryAfter = Number(res.headers['retry-after']);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
      }
    }
    // The first 5 are free, the sixth is checked and starts the delay; every other one is refused unchecked.
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6).every((s) => s === 429)).toBe(true);
    // During the delay even the right password waits (or the delay would not slow a guesser).
    expect((await login(owner.username, owner.password, '10.200.0.1')).status).toBe(429);
    // The message follows the request's language; the code does not change.
    const inBengali = await login(owner.username, 'wrong-again-pw', '10.206.0.1').set('Accept-Language', 'bn');
    expect(inBengali.body.code).toBe('RATE_LIMITED');
    expect(inBengali.body.message).toBe(translator('bn').t('api.auth.loginThrottled', { seconds: Number(inBengali.headers['retry-after']) }));
    clock.advance(retryAfter * 1000);
    const ok = await login(owner.username, owner.password, '10.200.0.1');
    expect(ok.status).toBe(200);
    expect(ok.body.player.id).toBe(owner.id);
    // A correct login clears the count: five wrong ones are plain 401s again.
    for (let i = 0; i < 5; i++) expect((await login(owner.username, 'still-wrong-pw', `10.202.0.${i}`)).status).toBe(401);
    // Lock-out abuse: while someone keeps the username slowed from anywhere, the owner signs in at
    // once from a browser they signed in from before (its device id has a count of its own).
    const device = (ok.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('outflank_device='))!.split(';')[0];
    for (let i = 0; i < 10; i++) await login(owner.username, 'guessing-pw', `10.204.0.${i}`);
    expect((await login(owner.username, owner.password, '10.205.0.1')).status).toBe(429);
    const fromHome = await request(t.http).post('/api/auth/login').set('X-Forwarded-For', '10.200.0.2').set('Cookie', device)
      .send({ username: owner.username, password: owner.password });
    expect(fromHome.status).toBe(200);
    // Unknown names are slowed the same way (the answer tells nothing about which accounts exist).
    const ghost = uniqueName('ghost');
    const ghostStatuses: number[] = [];
    for (let i = 0; i < 8; i++) ghostStatuses.push((await login(ghost, 'whatever-pw', `10.203.0.${i}`)).status);
    expect(ghostStatuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it('20 wrong passwords sent at once from 10 addresses: still only 6 are checked (each attempt is charged before its password is)', async () => {
    const victim = await register(t, '10.210.0.1');
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => login(victim.username, `parallel-${i}-pw`, `10.211.0.${i % 10}`)));
    const statuses = all.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
  });
});
