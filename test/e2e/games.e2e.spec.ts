import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { discCounts, fromBoardString, legalMoves, playTurn, result, squareName, startPosition, toBoardString } from '../../src/engine/index.js';
import { DeadlineSweeper } from '../../src/games/deadline-sweeper.js';
import { startTestApp, TestApp, TEST_ENV } from '../support/app.js';
import { startServerProcess } from '../support/server-process.js';
import { openSse } from '../support/sse.js';
import { playOpening, startRoomGame } from '../factories/games.js';
import { guestPlayer, registerPlayer, TestPlayer } from '../factories/players.js';

/** A small seeded PRNG so a failing game can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
}

describe('games and rooms over HTTP', () => {
  let t: TestApp;
  let alice: TestPlayer;
  let bob: TestPlayer;
  beforeAll(async () => {
    t = await startTestApp();
  });
  // Fresh players for each test: one game at a time, and a test may leave its game going.
  beforeEach(async () => {
    alice = await registerPlayer(t.http);
    bob = await registerPlayer(t.http);
  });
  afterAll(async () => {
    await t.close();
  });

  it('creating and joining a room starts a game with the host as Black', async () => {
    const created = await request(t.http).post('/api/rooms').set(alice.auth).send({}).expect(201);
    expect(created.body).toMatchObject({
      hostId: alice.id,
      settings: { turnSeconds: null, showLegalMoves: true, swapColors: true },
      gameId: null,
      games: [],
      rematch: null,
    });
    expect(created.body.seats[0].id).toBe(alice.id);
    expect(created.body.seats[1]).toBeNull();
    const joined = await request(t.http).post(`/api/rooms/${created.body.code.toLowerCase()}/join`).set(bob.auth).send({}).expect(200);
    expect(joined.body.seats.map((s: { id: string }) => s.id)).toEqual([alice.id, bob.id]);
    const game = await request(t.http).get(`/api/games/${joined.body.gameId}`).expect(200);
    expect(game.body).toMatchObject({
      status: 'active',
      roomCode: created.body.code,
      rated: false,
      black: { player: { id: alice.id, username: alice.username }, standIn: false },
      white: { player: { id: bob.id }, standIn: false },
      board: toBoardString(startPosition()),
      toMove: 'black',
      ply: 0,
      legalMoves: ['d3', 'c4', 'f5', 'e6'].sort((a, b) => rankIndex(a) - rankIndex(b)),
      discs: { black: 2, white: 2 },
      result: null,
      finishedAt: null,
    });
    // Black's first move has FIRST_MOVE_SECONDS (30), turn limit or not.
    const firstMoveLeft = new Date(game.body.turnDeadline).getTime() - Date.now();
    expect(firstMoveLeft).toBeGreaterThan(20_000);
    expect(firstMoveLeft).toBeLessThanOrEqual(30_000);
    const third = await registerPlayer(t.http);
    const full = await request(t.http).post(`/api/rooms/${created.body.code}/join`).set(third.auth).send({}).expect(409);
    expect(full.body.code).toBe('ROOM_FULL');
  });

  function rankIndex(sq: string) {
    return (Number(sq[1]) - 1) * 8 + (sq.charCodeAt(0) - 97);
  }

  it('plays whole games with random legal moves; every response agrees with the engine', async () => {
    for (const seed of [1, 2, 3]) {
      const random = rng(seed);
      const { gameId } = await startRoomGame(t.http, alice, bob);
      const seat: Record<string, TestPlayer> = { black: alice, white: bob };
      let position = startPosition();
      let ply = 0;
      let finished = false;
      while (!finished) {
        const legal = legalMoves(position);
        const square = legal[Math.floor(random() * legal.length)];
        const turn = playTurn(position, square);
        const res = await request(t.http)
          .post(`/api/games/${gameId}/moves`)
          .set(seat[position.toMove].auth)
          .send({ square: squareName(square).toUpperCase(), ply })
          .expect(201);
        expect(res.body.move).toMatchObject({ ply, color: position.toMove, square: squareName(square), pass: false, by: 'player', flipped: turn.records[0].flipped.map(squareName) });
        position = turn.position;
        ply += turn.records.length;
        finished = turn.finished;
        const g = res.body.game;
        expect(g.board).toBe(toBoardString(position));
        expect(g.ply).toBe(ply);
        expect(g.discs).toEqual(discCounts(position));
        if (finished) {
          const r = result(position);
          expect(g).toMatchObject({ status: 'finished', toMove: null, legalMoves: null, result: { winner: r.winner, reason: 'board', discs: r.discs, ratingChanges: null } });
        } else {
          expect(g.toMove).toBe(position.toMove);
          expect(g.legalMoves).toEqual(legalMoves(position).map(squareName));
        }
      }
      const moves = await request(t.http).get(`/api/games/${gameId}/moves`).expect(200);
      expect(moves.body.moves).toHaveLength(ply);
      expect(moves.body.moves.map((m: { ply: number }) => m.ply)).toEqual([...Array(ply).keys()]);
      const transcript = await request(t.http).get(`/api/games/${gameId}/transcript`).expect(200);
      expect(transcript.headers['content-type']).toMatch(/^text\/plain/);
      expect(transcript.text).toBe(moves.body.moves.filter((m: { pass: boolean }) => !m.pass).map((m: { square: string }) => m.square).join(''));
      const over = await request(t.http).post(`/api/games/${gameId}/moves`).set(alice.auth).send({ square: 'a1', ply }).expect(409);
      expect(over.body.code).toBe('GAME_OVER');
    }
  });

  it('answers every error code of a move, and changes nothing', async () => {
    const { gameId } = await startRoomGame(t.http, alice, bob);
    const outsider = await registerPlayer(t.http);
    const post = (p: TestPlayer | null, body: unknown) => {
      const r = request(t.http).post(`/api/games/${gameId}/moves`);
      if (p) r.set(p.auth);
      return r.send(body as object);
    };
    expect((await post(null, { square: 'd3', ply: 0 }).expect(401)).body.code).toBe('UNAUTHENTICATED');
    expect((await post(outsider, { square: 'd3', ply: 0 }).expect(403)).body.code).toBe('FORBIDDEN');
    expect((await post(bob, { square: 'd3', ply: 0 }).expect(409)).body.code).toBe('NOT_YOUR_TURN');
    const illegal = await post(alice, { square: 'a1', ply: 0 }).expect(422);
    expect(illegal.body).toMatchObject({ code: 'ILLEGAL_MOVE', details: { legalMoves: ['d3', 'c4', 'f5', 'e6'].sort((a, b) => rankIndex(a) - rankIndex(b)) } });
    const occupied = await post(alice, { square: 'd4', ply: 0 }).expect(422);
    expect(occupied.body.code).toBe('ILLEGAL_MOVE');
    for (const body of [{ square: 'i9', ply: 0 }, { square: 'd3' }, { ply: 0 }, { square: 'd3', ply: -1 }, { square: 'd3', ply: 1.5 }, { square: 'd3', ply: '0' }, { square: 3, ply: 0 }, { square: 'd3', ply: 0, extra: true }]) {
      expect((await post(alice, body).expect(400)).body.code).toBe('VALIDATION_FAILED');
    }
    const future = await post(alice, { square: 'd3', ply: 5 }).expect(409);
    expect(future.body).toMatchObject({ code: 'STALE_PLY', details: { game: { id: gameId, ply: 0 } } });
    const game = await request(t.http).get(`/api/games/${gameId}`).expect(200);
    expect(game.body.ply).toBe(0);
    expect(game.body.board).toBe(toBoardString(startPosition()));

    await post(alice, { square: 'd3', ply: 0 }).expect(201);
    const stale = await post(bob, { square: 'c3', ply: 0 }).expect(409);
    expect(stale.body).toMatchObject({ code: 'STALE_PLY', details: { game: { id: gameId, ply: 1, toMove: 'white' } } });

    const unknown = await request(t.http).post('/api/games/00000000-0000-4000-8000-000000000000/moves').set(alice.auth).send({ square: 'd3', ply: 0 }).expect(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    expect((await request(t.http).get('/api/games/not-a-uuid').expect(404)).body.code).toBe('NOT_FOUND');
  });

  it('hides legal squares when hints are off, also in ILLEGAL_MOVE', async () => {
    const { gameId } = await startRoomGame(t.http, alice, bob, { showLegalMoves: false });
    const game = await request(t.http).get(`/api/games/${gameId}`).expect(200);
    expect(game.body.legalMoves).toBeNull();
    expect(game.body.settings.showLegalMoves).toBe(false);
    const illegal = await request(t.http).post(`/api/games/${gameId}/moves`).set(alice.auth).send({ square: 'a1', ply: 0 }).expect(422);
    expect(illegal.body.details).toBeUndefined();
  });

  it('a retried move answers 200 with the recorded move, never a second move', async () => {
    const { gameId } = await startRoomGame(t.http, alice, bob);
    const first = await request(t.http).post(`/api/games/${gameId}/moves`).set(alice.auth).send({ square: 'f5', ply: 0 }).expect(201);
    const retry = await request(t.http).post(`/api/games/${gameId}/moves`).set(alice.auth).send({ square: 'F5', ply: 0 }).expect(200);
    expect(retry.body.move).toEqual(first.body.move);
    // The answers as res.json writes them (this route writes its text by hand): headers and text,
    // gzipped for a client that accepts it (supertest does), as it is for one that does not.
    const plain = await request(t.http).post(`/api/games/${gameId}/moves`).set(alice.auth).set('Accept-Encoding', 'identity').send({ square: 'f5', ply: 0 }).expect(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.text));
    for (const answer of [first, retry, plain]) {
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.text).toBe(JSON.stringify({ move: answer.body.move, game: answer.body.game }));
    }
    const other = await request(t.http).post(`/api/games/${gameId}/moves`).set(alice.auth).send({ square: 'e6', ply: 0 }).expect(409);
    expect(other.body.code).toBe('STALE_PLY');
    const count = await t.db.query('SELECT count(*)::int AS n FROM moves WHERE game_id = $1', [gameId]);
    expect(count.rows[0].n).toBe(1);
  });

  it('20 identical move requests at once: exactly one 201, the rest 200 or 409, one move recorded', async () => {
    const { gameId } = await startRoomGame(t.http, alice, bob);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => request(t.http).post(`/api/games/${gameId}/moves`).set(alice.auth).send({ square: 'c4', ply: 0 })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 200 || s === 409)).toBe(true);
    const rows = await t.db.query('SELECT ply, square FROM moves WHERE game_id = $1', [gameId]);
    expect(rows.rows).toEqual([{ ply: 0, square: 26 }]);
  });

  it('resign ends the game for the opponent; seats only', async () => {
    const { gameId } = await startRoomGame(t.http, alice, bob);
    await playOpening(t.http, gameId, alice, bob);
    const outsider = await registerPlayer(t.http);
    await request(t.http).post(`/api/games/${gameId}/resign`).set(outsider.auth).send({}).expect(403);
    const res = await request(t.http).post(`/api/games/${gameId}/resign`).set(bob.auth).send({}).expect(200);
    expect(res.body).toMatchObject({ status: 'finished', toMove: null, result: { winner: 'black', reason: 'resign', ratingChanges: null } });
    await request(t.http).post(`/api/games/${gameId}/resign`).set(bob.auth).send({}).expect(200);
    expect((await request(t.http).post(`/api/games/${gameId}/resign`).set(alice.auth).send({}).expect(409)).body.code).toBe('GAME_OVER');
  });

  it('rooms: host-only settings between games, rematch swaps colours', async () => {
    const { code, gameId } = await startRoomGame(t.http, alice, bob, { turnSeconds: 60 });
    const g1 = await request(t.http).get(`/api/games/${gameId}`).expect(200);
    expect(g1.body.settings.turnSeconds).toBe(60);
    const g1Opened = await playOpening(t.http, gameId, alice, bob);
    expect(new Date(g1Opened.turnDeadline).getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect((await request(t.http).patch(`/api/rooms/${code}`).set(bob.auth).send({ showLegalMoves: false }).expect(403)).body.code).toBe('FORBIDDEN');
    expect((await request(t.http).patch(`/api/rooms/${code}`).set(alice.auth).send({ showLegalMoves: false }).expect(409)).body.code).toBe('GAME_IN_PROGRESS');
    expect((await request(t.http).post(`/api/rooms/${code}/rematch`).set(alice.auth).send({}).expect(409)).body.code).toBe('GAME_IN_PROGRESS');
    await request(t.http).patch(`/api/rooms/${code}`).set(alice.auth).send({ turnSeconds: 45 }).expect(400);
    await request(t.http).post(`/api/games/${gameId}/resign`).set(alice.auth).send({}).expect(200);
    const patched = await request(t.http).patch(`/api/rooms/${code}`).set(alice.auth).send({ showLegalMoves: false, turnSeconds: null }).expect(200);
    expect(patched.body.settings).toEqual({ turnSeconds: null, clock: null, showLegalMoves: false, swapColors: true });
    // A rematch needs both seats: Bob offers, Alice accepts.
    await request(t.http).post(`/api/rooms/${code}/rematch`).set(bob.auth).send({}).expect(200);
    const r2 = await request(t.http).post(`/api/rooms/${code}/rematch`).set(alice.auth).send({}).expect(201);
    expect(r2.body.games).toEqual([gameId, r2.body.gameId]);
    const g2 = await request(t.http).get(`/api/games/${r2.body.gameId}`).expect(200);
    expect(g2.body.black.player.id).toBe(bob.id);
    expect(g2.body.white.player.id).toBe(alice.id);
    expect(g2.body.legalMoves).toBeNull();
    await request(t.http).post(`/api/games/${r2.body.gameId}/resign`).set(alice.auth).send({}).expect(200);
    await request(t.http).patch(`/api/rooms/${code}`).set(alice.auth).send({ swapColors: false }).expect(200);
    await request(t.http).post(`/api/rooms/${code}/rematch`).set(alice.auth).send({}).expect(200);
    const r3 = await request(t.http).post(`/api/rooms/${code}/rematch`).set(bob.auth).send({}).expect(201);
    const g3 = await request(t.http).get(`/api/games/${r3.body.gameId}`).expect(200);
    expect(g3.body.black.player.id).toBe(bob.id);
  });

  it('rooms are never rated (rated: true is 400); guests host and join them', async () => {
    const guest = await guestPlayer(t.http);
    for (const p of [guest, alice]) {
      const refused = await request(t.http).post('/api/rooms').set(p.auth).send({ rated: true }).expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('never rated') });
    }
    await request(t.http).post('/api/rooms').set(alice.auth).send({ rated: 'yes' }).expect(400);
    const room = await request(t.http).post('/api/rooms').set(guest.auth).send({ rated: false }).expect(201);
    expect(room.body.settings).toEqual({ turnSeconds: null, clock: null, showLegalMoves: true, swapColors: true });
    const joined = await request(t.http).post(`/api/rooms/${room.body.code}/join`).set(alice.auth).send({}).expect(200);
    expect((await request(t.http).get(`/api/games/${joined.body.gameId}`).expect(200)).body.rated).toBe(false);
    await request(t.http).get('/api/rooms/NOPE42').expect(404);
  });

  it('lists a player\'s games newest first', async () => {
    const carol = await registerPlayer(t.http);
    const a = await startRoomGame(t.http, carol, bob);
    await request(t.http).post(`/api/games/${a.gameId}/resign`).set(carol.auth).send({}).expect(200);
    const b = await startRoomGame(t.http, bob, carol);
    const list = await request(t.http).get(`/api/players/${carol.username}/games`).expect(200);
    expect(list.body.games.map((g: { id: string }) => g.id)).toEqual([b.gameId, a.gameId]);
    const one = await request(t.http).get(`/api/players/${carol.username}/games?limit=1`).expect(200);
    expect(one.body.games).toHaveLength(1);
    const older = await request(t.http).get(`/api/players/${carol.username}/games?before=${encodeURIComponent(list.body.games[0].createdAt)}`).expect(200);
    expect(older.body.games.map((g: { id: string }) => g.id)).toEqual([a.gameId]);
    await request(t.http).get(`/api/players/${carol.username}/games?limit=0`).expect(400);
    await request(t.http).get(`/api/players/${carol.username}/games?before=yesterday`).expect(400);
  });

  it('a CPU stands in when the turn time runs out, and the player takes the seat back', async () => {
    const { gameId } = await startRoomGame(t.http, alice, bob, { turnSeconds: 30 });
    await playOpening(t.http, gameId, alice, bob);
    await t.db.query(`UPDATE games SET turn_deadline = now() - interval '1 second', takeover_at = now() - interval '1 second' WHERE id = $1`, [gameId]);
    const sweeper = t.app.get(DeadlineSweeper);
    await sweeper.sweep();
    const after = await request(t.http).get(`/api/games/${gameId}`).expect(200);
    expect(after.body.black.standIn).toBe(true);
    expect(after.body.ply).toBe(3);
    expect(after.body.toMove).toBe('white');
    const moves = await request(t.http).get(`/api/games/${gameId}/moves`).expect(200);
    expect(moves.body.moves[2]).toMatchObject({ ply: 2, color: 'black', by: 'cpu' });
    // White moves; the CPU answers for Black in the same request.
    const position = fromBoardString(after.body.board, 'white');
    const reply = await request(t.http).post(`/api/games/${gameId}/moves`).set(bob.auth).send({ square: squareName(legalMoves(position)[0]), ply: 3 }).expect(201);
    expect(reply.body.game.toMove).toBe('white');
    expect(reply.body.game.ply).toBeGreaterThanOrEqual(5);
    // Reading the game, even with her token, changes nothing; she takes her seat back with POST seat.
    expect((await request(t.http).get(`/api/games/${gameId}`).set(alice.auth).expect(200)).body.black.standIn).toBe(true);
    const back = await request(t.http).post(`/api/games/${gameId}/seat`).set(alice.auth).send({}).expect(200);
    expect(back.body.black.standIn).toBe(false);
    // Outsiders have no seat to take; a repeat is answered with the game as it is.
    await request(t.http).post(`/api/games/${gameId}/seat`).set((await registerPlayer(t.http)).auth).send({}).expect(403);
    expect((await request(t.http).post(`/api/games/${gameId}/seat`).set(alice.auth).send({}).expect(200)).body.ply).toBe(back.body.ply);
  });

  it('without a turn limit, a CPU stands in only for a player who is gone, not one who is here', async () => {
    // A second app copy (its own process) with short clocks; its sweep runs every second.
    const copy = await startServerProcess({ DATABASE_URL: t.db.url, JWT_SECRET: TEST_ENV.JWT_SECRET, CPU_TAKEOVER_SECONDS: '2', SSE_HEARTBEAT_SECONDS: '1' });
    try {
      const { gameId } = await startRoomGame(copy.baseUrl, alice, bob);
      const created = await playOpening(copy.baseUrl, gameId, alice, bob);
      expect(created.turnDeadline).toBeNull();
      // Alice watches her game with her token: the stream's heartbeats keep her seat.
      const watching = openSse(`${copy.baseUrl}/api/games/${gameId}/events`, alice.auth);
      expect(await watching.ready).toBe(200);
      await new Promise((r) => setTimeout(r, 3500));
      expect((await request(copy.baseUrl).get(`/api/games/${gameId}`).expect(200)).body.black.standIn).toBe(false);
      // She leaves; after CPU_TAKEOVER_SECONDS the CPU plays for her, and the seat event says so.
      watching.close();
      const observer = openSse(`${copy.baseUrl}/api/games/${gameId}/events`);
      const seat = await observer.waitFor((e) => e.some((x) => x.event === 'seat' && x.data.standIn), 15_000);
      expect(seat.find((e) => e.event === 'seat' && (e.data as { standIn: boolean }).standIn)!.data).toMatchObject({ gameId, color: 'black', standIn: true, game: { black: { standIn: true } } });
      await observer.waitFor((e) => e.some((x) => x.event === 'move' && x.data.by === 'cpu'), 15_000);
      observer.close();
      const taken = await request(copy.baseUrl).get(`/api/games/${gameId}`).expect(200);
      expect(taken.body).toMatchObject({ toMove: 'white', black: { standIn: true }, white: { standIn: false } });
    } finally {
      await copy.stop();
    }
  });

  describe('live events (SSE)', () => {
    it('streams moves in order, resumes with Last-Event-ID, and ends', async () => {
      const { gameId } = await startRoomGame(t.http, alice, bob);
      const stream = openSse(`${t.baseUrl}/api/games/${gameId}/events`);
      expect(await stream.ready).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
      let position = startPosition();
      const seat: Record<string, TestPlayer> = { black: alice, white: bob };
      let ply = 0;
      for (let i = 0; i < 6; i++) {
        const sq = legalMoves(position)[0];
        const turn = playTurn(position, sq);
        await request(t.http).post(`/api/games/${gameId}/moves`).set(seat[position.toMove].auth).send({ square: squareName(sq), ply }).expect(201);
        position = turn.position;
        ply += turn.records.length;
      }
      const events = await stream.waitFor((e) => e.filter((x) => x.event === 'move').length >= ply);
      const moves = events.filter((e) => e.event === 'move');
      expect(moves.map((e) => Number(e.id))).toEqual([...Array(ply).keys()].map((i) => i + 1));
      expect(moves.map((e) => e.data.ply)).toEqual([...Array(ply).keys()]);
      stream.close();

      const resumed = openSse(`${t.baseUrl}/api/games/${gameId}/events`, { 'Last-Event-ID': '3' });
      await resumed.waitFor((e) => e.filter((x) => x.event === 'move').length >= ply - 3);
      expect(resumed.events.filter((e) => e.event === 'move').map((e) => Number(e.id))).toEqual([...Array(ply - 3).keys()].map((i) => i + 4));
      await request(t.http).post(`/api/games/${gameId}/resign`).set(bob.auth).send({}).expect(200);
      const ended = await resumed.waitFor((e) => e.some((x) => x.event === 'end'));
      expect(ended.find((e) => e.event === 'end')!.data).toMatchObject({ id: gameId, status: 'finished', result: { reason: 'resign' } });
      resumed.close();
    });

    it('my events: a game starting in my room reaches me', async () => {
      const stream = openSse(`${t.baseUrl}/api/me/events`, { Authorization: alice.auth.Authorization });
      expect(await stream.ready).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
      const { gameId } = await startRoomGame(t.http, alice, bob);
      const events = await stream.waitFor((e) => e.some((x) => x.event === 'game'));
      expect(events.find((e) => e.event === 'game')!.data.id).toBe(gameId);
      stream.close();
      const anon = openSse(`${t.baseUrl}/api/me/events`);
      expect(await anon.ready).toBe(401);
      anon.close();
    });

    it('a move through one app copy reaches a stream on another copy (LISTEN/NOTIFY)', async () => {
      const copy = await startServerProcess({ DATABASE_URL: t.db.url, JWT_SECRET: TEST_ENV.JWT_SECRET });
      try {
        const { gameId } = await startRoomGame(t.http, alice, bob);
        const stream = openSse(`${copy.baseUrl}/api/games/${gameId}/events`);
        expect(await stream.ready).toBe(200);
        await new Promise((r) => setTimeout(r, 100));
        await request(t.http).post(`/api/games/${gameId}/moves`).set(alice.auth).send({ square: 'd3', ply: 0 }).expect(201);
        const events = await stream.waitFor((e) => e.some((x) => x.event === 'move'));
        expect(events.find((e) => e.event === 'move')!.data).toMatchObject({ ply: 0, square: 'd3', color: 'black' });
        stream.close();
      } finally {
        await copy.stop();
      }
    });

    it('unknown game stream → 404', async () => {
      await request(t.http).get('/api/games/00000000-0000-4000-8000-000000000000/events').expect(404);
    });
  });
});
