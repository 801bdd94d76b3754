import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { fromBoardString, legalMoves, squareName } from '../../src/engine/index.js';
import { GamesService } from '../../src/games/games.service.js';
import { TestPlayer } from './players.js';

/** A room made by `host`, joined by `guest`: its first game has started (host plays Black). */
export async function startRoomGame(http: any, host: TestPlayer, guest: TestPlayer, settings: Record<string, unknown> = {}) {
  const created = await request(http).post('/api/rooms').set(host.auth).send(settings);
  if (created.status !== 201) throw new Error(`create room: ${created.status} ${JSON.stringify(created.body)}`);
  const joined = await request(http).post(`/api/rooms/${created.body.code}/join`).set(guest.auth).send({});
  if (joined.status !== 200) throw new Error(`join room: ${joined.status} ${JSON.stringify(joined.body)}`);
  return { code: created.body.code as string, gameId: joined.body.gameId as string, room: joined.body };
}

/** Both players make their first move (the engine's first legal square each): the game is under way. */
export async function playOpening(http: any, gameId: string, black: TestPlayer, white: TestPlayer) {
  let game = (await request(http).get(`/api/games/${gameId}`)).body;
  for (const p of [black, white]) {
    const square = squareName(legalMoves(fromBoardString(game.board, game.toMove))[0]);
    const res = await request(http).post(`/api/games/${gameId}/moves`).set(p.auth).send({ square, ply: game.ply });
    if (res.status !== 201) throw new Error(`opening move: ${res.status} ${JSON.stringify(res.body)}`);
    game = res.body.game;
  }
  return game;
}

/** Plays `squares` through the API, whoever is to move; returns the game after them. */
export async function playSquares(http: any, gameId: string, black: TestPlayer, white: TestPlayer, squares: string[]) {
  let game = (await request(http).get(`/api/games/${gameId}`)).body;
  for (const square of squares) {
    const mover = game.toMove === 'black' ? black : white;
    const res = await request(http).post(`/api/games/${gameId}/moves`).set(mover.auth).send({ square, ply: game.ply });
    if (res.status !== 201) throw new Error(`move ${square}: ${res.status} ${JSON.stringify(res.body)}`);
    game = res.body.game;
  }
  return game;
}

/**
 * A ranked (rated) game between two players, as the ranked queue makes it, created through the
 * app's GamesService (tests of ratings need a given pairing, not the queue's choice).
 */
export async function startRankedGame(
  app: INestApplication,
  black: TestPlayer,
  white: TestPlayer,
  turnSeconds: number | null = null,
  clock: { baseSeconds: number; incrementSeconds: number } | null = null,
) {
  const games = app.get(GamesService);
  const game = await games.createGame({ roomId: null, roomCode: null, rated: true, turnSeconds, clock, showLegalMoves: true, blackId: black.id, whiteId: white.id });
  return { gameId: game.id };
}
