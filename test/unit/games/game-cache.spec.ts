import { describe, expect, it } from '@jest/globals';
import { Clock } from '../../../src/common/clock.js';
import type { AppConfig } from '../../../src/config/config.js';
import type { Db } from '../../../src/database/db.js';
import { parseSquare } from '../../../src/engine/index.js';
import type { EngineService } from '../../../src/engine-service/engine.service.js';
import type { EventsService } from '../../../src/events/events.service.js';
import type { GameRules, GameState, Progress } from '../../../src/games/domain/game.js';
import * as rules from '../../../src/games/domain/transitions.js';
import { GameCache } from '../../../src/games/game-cache.js';
import type { SeatPlayer, VersionedGame } from '../../../src/games/game-rows.js';
import type { GameListsRepository } from '../../../src/games/game-lists.repository.js';
import { GameSteps } from '../../../src/games/game-steps.js';
import type { GamesRepository } from '../../../src/games/games.repository.js';
import { GamesService } from '../../../src/games/games.service.js';
import type { MetricsService } from '../../../src/metrics/metrics.service.js';
import type { RatingsService } from '../../../src/ratings/ratings.service.js';

const NOW = new Date('2030-01-01T00:00:00Z');
const R: GameRules = { now: NOW, cpuTakeoverSeconds: 60, firstMoveSeconds: 30, idleTurnSeconds: 300, rankedStandInMoves: 2 };
const sq = (s: string) => parseSquare(s)!;

const seat = (id: string, username: string): SeatPlayer => ({ id, username, rating: 1500, guest: false, rd: 200 });

function freshGame(id = crypto.randomUUID()): GameState {
  return rules.newGame({ id, roomId: null, roomCode: null, rated: false, turnSeconds: null, showLegalMoves: true, blackId: 'b', whiteId: 'w' }, R);
}

const held = (game: GameState, version: number): VersionedGame => ({ game, black: seat('b', 'bo'), white: seat('w', 'wi'), ratings: null, openingSquares: [], version });

/** The game after `squares` from the start, each move a step of the domain (Black first). */
function played(game: GameState, squares: string[]): GameState {
  let g = game;
  for (const s of squares) {
    const step = rules.playMove(g, { playerId: g.toMove === 'black' ? 'b' : 'w', square: sq(s), ply: g.ply }, R);
    if ('kind' in step) throw new Error(`${s} refused`);
    g = step.game;
  }
  return g;
}

describe('GameCache: bounded, least recently used out, only games in play, never an older version', () => {
  it('holds at most its capacity, letting the least recently used go first (a get uses it)', () => {
    const cache = new GameCache(3);
    const [a, b, c, d] = [freshGame(), freshGame(), freshGame(), freshGame()];
    for (const g of [a, b, c]) cache.put(held(g, 0));
    expect(cache.get(a.id)?.game.id).toBe(a.id); // a is now the most recently used
    cache.put(held(d, 0));
    expect(cache.size).toBe(3);
    expect(cache.get(b.id)).toBeUndefined(); // b was the least recently used
    expect([a, c, d].map((g) => cache.get(g.id)?.game.id)).toEqual([a.id, c.id, d.id]);
  });

  it('drops a game that is over, and never holds one', () => {
    const cache = new GameCache(10);
    const g = freshGame();
    cache.put(held(g, 3));
    const over = rules.abort(g, 'b', R)!.game;
    cache.put(held(over, 4));
    expect(cache.get(g.id)).toBeUndefined();
    cache.put(held(over, 5));
    expect(cache.size).toBe(0);
  });

  it('ignores an older version than the one held (a read answered after a write), takes a newer one', () => {
    const cache = new GameCache(10);
    const g = freshGame();
    const later = played(g, ['d3']);
    cache.put(held(later, 5));
    cache.put(held(g, 4));
    expect(cache.get(g.id)?.version).toBe(5);
    expect(cache.get(g.id)?.game.ply).toBe(1);
    cache.put(held(played(later, ['c3']), 6));
    expect(cache.get(g.id)?.version).toBe(6);
    cache.drop(g.id);
    expect(cache.get(g.id)).toBeUndefined();
  });

  it('follows a presence write only from the version just before it', () => {
    const cache = new GameCache(10);
    const g = played(freshGame(), ['d3', 'c3']);
    cache.put(held(g, 2));
    const pushed = new Date(NOW.getTime() + 600_000);
    cache.touched(g.id, 4, pushed); // the row moved on twice: left alone (its next write fails)
    expect(cache.get(g.id)).toMatchObject({ version: 2, game: { takeoverAt: g.takeoverAt } });
    cache.touched(g.id, 3, pushed);
    expect(cache.get(g.id)).toMatchObject({ version: 3, game: { takeoverAt: pushed, ply: 2, board: g.board } });
  });
});

/**
 * The database as far as the move path sees it: one row per game with its version, the write
 * conditional on it as GamesRepository.writeStep's statement is (the real one is tested against
 * PostgreSQL in test/integration/games.repository.spec.ts and the e2e tests).
 */
function fakeRepository() {
  const rows = new Map<string, { game: GameState; version: number }>();
  const calls: string[] = [];
  const repo = {
    rows,
    calls,
    async load(id: string): Promise<VersionedGame | null> {
      calls.push('load');
      const row = rows.get(id);
      return row ? held(row.game, row.version) : null;
    },
    async writeStep(step: Progress, version: number) {
      calls.push(`step@${version}`);
      const row = rows.get(step.game.id);
      if (!row || row.version !== version || row.game.ply !== step.origin.ply || row.game.status !== 'active') return null;
      rows.set(step.game.id, { game: step.game, version: version + 1 });
      return { version: version + 1, black: seat('b', 'bo'), white: seat('w', 'wi') };
    },
    async recordAt(): Promise<null> {
      return null;
    },
  };
  return repo;
}

function service(repo: ReturnType<typeof fakeRepository>, cache: GameCache): GamesService {
  const db = { afterCommit: (hook: () => void) => hook(), transaction: <T>(work: () => Promise<T>) => work() } as unknown as Db;
  const counter = { inc: () => undefined, observe: () => undefined };
  const metrics = { playedMoveLatency: counter, playerMoves: counter, cpuMoves: counter, moves: counter } as unknown as MetricsService;
  const events = { publishAll: async () => undefined } as unknown as EventsService;
  const clock = { now: () => NOW } as Clock;
  const config = { cpuTakeoverSeconds: 60, firstMoveSeconds: 30, idleTurnSeconds: 300, fairPlay: { rankedStandInMoves: 2, ratedMinLoserMoves: 0 } } as unknown as AppConfig;
  const steps = new GameSteps(db, repo as unknown as GamesRepository, cache, {} as RatingsService, events, config);
  return new GamesService(db, steps, repo as unknown as GamesRepository, {} as GameListsRepository, {} as EngineService, clock, metrics, config);
}

describe('GamesService on the games it holds', () => {
  it('a move on a held game is one write, no read; the cache follows the write', async () => {
    const repo = fakeRepository();
    const cache = new GameCache(10);
    const games = service(repo, cache);
    const g = freshGame();
    repo.rows.set(g.id, { game: g, version: 0 });
    await games.playMove(g.id, 'b', 'd3', 0); // not held yet: read, then write
    expect(repo.calls).toEqual(['load', 'step@0']);
    repo.calls.length = 0;
    const outcome = await games.playMove(g.id, 'w', 'c3', 1);
    expect(repo.calls).toEqual(['step@1']);
    expect(outcome.game.ply).toBe(2);
    expect(cache.get(g.id)).toMatchObject({ version: 2, game: { ply: 2 } });
  });

  it('a stale entry (another copy moved the game on) is refused by the write, dropped, read again, and the move decided on the game as read', async () => {
    const repo = fakeRepository();
    const cache = new GameCache(10);
    const games = service(repo, cache);
    const g = freshGame();
    repo.rows.set(g.id, { game: g, version: 0 });
    await games.playMove(g.id, 'b', 'd3', 0);
    // Another copy plays White's c3 and Black's c4: this copy still holds ply 1.
    repo.rows.set(g.id, { game: played(g, ['d3', 'c3', 'c4']), version: 3 });
    repo.calls.length = 0;
    // White answers at ply 3: on the held game (ply 1) the domain says "not yet"; the copy reads and plays it.
    const outcome = await games.playMove(g.id, 'w', 'e3', 3);
    expect(repo.calls).toEqual(['load', 'step@3']);
    expect(outcome).toMatchObject({ created: true, game: { ply: 4 } });
    expect(repo.rows.get(g.id)!.game.board).toBe(played(g, ['d3', 'c3', 'c4', 'e3']).board);

    // Stale again, this time in a way the domain accepts on the held game (same ply, another row version):
    // the write is refused, and the move decided again on the row as read.
    const current = repo.rows.get(g.id)!;
    repo.rows.set(g.id, { game: { ...current.game, blackTakeovers: 1 }, version: current.version + 1 });
    repo.calls.length = 0;
    const next = await games.playMove(g.id, 'b', 'f3', 4);
    expect(repo.calls).toEqual([`step@${current.version}`, 'load', `step@${current.version + 1}`]);
    expect(next.game.ply).toBe(5);
    // What the write carried over is the row's, not the held game's.
    expect(repo.rows.get(g.id)!.game.blackTakeovers).toBe(1);
    expect(cache.get(g.id)?.version).toBe(current.version + 2);
  });

  it('a refusal is never answered from the held game: the game is read, and the answer is the read one\'s', async () => {
    const repo = fakeRepository();
    const cache = new GameCache(10);
    const games = service(repo, cache);
    const g = freshGame();
    repo.rows.set(g.id, { game: g, version: 0 });
    await games.playMove(g.id, 'b', 'd3', 0);
    repo.rows.set(g.id, { game: played(g, ['d3', 'c3']), version: 2 });
    repo.calls.length = 0;
    // White moves again at ply 1: against the row (ply 2) that is a stale request, whose error carries the game as it is.
    const err = await games.playMove(g.id, 'w', 'e3', 1).then(
      () => null,
      (e: unknown) => e as { code: string; details: { game: { ply: number } } },
    );
    expect(err).toMatchObject({ code: 'STALE_PLY', details: { game: { ply: 2 } } });
    expect(repo.calls).toEqual(['step@1', 'load']);
  });
});
