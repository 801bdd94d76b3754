import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { fromBoardString, legalMoves, squareName } from '../../src/engine/index.js';
import { GameCache } from '../../src/games/game-cache.js';
import { toGameDto } from '../../src/games/game-view.js';
import { GamesRepository } from '../../src/games/games.repository.js';
import { PresenceService } from '../../src/games/presence.service.js';
import { playOpening, startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TEST_ENV, TestApp } from '../support/app.js';
import { type AckedMove, expectStoredGamesConsistent } from '../support/game-replay.js';
import { startServerProcess } from '../support/server-process.js';

/**
 * A copy decides a move on the game as it last knew it (GameCache) and writes it on the condition
 * that the row is still at that version. Here the game it holds is stale on purpose: another copy
 * moved it on, or another writer changed the row without changing its ply, its status or its seats.
 * Every move must still be answered and stored exactly as a read of the game would make it.
 */
describe('moves on the game a copy holds, when the row changed under it', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof startServerProcess>>;
  let repo: GamesRepository;
  let cache: GameCache;

  beforeAll(async () => {
    a = await startTestApp();
    b = await startServerProcess({ DATABASE_URL: a.db.url, JWT_SECRET: TEST_ENV.JWT_SECRET });
    repo = a.app.get(GamesRepository);
    cache = a.app.get(GameCache);
  }, 120_000);
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  });

  /** The answer a move must give: the game as a fresh read finds it after the write (JSON, as sent). */
  const asRead = async (gameId: string) => JSON.parse(JSON.stringify(toGameDto((await repo.load(gameId))!)));
  const versionOf = async (gameId: string) => (await a.db.query('SELECT version FROM games WHERE id = $1', [gameId])).rows[0].version as number;

  async function moveOn(base: string, gameId: string, player: TestPlayer, square: string, ply: number) {
    const res = await fetch(`${base}/api/games/${gameId}/moves`, {
      method: 'POST',
      headers: { ...player.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ square, ply }),
    });
    const body = await res.json();
    expect({ status: res.status, square, ply }).toEqual({ status: 201, square, ply });
    return body as { game: any; move: any };
  }

  it('two copies move one game alternately (Black through this one, White through the other): every move right, none lost', async () => {
    const [black, white] = [await registerPlayer(a.http), await registerPlayer(a.http)];
    // A turn limit: presence never moves the takeover (the next test has that), so a read right after a move finds what it wrote.
    const { gameId } = await startRoomGame(a.http, black, white, { turnSeconds: 60 });
    let game = (await request(a.http).get(`/api/games/${gameId}`).expect(200)).body;
    expect(game.black.player.id).toBe(black.id);
    const acked: AckedMove[] = [];
    let staleHeld = 0;
    for (let i = 0; game.status === 'active'; i++) {
      const color: 'black' | 'white' = game.toMove;
      const moves = legalMoves(fromBoardString(game.board, color));
      const square = squareName(moves[(i * 7) % moves.length]);
      if (color === 'black') {
        // This copy's held game (its own last write) is behind the row whenever the other copy moved since.
        const held = cache.get(gameId);
        if (held && held.version < (await versionOf(gameId))) staleHeld++;
      }
      const answer = await moveOn(color === 'black' ? a.baseUrl : b.baseUrl, gameId, color === 'black' ? black : white, square, game.ply);
      acked.push({ gameId, ply: game.ply, square });
      expect(answer.game).toEqual(await asRead(gameId));
      game = answer.game;
    }
    expect(staleHeld).toBeGreaterThan(10);
    // This copy may still hold the game as its last write left it, when the other copy ended it. A
    // move sent here is refused as the game as it is says: over (the held game is never the answer).
    const over = await fetch(`${a.baseUrl}/api/games/${gameId}/moves`, {
      method: 'POST',
      headers: { ...black.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ square: 'a1', ply: game.ply }),
    });
    const refused = (await over.json()) as { code?: string; details?: { game?: unknown } };
    expect({ status: over.status, code: refused.code, game: refused.details?.game }).toEqual({ status: 409, code: 'GAME_OVER', game: await asRead(gameId) });
    expect(cache.get(gameId)).toBeUndefined(); // over: let go
    await expectStoredGamesConsistent((sql, params) => a.db.query(sql, params), acked, [gameId]);
  }, 120_000);

  it('a write that changes no ply, status or seat (a takeover and the seat taken back, a presence write, a rating) between two moves: the held game is not trusted for it', async () => {
    const [black, white] = [await registerPlayer(a.http), await registerPlayer(a.http)];
    const { gameId } = await startRoomGame(a.http, black, white, { clock: '5+3' });
    let game = await playOpening(a.http, gameId, black, white);
    const next = (g: any) => squareName(legalMoves(fromBoardString(g.board, g.toMove))[0]);
    const presence = a.app.get(PresenceService);
    // Presence marks (each move's, the seat request's) are written now, not by the timer between a move and the read that checks it.
    const move = async (player: TestPlayer, g: any) => {
      await presence.flush();
      return moveOn(a.baseUrl, gameId, player, next(g), g.ply);
    };
    expect(cache.get(gameId)?.game.ply).toBe(2); // this copy wrote both first moves: it holds the game

    // Another copy stood in for Black and Black took the seat back, at the same ply: the seats are as
    // they were, but the takeover is counted and the clock charged. The held game knows neither.
    const before = (await a.db.query('SELECT black_clock_ms, black_takeovers FROM games WHERE id = $1', [gameId])).rows[0];
    await a.db.query('UPDATE games SET black_takeovers = black_takeovers + 1, black_clock_ms = black_clock_ms - 5000 WHERE id = $1', [gameId]);
    let answer = await move(black, game);
    expect(answer.game).toEqual(await asRead(gameId));
    const after = (await a.db.query('SELECT black_clock_ms, black_takeovers FROM games WHERE id = $1', [gameId])).rows[0];
    expect(after.black_takeovers).toBe(before.black_takeovers + 1);
    // The move charged the clock the row had (less the 5 s), plus the 3 s increment: never the held one's.
    expect(after.black_clock_ms).toBeLessThanOrEqual(before.black_clock_ms - 5000 + 3000);
    game = answer.game;

    // White is here (this copy writes it): the takeover moves on, and the held game follows that write.
    await presence.flush();
    const takeoverBefore = (await a.db.query('SELECT takeover_at FROM games WHERE id = $1', [gameId])).rows[0].takeover_at as Date;
    await request(a.http).post(`/api/games/${gameId}/seat`).set(white.auth).send({}).expect(200);
    await presence.flush();
    const touched = (await a.db.query('SELECT takeover_at, version FROM games WHERE id = $1', [gameId])).rows[0];
    expect(touched.takeover_at.getTime()).toBeGreaterThan(takeoverBefore.getTime());
    expect(cache.get(gameId)).toMatchObject({ version: touched.version, game: { takeoverAt: touched.takeover_at } });
    answer = await move(white, game);
    expect(answer.game).toEqual(await asRead(gameId));
    game = answer.game;

    // The same written by another copy (this one does not follow it), and White's rating changed by
    // another game of theirs: the answer shows the row and the rating as they are.
    await a.db.query('UPDATE players SET rating = 1234.5 WHERE id = $1', [white.id]);
    await presence.flush();
    await a.db.query(`UPDATE games SET takeover_at = takeover_at + interval '5 seconds' WHERE id = $1`, [gameId]);
    answer = await moveOn(a.baseUrl, gameId, black, next(game), game.ply);
    expect(answer.game).toEqual(await asRead(gameId));
    expect(answer.game.white.player.rating).toBe(1234.5);
    game = answer.game;

    // And with nothing changed since: the held game is the row, and the answer the same as a read's.
    await presence.flush();
    expect(cache.get(gameId)?.version).toBe(await versionOf(gameId));
    answer = await moveOn(a.baseUrl, gameId, white, next(game), game.ply);
    expect(answer.game).toEqual(await asRead(gameId));
  }, 60_000);
});
