import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import { fromBoardString, legalMoves, playTurn, squareName } from '../../src/engine/index.js';
import { Db } from '../../src/database/db.js';
import { gameEvent } from '../../src/events/event-map.js';
import { EventsService } from '../../src/events/events.service.js';
import { packPayloads } from '../../src/events/notify.js';
import { EVENTS_CHANNEL, gameTopic, type TopicEvent } from '../../src/events/topics.js';
import * as rules from '../../src/games/domain/transitions.js';
import { toGameDto, toMoveDto } from '../../src/games/game-view.js';
import { GamesRepository } from '../../src/games/games.repository.js';
import { GamesService } from '../../src/games/games.service.js';
import { startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TEST_ENV, TestApp } from '../support/app.js';
import { assertBuilt, exitWithin, startServerProcess } from '../support/server-process.js';
import { openSse, type SseEvent } from '../support/sse.js';

// Events leave after the commit of what they announce, one publisher per app copy. Copies may
// then publish moves n and n+1 of one game in either order, or die between a commit and its
// publish: a game stream still sends every ply once, in order, and catches up from the database.

describe('events after the commit', () => {
  let t: TestApp;
  // Each test's own two players (one game at a time each).
  let alice: TestPlayer;
  let bob: TestPlayer;
  let notifier: pg.Client;
  beforeEach(async () => {
    [alice, bob] = [await registerPlayer(t.http), await registerPlayer(t.http)];
  });
  beforeAll(async () => {
    assertBuilt(); // the copies that die are `outflank serve` processes, built once before the run
    t = await startTestApp();
    notifier = new pg.Client({ connectionString: t.db.url });
    await notifier.connect();
  }, 240_000);
  afterAll(async () => {
    await notifier?.end();
    await t?.close();
  });

  /** Sends these events as another app copy's publisher would (a NOTIFY of its own, after the commit). */
  const notifyAs = async (copy: string, events: TopicEvent[]) => {
    await notifier.query(`SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p`, [EVENTS_CHANNEL, packPayloads(events, copy)]);
  };

  /** Writes the game's next move (its first legal square) as a copy does, without publishing it; answers its events. */
  const writeUnpublished = async (gameId: string): Promise<TopicEvent[]> => {
    const repo = t.app.get(GamesRepository);
    const loaded = (await repo.load(gameId))!;
    const g = loaded.game;
    const square = legalMoves(fromBoardString(g.board, g.toMove!))[0];
    const step = rules.playMove(g, { playerId: g.toMove === 'black' ? g.blackId : g.whiteId, square, ply: g.ply }, t.app.get(GamesService).rules());
    if ('kind' in step) throw new Error('the move was refused');
    expect(await repo.writeStep(step, loaded.version)).not.toBeNull();
    const game = toGameDto({ ...loaded, game: step.game });
    return step.records.map((r) => gameEvent(gameId, 'move', { ...toMoveDto(r), game }, r.ply + 1));
  };

  const moveIds = (events: SseEvent[]) => events.filter((e) => e.event === 'move').map((e) => Number(e.id));

  it('moves n and n+1 published crossed by two copies: the stream sends n, then n+1, once each; duplicates and stale plies are dropped', async () => {
    const { gameId } = await startRoomGame(t.http, alice, bob);
    const stream = openSse(`${t.baseUrl}/api/games/${gameId}/events`);
    expect(await stream.ready).toBe(200);
    const first = await writeUnpublished(gameId); // committed by copy A
    const second = await writeUnpublished(gameId); // then by copy B
    const last = second[second.length - 1];
    // B's publish overtakes A's.
    await notifyAs('copy-b', second);
    await stream.waitFor((e) => moveIds(e).includes(Number(last.id)));
    await notifyAs('copy-a', first);
    await notifyAs('copy-b', second); // and a duplicate
    // A move after them, through this copy: the stream goes on from there.
    const game = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
    const square = squareName(legalMoves(fromBoardString(game.board, game.toMove))[0]);
    const mover = game.toMove === 'black' ? alice : bob;
    const played = (await request(t.http).post(`/api/games/${gameId}/moves`).set(mover.auth).send({ square, ply: game.ply }).expect(201)).body;
    await stream.waitFor((e) => moveIds(e).includes(played.game.ply));
    const plies = [...first, ...second].map((e) => Number(e.id));
    expect(moveIds(stream.events)).toEqual([...plies, ...Array.from({ length: played.game.ply - plies.length }, (_, i) => plies.length + i + 1)]);
    const moves = stream.events.filter((e) => e.event === 'move');
    expect(moves.map((e) => e.data.ply)).toEqual(moves.map((e) => Number(e.id) - 1));
    // The latest record sent carries the game after it, whether it came live or from the database.
    expect(moves.find((e) => Number(e.id) === Number(last.id))!.data.game).toMatchObject({ id: gameId, ply: Number(last.id) });
    expect(moves[moves.length - 1].data.game).toMatchObject({ id: gameId, ply: played.game.ply });
    stream.close();
  });

  it('a stream resumed with Last-Event-ID sends no ply it already has, whatever arrives late', async () => {
    const { gameId } = await startRoomGame(t.http, alice, bob);
    const early = await writeUnpublished(gameId);
    const at = Number(early[early.length - 1].id);
    const stream = openSse(`${t.baseUrl}/api/games/${gameId}/events`, { 'Last-Event-ID': String(at) });
    expect(await stream.ready).toBe(200);
    const next = await writeUnpublished(gameId);
    await notifyAs('copy-a', next);
    await stream.waitFor((e) => moveIds(e).includes(Number(next[next.length - 1].id)));
    await notifyAs('copy-b', early); // late: older than what the client has
    await notifyAs('copy-a', next);
    // A marker after them on the same connection: by the time it is here, they have been offered.
    const seat = gameEvent(gameId, 'seat', { gameId, color: 'black', standIn: false, standInAt: null }, Number(next[next.length - 1].id));
    await notifyAs('copy-c', [seat]);
    await stream.waitFor((e) => e.some((x) => x.event === 'seat'));
    expect(moveIds(stream.events)).toEqual(next.map((e) => Number(e.id)));
    stream.close();
  });

  it("this copy's own events reach its streams in-process, and not a second time when its NOTIFY comes back", async () => {
    const { gameId } = await startRoomGame(t.http, alice, bob);
    const events = t.app.get(EventsService);
    const heard: TopicEvent[] = [];
    const unsubscribe = events.subscribe(gameTopic(gameId), (e) => heard.push(e));
    try {
      await request(t.http).post(`/api/games/${gameId}/moves`).set(alice.auth).send({ square: 'd3', ply: 0 }).expect(201);
      // Delivered before the answer: no round trip through PostgreSQL.
      expect(heard.map((e) => [e.event, e.id])).toEqual([['move', 1]]);
      // Its NOTIFY has gone out; a marker NOTIFY after it arrives after it on the LISTEN connection.
      await events.drained();
      const marker = gameEvent(gameId, 'seat', { gameId, color: 'white', standIn: false, standInAt: null }, 1);
      await notifyAs('copy-other', [marker]);
      for (let i = 0; i < 500 && heard.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard.map((e) => [e.event, e.id])).toEqual([
        ['move', 1],
        ['seat', 1],
      ]);
    } finally {
      unsubscribe();
    }
  });

  it('a write that lost publishes nothing; a unit of work that rolls back publishes nothing', async () => {
    const { gameId } = await startRoomGame(t.http, alice, bob);
    const events = t.app.get(EventsService);
    const heard: TopicEvent[] = [];
    const unsubscribe = events.subscribe(gameTopic(gameId), (e) => heard.push(e));
    try {
      // The same move ten times at once: one write wins; the others lose (or are answered as retries).
      const service = t.app.get(GamesService);
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => service.playMove(gameId, alice.id, 'd3', 0).catch((err: unknown) => err)));
      expect(outcomes.filter((o) => (o as { created?: boolean }).created === true)).toHaveLength(1);
      expect(heard.map((e) => [e.event, e.id])).toEqual([['move', 1]]);
      await expect(
        t.app.get(Db).transaction(async () => {
          await events.publish(gameEvent(gameId, 'seat', { gameId, color: 'black', standIn: true, standInAt: null }, 1));
          expect(heard).toHaveLength(1); // not before the commit
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(heard.map((e) => [e.event, e.id])).toEqual([['move', 1]]);
    } finally {
      unsubscribe();
    }
  });

  describe('a copy that dies between a commit and its publish', () => {
    const env = (die: 'move' | 'end' | 'game') => ({
      DATABASE_URL: t.db.url,
      JWT_SECRET: TEST_ENV.JWT_SECRET,
      NODE_ENV: 'test',
      OUTFLANK_TEST_DIE_BEFORE_PUBLISH: die,
    });

    it("a watcher on another copy gets the move, and the game's end, within 15 s", async () => {
      // Both copies up first: the game's first-move clock must not run out meanwhile.
      const dying = await startServerProcess(env('move'));
      const ending = await startServerProcess(env('end'));
      const { gameId } = await startRoomGame(t.http, alice, bob);
      const watcher = openSse(`${t.baseUrl}/api/games/${gameId}/events`);
      expect(await watcher.ready).toBe(200);

      // The first move through a copy that dies once it has committed a move, before publishing it.
      const answer = await fetch(`${dying.baseUrl}/api/games/${gameId}/moves`, {
        method: 'POST',
        headers: { ...alice.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ square: 'd3', ply: 0 }),
      }).catch(() => null);
      expect(answer).toBeNull(); // no answer: the copy is gone
      expect((await exitWithin(dying.served, 10_000)).signal).toBe('SIGKILL');
      expect((await t.db.query('SELECT ply FROM games WHERE id = $1', [gameId])).rows[0].ply).toBe(1); // committed
      await watcher.waitFor((e) => moveIds(e).includes(1), 15_000);
      expect(watcher.events.find((e) => e.event === 'move')!.data).toMatchObject({ ply: 0, square: 'd3', game: { ply: 1 } });

      // The rest of the game through this copy, but the move that ends it through a copy that dies before publishing its end.
      let game = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
      let last: { gameId: string; ply: number } | null = null;
      while (game.status === 'active') {
        const position = fromBoardString(game.board, game.toMove);
        const square = legalMoves(position)[0];
        const mover = game.toMove === 'black' ? alice : bob;
        if (playTurn(position, square).finished) {
          const res = await fetch(`${ending.baseUrl}/api/games/${gameId}/moves`, {
            method: 'POST',
            headers: { ...mover.auth, 'Content-Type': 'application/json' },
            body: JSON.stringify({ square: squareName(square), ply: game.ply }),
          }).catch(() => null);
          expect(res).toBeNull();
          last = { gameId, ply: game.ply };
          break;
        }
        game = (await request(t.http).post(`/api/games/${gameId}/moves`).set(mover.auth).send({ square: squareName(square), ply: game.ply }).expect(201)).body.game;
      }
      expect(last).not.toBeNull();
      expect((await exitWithin(ending.served, 10_000)).signal).toBe('SIGKILL');
      const stored = (await t.db.query('SELECT ply, status FROM games WHERE id = $1', [gameId])).rows[0];
      expect(stored.status).toBe('finished');
      await watcher.waitFor((e) => e.some((x) => x.event === 'end'), 15_000);
      // Every ply once, in order, the last one included, then the end with the finished game.
      expect(moveIds(watcher.events)).toEqual(Array.from({ length: stored.ply }, (_, i) => i + 1));
      const end = watcher.events[watcher.events.length - 1];
      expect(end).toMatchObject({ event: 'end', id: String(stored.ply), data: { id: gameId, status: 'finished' } });
      await watcher.ended;
    }, 120_000);

    it("a player's own stream on another copy gets the event of a join whose copy died before publishing it, within 15 s", async () => {
      const dying = await startServerProcess(env('game'));
      const mine = openSse(`${t.baseUrl}/api/me/events`, alice.auth);
      expect(await mine.ready).toBe(200);
      const room = (await request(t.http).post('/api/rooms').set(alice.auth).send({}).expect(201)).body;
      // Bob joins through a copy that dies once the game has started, before publishing its `game` events.
      const joined = await fetch(`${dying.baseUrl}/api/rooms/${room.code}/join`, {
        method: 'POST',
        headers: { ...bob.auth, 'Content-Type': 'application/json' },
        body: '{}',
      }).catch(() => null);
      expect(joined).toBeNull();
      expect((await exitWithin(dying.served, 10_000)).signal).toBe('SIGKILL');
      const started = (await t.db.query('SELECT id FROM games WHERE room_code = $1', [room.code])).rows;
      expect(started).toHaveLength(1);
      await mine.waitFor((e) => e.some((x) => x.event === 'game'), 15_000);
      const games = mine.events.filter((e) => e.event === 'game');
      expect(games).toHaveLength(1);
      expect(games[0].data).toMatchObject({ id: started[0].id, status: 'active' });
      expect(Number(games[0].id)).toBeGreaterThan(0); // its stored id: a reconnect resumes after it
      mine.close();
    }, 120_000);
  });
});
