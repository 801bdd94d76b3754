import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Clock } from '../../src/common/clock.js';
import { fromBoardString, legalMoves, squareName } from '../../src/engine/index.js';
import { DeadlineSweeper } from '../../src/games/deadline-sweeper.js';
import { FLAG_GRACE_MAX_MS, initialLagQuotaMs, lagQuotaGainMs } from '../../src/games/domain/clock.js';
import { PresenceService } from '../../src/games/presence.service.js';
import { MatchmakingService } from '../../src/matchmaking/matchmaking.service.js';
import { verifyRatings } from '../../src/cli/ratings-cli.js';
import { playOpening, startRankedGame, startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { openSse } from '../support/sse.js';
import { startTestApp, TestApp } from '../support/app.js';

/**
 * Game clocks kept by the server, against the real app on real PostgreSQL: base + increment, the
 * lag credit, the flag found by the server's own sweep, and the stand-in only for a player who is
 * gone. The app's Clock is held still and moved forward instead of sleeping.
 */
describe('game clocks', () => {
  let t: TestApp;
  let clock: Clock;
  let sweeper: DeadlineSweeper;
  let presence: PresenceService;
  beforeAll(async () => {
    t = await startTestApp({ FIRST_MOVE_SECONDS: '30', CPU_TAKEOVER_SECONDS: '60', IDLE_TURN_SECONDS: '300', QUEUE_WAVE_MS: '0' });
    clock = t.app.get(Clock);
    sweeper = t.app.get(DeadlineSweeper);
    presence = t.app.get(PresenceService);
    clock.freeze();
  });
  afterAll(async () => {
    await t.close();
  });

  const game = async (id: string) => (await request(t.http).get(`/api/games/${id}`).expect(200)).body;
  const pair = async () => [await registerPlayer(t.http), await registerPlayer(t.http)] as const;
  const ONE_TWO = { baseSeconds: 60, incrementSeconds: 2 };

  /** The side to move plays its first legal square, reporting `lag` ms; the answer must have `status`. */
  async function move(id: string, players: { black: TestPlayer; white: TestPlayer }, lag?: number, status = 201) {
    const g = await game(id);
    const square = squareName(legalMoves(fromBoardString(g.board, g.toMove))[0]);
    const body = lag === undefined ? { square, ply: g.ply } : { square, ply: g.ply, lag };
    return request(t.http).post(`/api/games/${id}/moves`).set(players[g.toMove as 'black' | 'white'].auth).send(body).expect(status);
  }

  it('a room with a clock: its games carry both clocks; a clock and a turn limit together, or a clock out of bounds, are 400', async () => {
    const [a, b] = await pair();
    for (const bad of [{ clock: '0+2' }, { clock: '61+0' }, { clock: '5+61' }, { clock: 'five' }, { clock: 5 }, { clock: '5+3', turnSeconds: 30 }]) {
      const res = await request(t.http).post('/api/rooms').set(a.auth).send(bad).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const { code, gameId, room } = await startRoomGame(t.http, a, b, { clock: '2.5+1' });
    expect(room.settings).toMatchObject({ clock: '2.5+1', turnSeconds: null });
    const g = await game(gameId);
    expect(g.settings).toMatchObject({ clock: { baseSeconds: 150, incrementSeconds: 1, label: '2.5+1' }, turnSeconds: null, idleSeconds: null });
    expect(g.clocks).toMatchObject({ black: 150_000, white: 150_000, running: null });
    // The host changes it between games; a turn limit beside the clock is refused.
    await request(t.http).post(`/api/games/${gameId}/abort`).set(a.auth).send({}).expect(200);
    expect((await request(t.http).patch(`/api/rooms/${code}`).set(a.auth).send({ turnSeconds: 60 }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await request(t.http).get(`/api/rooms/${code}`).expect(200)).body.settings).toMatchObject({ clock: '2.5+1', turnSeconds: null });
    const patched = await request(t.http).patch(`/api/rooms/${code}`).set(a.auth).send({ turnSeconds: 60, clock: null }).expect(200);
    expect(patched.body.settings).toMatchObject({ clock: null, turnSeconds: 60 });
  });

  it("a player's clock runs on their turn only, from their second move; the increment comes after each move; events carry both clocks", async () => {
    const [black, white] = await pair();
    const { gameId } = await startRankedGame(t.app, black, white, null, ONE_TWO);
    const stream = openSse(`${t.baseUrl}/api/games/${gameId}/events`);
    await stream.ready;
    clock.advance(5000);
    await playOpening(t.http, gameId, black, white);
    let g = await game(gameId);
    // The first moves cost nothing.
    expect(g.clocks).toMatchObject({ black: 60_000, white: 60_000, running: 'black' });
    clock.advance(10_000);
    g = await game(gameId);
    expect(g.clocks).toMatchObject({ black: 50_000, white: 60_000, running: 'black' });
    expect(g.clocks.at).toBe(clock.now().toISOString());
    const answer = (await move(gameId, { black, white })).body;
    expect(answer.game.clocks).toMatchObject({ black: 52_000, white: 60_000, running: 'white' });
    clock.advance(4000);
    const second = (await move(gameId, { black, white })).body;
    expect(second.game.clocks).toMatchObject({ black: 52_000, white: 58_000, running: 'black' });
    const events = await stream.waitFor((es) => es.filter((e) => e.event === 'move').length >= 4);
    const last = events.filter((e) => e.event === 'move').at(-1)!;
    expect(last.data.game.clocks).toMatchObject({ black: 52_000, white: 58_000, running: 'black' });
    // The flag is the turn's deadline: Black's time left from now.
    expect(new Date(second.game.turnDeadline).getTime()).toBe(clock.now().getTime() + 52_000);
  });

  it('lag credit: a client reporting 300 ms on each move keeps that time; one claiming 5 s is capped by its quota', async () => {
    const [black, white] = await pair();
    const { gameId: steady } = await startRankedGame(t.app, black, white, null, ONE_TWO);
    await playOpening(t.http, steady, black, white);
    const players = { black, white };
    for (let i = 0; i < 6; i++) {
      clock.advance(3000);
      await move(steady, players, 300); // Black, 3 s on the server's clock, 300 ms of it network
      clock.advance(3000);
      await move(steady, players); // White reports nothing
    }
    const s = (await game(steady)).clocks;
    expect(s.white).toBe(60_000 - 6 * 3000 + 6 * 2000);
    expect(s.black).toBe(60_000 - 6 * (3000 - 300) + 6 * 2000);
    await request(t.http).post(`/api/games/${steady}/resign`).set(black.auth).send({}).expect(200);

    const [c, d] = await pair();
    const { gameId: greedy } = await startRankedGame(t.app, c, d, null, ONE_TWO);
    await playOpening(t.http, greedy, c, d);
    for (let i = 0; i < 6; i++) {
      clock.advance(6000);
      await move(greedy, { black: c, white: d }, 5000);
      clock.advance(1000);
      await move(greedy, { black: c, white: d });
    }
    const credited = (await game(greedy)).clocks.black - (60_000 - 6 * 6000 + 6 * 2000);
    // Never more than the starting quota and what six moves add to it (lichess's quota).
    expect(credited).toBe(initialLagQuotaMs(ONE_TWO) + 5 * lagQuotaGainMs(ONE_TWO));
    expect(credited).toBeLessThan(6 * 5000);
    // A lag out of bounds is bad input: 400, nothing changes.
    const before = await game(greedy);
    const bad = await request(t.http).post(`/api/games/${greedy}/moves`).set(c.auth).send({ square: 'a1', ply: before.ply, lag: 10_001 }).expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect((await game(greedy)).ply).toBe(before.ply);
  });

  it('a ranked 1+2 game: the flag falls by the server\'s own sweep, with no request; a loss on time, rated; GGF says TI and :t', async () => {
    const [black, white] = await pair();
    const { gameId } = await startRankedGame(t.app, black, white, null, ONE_TWO);
    await playOpening(t.http, gameId, black, white);
    const watcher = openSse(`${t.baseUrl}/api/games/${gameId}/events`);
    await watcher.ready;
    // Black thinks past zero and the grace: the sweeper finds the flag on its own (no sweep() call, no request).
    clock.advance(60_000 + FLAG_GRACE_MAX_MS);
    const events = await watcher.waitFor((es) => es.some((e) => e.event === 'end'), 15_000);
    const end = events.find((e) => e.event === 'end')!.data;
    expect(end).toMatchObject({ status: 'finished', result: { winner: 'white', reason: 'time' }, clocks: { black: 0, white: 60_000, running: null } });
    expect(end.result.ratingChanges.white).toBeGreaterThan(0);
    const ggf = await request(t.http).get(`/api/games/${gameId}/ggf`).expect(200);
    expect(ggf.text).toContain('TI[01:00/00:02/00:00]');
    expect(ggf.text).toMatch(/RE\[-64\.000:t\]/);
    const report = await verifyRatings(t.db.url, t.config);
    expect(report.discrepancies).toEqual([]);
  });

  it('a move that comes after the flag, even with its lag credited, ends the game on time: 409 GAME_OVER with the finished game', async () => {
    const [black, white] = await pair();
    const { gameId } = await startRankedGame(t.app, black, white, null, ONE_TWO);
    await playOpening(t.http, gameId, black, white);
    // Hold the sweep off: no timer should catch it first (a sweep would end it the same way).
    await sweeper.onModuleDestroy();
    try {
      clock.advance(60_000 + 400);
      const late = await move(gameId, { black, white }, 100, 409);
      expect(late.body).toMatchObject({ code: 'GAME_OVER', details: { game: { status: 'finished', result: { winner: 'white', reason: 'time' } } } });
    } finally {
      sweeper.onModuleInit();
    }
  });

  it('a present player is never moved for in a clocked game: 4 minutes of thought in 10+5; a player who is gone gets the stand-in before the flag', async () => {
    const [black, white] = await pair();
    const { gameId } = await startRankedGame(t.app, black, white, null, { baseSeconds: 600, incrementSeconds: 5 });
    await playOpening(t.http, gameId, black, white);
    for (let s = 0; s < 240; s += 20) {
      presence.mark(gameId, black.id);
      await presence.flush();
      clock.advance(20_000);
      await sweeper.sweep();
    }
    let g = await game(gameId);
    expect(g).toMatchObject({ status: 'active', toMove: 'black', black: { standIn: false } });
    expect(g.clocks).toMatchObject({ black: 360_000, running: 'black' });
    await move(gameId, { black, white });
    // White goes away: after CPU_TAKEOVER_SECONDS the stand-in plays for them, on their clock.
    clock.advance(61_000);
    await sweeper.sweep();
    g = await game(gameId);
    expect(g.white.standIn).toBe(true);
    expect(g.toMove).toBe('black');
    expect(g.clocks.white).toBeLessThan(600_000);
  });

  it('the ranked queue: every ticket names a clock (default 5+3), each clock a pool; no untimed or turn-limited ranked game', async () => {
    const [a, b] = await pair();
    const [c, d] = await pair();
    for (const bad of [{ mode: 'ranked', turnSeconds: 30 }, { mode: 'ranked', clock: null }, { mode: 'ranked', clock: '2+2' }, { mode: 'unranked', clock: '5+3', turnSeconds: 60 }]) {
      const res = await request(t.http).post('/api/queue').set(a.auth).send(bad).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await request(t.http).get('/api/queue').set(a.auth)).status).toBe(404); // nothing was queued
    const ta = (await request(t.http).post('/api/queue').set(a.auth).send({ mode: 'ranked' }).expect(201)).body;
    expect(ta).toMatchObject({ clock: '5+3', turnSeconds: null });
    await request(t.http).post('/api/queue').set(c.auth).send({ mode: 'ranked', clock: '1+2' }).expect(201);
    await request(t.http).post('/api/queue').set(b.auth).send({ mode: 'ranked', clock: '5+3' }).expect(201);
    await request(t.http).post('/api/queue').set(d.auth).send({ mode: 'ranked', clock: '1+2' }).expect(201);
    const wave = await t.app.get(MatchmakingService).runWave();
    expect(wave.games).toHaveLength(2);
    const games = await Promise.all(wave.games.map((g) => game(g.gameId)));
    const pairs = games.map((g) => [[g.black.player.id, g.white.player.id].sort().join(), g.settings.clock.label]).sort();
    expect(pairs).toEqual([[[a.id, b.id].sort().join(), '5+3'], [[c.id, d.id].sort().join(), '1+2']].sort());
    for (const g of games) expect(g).toMatchObject({ rated: true, settings: { turnSeconds: null, idleSeconds: null } });
  });

  it('the unranked queue pairs at once within a clock\'s pool only', async () => {
    const [a, b] = await pair();
    const c = await registerPlayer(t.http);
    const stream = openSse(`${t.baseUrl}/api/me/events`, b.auth);
    await stream.ready;
    await request(t.http).post('/api/queue').set(a.auth).send({ mode: 'unranked', clock: '3+2' }).expect(201);
    const plain = (await request(t.http).post('/api/queue').set(c.auth).send({ mode: 'unranked' }).expect(201)).body;
    expect(plain.state).toBe('waiting');
    const matched = (await request(t.http).post('/api/queue').set(b.auth).send({ mode: 'unranked', clock: '3+2' }).expect(201)).body;
    expect(matched).toMatchObject({ state: 'matched', clock: '3+2' });
    expect((await game(matched.gameId)).settings).toMatchObject({ rated: false, clock: { label: '3+2' } });
    await request(t.http).delete('/api/queue').set(c.auth).expect(204);
  });
});
