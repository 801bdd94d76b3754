import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Clock } from '../../src/common/clock.js';
import { playOpening, startRankedGame, startRoomGame } from '../factories/games.js';
import { guestPlayer, registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';
import { openSse } from '../support/sse.js';

/** Rooms under the fair-play rules: never rated, one game at a time, rematch by consent. */
describe('rooms: friendly tables (real app, real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One rated game would put a player on the leaderboard: the farm test must find nobody there.
    t = await startTestApp({ LEADERBOARD_MIN_GAMES: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const rematch = (code: string, p: TestPlayer) => request(t.http).post(`/api/rooms/${code}/rematch`).set(p.auth).send({});
  const cancel = (code: string, p: TestPlayer) => request(t.http).delete(`/api/rooms/${code}/rematch`).set(p.auth);
  const resign = (gameId: string, p: TestPlayer) => request(t.http).post(`/api/games/${gameId}/resign`).set(p.auth).send({}).expect(200);

  it('the farm exploit replayed: room, rematch, resign at ply 0, nine times: no rating moves, nobody on the leaderboard', async () => {
    const farmer = await registerPlayer(t.http);
    const victim = await registerPlayer(t.http); // the farmer's second account
    const first = await startRoomGame(t.http, farmer, victim, { rated: false });
    let gameId = first.gameId;
    const seen: string[] = [];
    for (let i = 0; i < 9; i++) {
      if (i > 0) {
        expect((await rematch(first.code, victim).expect(200)).body.rematch).toMatchObject({ offeredBy: victim.id });
        gameId = (await rematch(first.code, farmer).expect(201)).body.gameId;
      }
      seen.push(gameId);
      const ended = (await resign(gameId, victim)).body;
      expect(ended).toMatchObject({ rated: false, status: 'aborted', result: { winner: null, reason: 'aborted', ratingChanges: null } });
    }
    expect(new Set(seen).size).toBe(9);
    // Even a real game in a room moves nothing: both move, then one resigns.
    await rematch(first.code, victim).expect(200);
    const played = (await rematch(first.code, farmer).expect(201)).body.gameId;
    const game = (await request(t.http).get(`/api/games/${played}`).expect(200)).body;
    const [black, white] = game.black.player.id === farmer.id ? [farmer, victim] : [victim, farmer];
    const opened = await playOpening(t.http, played, black, white);
    expect(opened.rated).toBe(false);
    expect((await resign(played, victim)).body.result).toMatchObject({ reason: 'resign', ratingChanges: null });

    for (const p of [farmer, victim]) {
      const profile = (await request(t.http).get(`/api/players/${p.username}`).expect(200)).body;
      expect(profile).toMatchObject({ rating: 1500, rd: 350, games: 0, wins: 0, draws: 0, losses: 0, rank: null, provisional: true });
      expect((await request(t.http).get(`/api/players/${p.username}/rating-history`).expect(200)).body.points).toEqual([]);
    }
    expect((await request(t.http).get('/api/leaderboard').expect(200)).body).toEqual({ total: 0, entries: [] });
  });

  it('rated: true is 400 VALIDATION_FAILED on create and on PATCH; room games are unrated; settings carry no `rated`', async () => {
    const host = await registerPlayer(t.http);
    const other = await registerPlayer(t.http);
    const refused = await request(t.http).post('/api/rooms').set(host.auth).send({ rated: true }).expect(400);
    expect(refused.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.stringContaining('never rated') });
    const { code, gameId, room } = await startRoomGame(t.http, host, other, { rated: false, turnSeconds: 30 });
    expect(room.settings).toEqual({ turnSeconds: 30, clock: null, showLegalMoves: true, swapColors: true });
    expect((await request(t.http).get(`/api/games/${gameId}`).expect(200)).body.rated).toBe(false);
    await resign(gameId, host);
    expect((await request(t.http).patch(`/api/rooms/${code}`).set(host.auth).send({ rated: true }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    const patched = await request(t.http).patch(`/api/rooms/${code}`).set(host.auth).send({ rated: false, swapColors: false }).expect(200);
    expect(patched.body.settings).toEqual({ turnSeconds: 30, clock: null, showLegalMoves: true, swapColors: false });
  });

  it('guests use every room feature: host, join, play, rematch', async () => {
    const a = await guestPlayer(t.http);
    const b = await guestPlayer(t.http);
    const { code, gameId } = await startRoomGame(t.http, a, b);
    await playOpening(t.http, gameId, a, b);
    await resign(gameId, a);
    await rematch(code, a).expect(200);
    const next = (await rematch(code, b).expect(201)).body;
    expect((await request(t.http).get(`/api/games/${next.gameId}`).expect(200)).body).toMatchObject({ rated: false, black: { player: { id: b.id } } });
  });

  describe('one game at a time (409 ALREADY_IN_GAME)', () => {
    it('a player seated in an active game cannot create or join a room', async () => {
      const busy = await registerPlayer(t.http);
      const opponent = await registerPlayer(t.http);
      const free = await registerPlayer(t.http);
      const { gameId } = await startRankedGame(t.app, busy, opponent);

      const created = await request(t.http).post('/api/rooms').set(busy.auth).send({}).expect(409);
      expect(created.body).toMatchObject({ code: 'ALREADY_IN_GAME', details: { gameId } });
      const open = (await request(t.http).post('/api/rooms').set(free.auth).send({}).expect(201)).body;
      expect((await request(t.http).post(`/api/rooms/${open.code}/join`).set(busy.auth).send({}).expect(409)).body.code).toBe('ALREADY_IN_GAME');
      // Nothing changed: the seat is still free.
      expect((await request(t.http).get(`/api/rooms/${open.code}`).expect(200)).body).toMatchObject({ seats: [{ id: free.id }, null], gameId: null });

      // A host who went off to play elsewhere: joining would seat them twice.
      const hostRoom = (await request(t.http).post('/api/rooms').set(free.auth).send({}).expect(201)).body;
      const hostsGame = await startRankedGame(t.app, free, await registerPlayer(t.http));
      const joiner = await registerPlayer(t.http);
      const refused = await request(t.http).post(`/api/rooms/${hostRoom.code}/join`).set(joiner.auth).send({}).expect(409);
      expect(refused.body).toMatchObject({ code: 'ALREADY_IN_GAME', details: { playerId: free.id } });

      // Once the games are over, both work.
      await request(t.http).post(`/api/games/${gameId}/abort`).set(busy.auth).send({}).expect(200);
      await request(t.http).post(`/api/games/${hostsGame.gameId}/abort`).set(free.auth).send({}).expect(200);
      await request(t.http).post('/api/rooms').set(busy.auth).send({}).expect(201);
      await request(t.http).post(`/api/rooms/${hostRoom.code}/join`).set(joiner.auth).send({}).expect(200);
    });

    it('a seat playing another game can neither offer nor accept a rematch, nor be made to play one', async () => {
      const a = await registerPlayer(t.http);
      const b = await registerPlayer(t.http);
      const { code, gameId } = await startRoomGame(t.http, a, b);
      await resign(gameId, a);
      const elsewhere = await startRankedGame(t.app, b, await registerPlayer(t.http));
      expect((await rematch(code, b).expect(409)).body).toMatchObject({ code: 'ALREADY_IN_GAME', details: { gameId: elsewhere.gameId } });
      // A offers; B (still busy) cannot accept, and A cannot start it while B plays.
      await rematch(code, a).expect(200);
      expect((await rematch(code, b).expect(409)).body.code).toBe('ALREADY_IN_GAME');
      const room = (await request(t.http).get(`/api/rooms/${code}`).expect(200)).body;
      expect(room).toMatchObject({ gameId, games: [gameId], rematch: { offeredBy: a.id } });
      await request(t.http).post(`/api/games/${elsewhere.gameId}/abort`).set(b.auth).send({}).expect(200);
      expect((await rematch(code, b).expect(201)).body.games).toHaveLength(2);
    });
  });

  describe('at the same moment', () => {
    it('one player joining two rooms at once sits in one game only', async () => {
      const hosts = [await registerPlayer(t.http), await registerPlayer(t.http)];
      const codes = [];
      for (const h of hosts) codes.push((await request(t.http).post('/api/rooms').set(h.auth).send({}).expect(201)).body.code);
      const racer = await registerPlayer(t.http);
      const answers = await Promise.all(codes.map((c) => request(t.http).post(`/api/rooms/${c}/join`).set(racer.auth).send({})));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.code).toBe('ALREADY_IN_GAME');
      const active = await t.db.query(`SELECT count(*)::int AS n FROM games WHERE status = 'active' AND (black_id = $1 OR white_id = $1)`, [racer.id]);
      expect(active.rows[0].n).toBe(1);
    });

    it('both seats asking at once start exactly one game', async () => {
      const a = await registerPlayer(t.http);
      const b = await registerPlayer(t.http);
      const { code, gameId } = await startRoomGame(t.http, a, b);
      await resign(gameId, a);
      const answers = await Promise.all([rematch(code, a), rematch(code, b)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
      const room = (await request(t.http).get(`/api/rooms/${code}`).expect(200)).body;
      expect(room.games).toHaveLength(2);
      expect(room.rematch).toBeNull();
    });
  });

  describe('rematch by consent', () => {
    it('an offer reaches the other seat; the other seat accepts and the next game starts (colours swap), both get a game event', async () => {
      const a = await registerPlayer(t.http);
      const b = await registerPlayer(t.http);
      const { code, gameId } = await startRoomGame(t.http, a, b);
      const streamA = openSse(`${t.baseUrl}/api/me/events`, a.auth);
      const streamB = openSse(`${t.baseUrl}/api/me/events`, b.auth);
      try {
        expect(await streamA.ready).toBe(200);
        expect(await streamB.ready).toBe(200);
        await new Promise((r) => setTimeout(r, 100));
        // Only between games, only seated players.
        expect((await rematch(code, a).expect(409)).body.code).toBe('GAME_IN_PROGRESS');
        await resign(gameId, b);
        const outsider = await registerPlayer(t.http);
        expect((await rematch(code, outsider).expect(403)).body.code).toBe('FORBIDDEN');
        expect((await cancel(code, outsider).expect(403)).body.code).toBe('FORBIDDEN');

        const before = Date.now();
        const offer = (await rematch(code, a).expect(200)).body;
        expect(offer).toMatchObject({ gameId, games: [gameId], rematch: { offeredBy: a.id } });
        const lapses = new Date(offer.rematch.expiresAt).getTime();
        expect(lapses).toBeGreaterThanOrEqual(before + 59_000);
        expect(lapses).toBeLessThanOrEqual(Date.now() + 61_000);
        const [event] = (await streamB.waitFor((e) => e.some((x) => x.event === 'rematch'))).filter((e) => e.event === 'rematch');
        expect(event.data).toMatchObject({ code, rematch: { offeredBy: a.id, expiresAt: offer.rematch.expiresAt } });
        // Asking again while one's own offer stands changes nothing; the room shows the offer.
        expect((await rematch(code, a).expect(200)).body.rematch).toEqual(offer.rematch);
        expect((await request(t.http).get(`/api/rooms/${code}`).expect(200)).body.rematch).toEqual(offer.rematch);

        const started = (await rematch(code, b).expect(201)).body;
        expect(started).toMatchObject({ games: [gameId, started.gameId], rematch: null });
        expect(started.gameId).not.toBe(gameId);
        const next = (await request(t.http).get(`/api/games/${started.gameId}`).expect(200)).body;
        expect(next).toMatchObject({ rated: false, status: 'active', black: { player: { id: b.id } }, white: { player: { id: a.id } } });
        for (const s of [streamA, streamB]) {
          await s.waitFor((e) => e.some((x) => x.event === 'game' && x.data.id === started.gameId));
        }
        // The offerer's own stream got no rematch event of its own offer.
        expect(streamA.events.filter((e) => e.event === 'rematch')).toEqual([]);
      } finally {
        streamA.close();
        streamB.close();
      }
    });

    it('DELETE withdraws (the offerer) or declines (the other seat): rematch null, and the other seat hears of it', async () => {
      const a = await registerPlayer(t.http);
      const b = await registerPlayer(t.http);
      const { code, gameId } = await startRoomGame(t.http, a, b);
      await resign(gameId, a);
      const streamA = openSse(`${t.baseUrl}/api/me/events`, a.auth);
      const streamB = openSse(`${t.baseUrl}/api/me/events`, b.auth);
      try {
        expect(await streamA.ready).toBe(200);
        expect(await streamB.ready).toBe(200);
        await new Promise((r) => setTimeout(r, 100));
        // Withdraw: A offers, then takes it back; B hears both.
        await rematch(code, a).expect(200);
        const withdrawn = (await cancel(code, a).expect(200)).body;
        expect(withdrawn).toMatchObject({ code, gameId, rematch: null });
        const toB = await streamB.waitFor((e) => e.filter((x) => x.event === 'rematch').length >= 2);
        expect(toB.filter((e) => e.event === 'rematch').map((e) => e.data.rematch?.offeredBy ?? null)).toEqual([a.id, null]);
        // B asking now is a new offer, not an acceptance.
        expect((await rematch(code, b).expect(200)).body.rematch).toMatchObject({ offeredBy: b.id });
        const toA = await streamA.waitFor((e) => e.some((x) => x.event === 'rematch'));
        expect(toA.filter((e) => e.event === 'rematch').map((e) => e.data.rematch?.offeredBy ?? null)).toEqual([b.id]);
        // Decline: A says no; B (the offerer) hears it, and nothing started.
        expect((await cancel(code, a).expect(200)).body).toMatchObject({ gameId, games: [gameId], rematch: null });
        const declined = await streamB.waitFor((e) => e.filter((x) => x.event === 'rematch').length >= 3);
        expect(declined.filter((e) => e.event === 'rematch').map((e) => e.data.rematch?.offeredBy ?? null)).toEqual([a.id, null, null]);
        // With no offer standing, DELETE changes nothing (and tells nobody).
        expect((await cancel(code, b).expect(200)).body).toMatchObject({ gameId, games: [gameId], rematch: null });
        await new Promise((r) => setTimeout(r, 200));
        expect(streamA.events.filter((e) => e.event === 'rematch')).toHaveLength(1);
        expect(streamB.events.filter((e) => e.event === 'rematch')).toHaveLength(3);
        // A's later ask is an offer again.
        expect((await rematch(code, a).expect(200)).body.rematch).toMatchObject({ offeredBy: a.id });
      } finally {
        streamA.close();
        streamB.close();
      }
    });

    // Last: it moves this app's clock.
    it('an offer lapses after 60 s: it reads as none, and the other seat asking makes a new offer', async () => {
      const a = await registerPlayer(t.http);
      const b = await registerPlayer(t.http);
      const { code, gameId } = await startRoomGame(t.http, a, b);
      await resign(gameId, a);
      await rematch(code, a).expect(200);
      const clock = t.app.get(Clock);
      clock.advance(50_000);
      expect((await request(t.http).get(`/api/rooms/${code}`).expect(200)).body.rematch).toMatchObject({ offeredBy: a.id });
      clock.advance(11_000);
      expect((await request(t.http).get(`/api/rooms/${code}`).expect(200)).body.rematch).toBeNull();
      const renewed = (await rematch(code, b).expect(200)).body;
      expect(renewed).toMatchObject({ games: [gameId], rematch: { offeredBy: b.id } });
      expect(new Date(renewed.rematch.expiresAt).getTime()).toBeGreaterThan(Date.now() + 100_000);
      // And that new offer, accepted in time, starts the game.
      expect((await rematch(code, a).expect(201)).body.games).toHaveLength(2);
    });
  });
});
