import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Clock } from '../../src/common/clock.js';
import { fromBoardString, legalMoves, squareName } from '../../src/engine/index.js';
import { DeadlineSweeper } from '../../src/games/deadline-sweeper.js';
import { PresenceService } from '../../src/games/presence.service.js';
import { verifyRatings } from '../../src/cli/ratings-cli.js';
import { playOpening, startRankedGame, startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

/**
 * The game-side fair-play rules (issue: ratings that cannot be farmed), each exploit replayed
 * against the real app on real PostgreSQL. The app's Clock is moved forward instead of sleeping.
 */
describe('fair play in games', () => {
  let t: TestApp;
  let clock: Clock;
  let sweeper: DeadlineSweeper;
  beforeAll(async () => {
    t = await startTestApp({ FIRST_MOVE_SECONDS: '30', CPU_TAKEOVER_SECONDS: '60', IDLE_TURN_SECONDS: '300' });
    clock = t.app.get(Clock);
    sweeper = t.app.get(DeadlineSweeper);
  });
  afterAll(async () => {
    await t.close();
  });

  const game = async (id: string) => (await request(t.http).get(`/api/games/${id}`).expect(200)).body;
  const profile = async (p: TestPlayer) => (await request(t.http).get(`/api/players/${p.username}`).expect(200)).body;
  const pair = async () => [await registerPlayer(t.http), await registerPlayer(t.http)] as const;

  /** Moves the app's clock forward and fires what is due. */
  async function passTime(seconds: number): Promise<void> {
    clock.advance(seconds * 1000);
    await sweeper.sweep();
  }

  async function move(id: string, p: TestPlayer) {
    const g = await game(id);
    const square = squareName(legalMoves(fromBoardString(g.board, g.toMove))[0]);
    return request(t.http).post(`/api/games/${id}/moves`).set(p.auth).send({ square, ply: g.ply }).expect(201);
  }

  it('nobody moves in a ranked 30-s game: aborted at the first-move deadline, never played out CPU against CPU, unrated', async () => {
    const [a, b] = await pair();
    const { gameId } = await startRankedGame(t.app, a, b, 30);
    await passTime(29);
    expect((await game(gameId)).status).toBe('active');
    await passTime(2);
    const g = await game(gameId);
    expect(g).toMatchObject({ status: 'aborted', toMove: null, result: { winner: null, reason: 'aborted', ratingChanges: null } });
    expect(g.black.standIn).toBe(false);
    expect(g.white.standIn).toBe(false);
    expect((await request(t.http).get(`/api/games/${gameId}/moves`).expect(200)).body.moves).toEqual([]);
    expect(await profile(a)).toMatchObject({ rating: 1500, games: 0 });
  });

  it('White never makes a first move: aborted, and Black is not rated for it', async () => {
    const [a, b] = await pair();
    const { gameId } = await startRankedGame(t.app, a, b);
    await move(gameId, a);
    const before = await game(gameId);
    expect(new Date(before.turnDeadline).getTime() - clock.now().getTime()).toBeLessThanOrEqual(30_000);
    await passTime(31);
    expect((await game(gameId)).result).toMatchObject({ reason: 'aborted', ratingChanges: null });
    expect(await profile(a)).toMatchObject({ games: 0 });
  });

  it('abort: either player before both have moved; TOO_LATE_TO_ABORT after; outsiders 403; a repeat is 200', async () => {
    const [a, b] = await pair();
    const outsider = await registerPlayer(t.http);
    const { gameId } = await startRankedGame(t.app, a, b);
    await move(gameId, a);
    expect((await request(t.http).post(`/api/games/${gameId}/abort`).set(outsider.auth).send({}).expect(403)).body.code).toBe('FORBIDDEN');
    const aborted = await request(t.http).post(`/api/games/${gameId}/abort`).set(a.auth).send({}).expect(200);
    expect(aborted.body).toMatchObject({ status: 'aborted', result: { reason: 'aborted', winner: null, ratingChanges: null } });
    await request(t.http).post(`/api/games/${gameId}/abort`).set(a.auth).send({}).expect(200);
    expect((await request(t.http).post(`/api/games/${gameId}/moves`).set(b.auth).send({ square: 'c5', ply: 1 }).expect(409)).body.code).toBe('GAME_OVER');

    const { gameId: second } = await startRankedGame(t.app, a, b);
    await playOpening(t.http, second, a, b);
    const late = await request(t.http).post(`/api/games/${second}/abort`).set(b.auth).send({}).expect(409);
    expect(late.body.code).toBe('TOO_LATE_TO_ABORT');
    expect((await game(second)).status).toBe('active');
  });

  it('the farm: resigning before both have moved aborts, nine times over, and no rating moves', async () => {
    const [main, farm] = await pair();
    for (let i = 0; i < 9; i++) {
      const { gameId } = await startRankedGame(t.app, i % 2 ? main : farm, i % 2 ? farm : main);
      const res = await request(t.http).post(`/api/games/${gameId}/resign`).set(farm.auth).send({}).expect(200);
      expect(res.body).toMatchObject({ status: 'aborted', result: { reason: 'aborted', ratingChanges: null } });
    }
    expect(await profile(main)).toMatchObject({ rating: 1500, rd: 350, games: 0, rank: null });
    expect(await profile(farm)).toMatchObject({ rating: 1500, games: 0 });
  });

  it('a player who leaves mid-game abandons it: the CPU stands in, and at the end they lose whatever the board says', async () => {
    const [stays, leaves] = await pair();
    const { gameId } = await startRankedGame(t.app, stays, leaves, 30);
    await playOpening(t.http, gameId, stays, leaves);
    await move(gameId, stays);
    await passTime(31); // White is gone: the CPU stands in and plays
    let g = await game(gameId);
    expect(g.white.standIn).toBe(true);
    expect(g.toMove).toBe('black');
    // Black plays on to the end; the CPU answers each move.
    for (let guard = 0; guard < 80 && g.status === 'active'; guard++) {
      const square = squareName(legalMoves(fromBoardString(g.board, g.toMove))[0]);
      g = (await request(t.http).post(`/api/games/${gameId}/moves`).set(stays.auth).send({ square, ply: g.ply }).expect(201)).body.game;
    }
    expect(g).toMatchObject({ status: 'finished', result: { winner: 'black', reason: 'abandoned' } });
    expect(g.result.ratingChanges.black).toBeGreaterThan(0);
    expect(g.result.ratingChanges.white).toBeLessThan(0);
    expect(await profile(leaves)).toMatchObject({ games: 1, losses: 1 });
    const moves = (await request(t.http).get(`/api/games/${gameId}/moves`).expect(200)).body.moves;
    expect(moves.filter((m: { by: string }) => m.by === 'cpu').length).toBeGreaterThan(0);
  });

  it('both players gone: the CPU never plays both seats; the game is aborted', async () => {
    const [a, b] = await pair();
    const { gameId } = await startRankedGame(t.app, a, b, 30);
    await playOpening(t.http, gameId, a, b);
    await passTime(31); // Black gone: stand-in, the CPU moves for Black
    expect((await game(gameId)).black.standIn).toBe(true);
    await passTime(31); // White gone too
    expect((await game(gameId)).result).toMatchObject({ reason: 'aborted', ratingChanges: null });
  });

  it('a returning player takes the seat back in time and plays on normally', async () => {
    const [a, b] = await pair();
    const { gameId } = await startRankedGame(t.app, a, b, 30);
    await playOpening(t.http, gameId, a, b);
    await passTime(31);
    expect((await game(gameId)).black.standIn).toBe(true);
    const back = await request(t.http).post(`/api/games/${gameId}/seat`).set(a.auth).send({}).expect(200);
    expect(back.body.black.standIn).toBe(false);
  });

  it('a stand-in whose reply was never written (a crash between a move and the reply) plays when its turn time is up', async () => {
    const [a, b] = await pair();
    const { gameId } = await startRankedGame(t.app, a, b, 30);
    await playOpening(t.http, gameId, a, b);
    // As a crash would leave it: White's seat held by the CPU, White to move, no reply written.
    await move(gameId, a);
    await t.db.query('UPDATE games SET white_stand_in = true WHERE id = $1', [gameId]);
    expect((await game(gameId)).toMove).toBe('white');
    await passTime(31);
    const g = await game(gameId);
    expect(g.toMove).toBe('black');
    const moves = (await request(t.http).get(`/api/games/${gameId}/moves`).expect(200)).body.moves;
    expect(moves.at(-1)).toMatchObject({ color: 'white', by: 'cpu' });
  });

  it('stalling: with no turn limit, an open stream (presence) keeps the CPU away only up to IDLE_TURN_SECONDS', async () => {
    const [staller, waiting] = await pair();
    const { gameId } = await startRankedGame(t.app, staller, waiting);
    await playOpening(t.http, gameId, staller, waiting);
    const presence = t.app.get(PresenceService);
    // The staller is "present" all along (what an open stream's heartbeats do), every 50 s.
    for (let s = 0; s < 250; s += 50) {
      presence.mark(gameId, staller.id);
      await presence.flush();
      await passTime(50);
      expect((await game(gameId)).black.standIn).toBe(false);
    }
    presence.mark(gameId, staller.id);
    await presence.flush();
    await passTime(51); // 301 s since the turn began
    const g = await game(gameId);
    expect(g.black.standIn).toBe(true);
    expect(g.toMove).toBe('white');
  });

  it('rooms stay friendly: a room game that ends is never rated', async () => {
    const [a, b] = await pair();
    const { gameId } = await startRoomGame(t.http, a, b);
    await playOpening(t.http, gameId, a, b);
    const end = await request(t.http).post(`/api/games/${gameId}/resign`).set(b.auth).send({}).expect(200);
    expect(end.body).toMatchObject({ rated: false, result: { reason: 'resign', ratingChanges: null } });
  });

  it('ratings verify passes after all of it', async () => {
    const report = await verifyRatings(t.db.url, t.config);
    expect(report.discrepancies).toEqual([]);
    expect(report.games).toBeGreaterThan(0);
  });
});
