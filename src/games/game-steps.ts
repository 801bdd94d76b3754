import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Db } from '../database/db.js';
import { gameEvent, type TopicEvent } from '../events/event-map.js';
import { EventsService } from '../events/events.service.js';
import { RatingsService } from '../ratings/ratings.service.js';
import type { Progress } from './domain/game.js';
import * as rules from './domain/transitions.js';
import type { GameDto } from './dto/game.dto.js';
import { GameCache } from './game-cache.js';
import { openingSquaresAfter, openingToStore, toGameDto, toMoveDto } from './game-view.js';
import { GamesRepository, OPENING_RECORDS, type LoadedGame, type VersionedGame } from './games.repository.js';

/**
 * The reads and writes of a game's steps, and what this copy holds of the games in play
 * (GameCache): a step is written conditionally on the row's version it was decided on, a rated
 * game's end rates both players in the same transaction, and the step's events go out after the
 * commit, each with the game it announces. GamesService decides the steps.
 */
@Injectable()
export class GameSteps {
  /**
   * The view a step's events carried, by the game after the step: the move's answer is the same
   * game, so it is not built a second time (legal moves, clocks, opening name, dates).
   */
  private readonly published = new WeakMap<LoadedGame, GameDto>();

  constructor(
    private readonly db: Db,
    private readonly repo: GamesRepository,
    private readonly cache: GameCache,
    private readonly ratings: RatingsService,
    private readonly events: EventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The game as this copy last knew it, if it holds it: a move may be decided on it (see write). */
  held(gameId: string): VersionedGame | undefined {
    return this.cache.get(gameId);
  }

  /** The game's answer: the view its step's events carried, when it has one. */
  view(loaded: LoadedGame): GameDto {
    return this.published.get(loaded) ?? toGameDto(loaded);
  }

  /**
   * Writes one step, conditional on the game's row being at the version it was decided on: a single
   * statement, or for a rated game's end one transaction that also rates both players. Returns the
   * game after it (the seats' public fields as the write read them), or null when a concurrent step
   * or another write of the row won (the copy then no longer holds the game).
   */
  async write(loaded: VersionedGame, step: Progress, dueBy?: Date): Promise<VersionedGame | null> {
    const after: LoadedGame = { ...loaded, game: step.game, openingSquares: openingSquaresAfter(loaded, step.records) };
    // The name goes on the row in the step's own write, so reads of the game need not replay its first moves.
    const opening = openingToStore(after);
    if (opening) after.openingId = opening.id;
    const rated = rules.ratedResult(step.game);
    if (!rated || step.origin.status !== 'active') {
      const written = await this.repo.writeStep(step, loaded.version, { dueBy, opening });
      if (!written) return this.lost(step.game.id); // nothing to publish
      const fresh: VersionedGame = { ...after, ...written };
      this.remember(fresh);
      // After the commit (of the caller's unit of work, if any): never inside the write.
      await this.events.publishAll(this.notifications(fresh, step));
      return fresh;
    }
    return this.db.transaction(async () => {
      const written = await this.repo.writeStep(step, loaded.version, { dueBy, opening });
      if (!written) return this.lost(step.game.id);
      this.cache.drop(step.game.id); // over: no move comes any more
      const g = step.game;
      const loser = rules.gaveUp(g);
      if (loser && rules.cheapWin(await this.repo.ownMoves(g.id, loser), this.config.fairPlay.ratedMinLoserMoves)) {
        await this.repo.voidRating(g.id);
        const voided: VersionedGame = { ...after, ...written };
        await this.events.publishAll(this.notifications(voided, step));
        return voided;
      }
      const deltas = await this.ratings.applyGameResult({
        gameId: g.id,
        blackId: g.blackId,
        whiteId: g.whiteId,
        winner: rated.winner,
        finishedAt: g.finishedAt!,
      });
      await this.repo.setRatingChanges(g.id, deltas.black, deltas.white);
      const ratedGame: VersionedGame = {
        game: { ...g, blackRatingChange: deltas.black, whiteRatingChange: deltas.white },
        black: { ...written.black, rating: deltas.steps.black.rating, rd: deltas.steps.black.rd },
        white: { ...written.white, rating: deltas.steps.white.rating, rd: deltas.steps.white.rd },
        ratings: deltas.steps,
        openingSquares: after.openingSquares,
        openingId: after.openingId,
        version: written.version,
      };
      await this.events.publishAll(this.notifications(ratedGame, step));
      return ratedGame;
    });
  }

  /**
   * The step's events. Each carries the state it announces: a move record (event id = the game's
   * ply after it) and a seat change come with the game after the step, the end with the finished
   * game, so a client holding the game before the step needs no request.
   */
  private notifications(after: LoadedGame, step: Progress): TopicEvent[] {
    const id = after.game.id;
    const game = toGameDto(after);
    this.published.set(after, game);
    return step.events.map((e): TopicEvent => {
      if (e.type === 'move') return gameEvent(id, 'move', { ...toMoveDto(e.record), game }, e.record.ply + 1);
      if (e.type === 'seat') return gameEvent(id, 'seat', { gameId: id, color: e.color, standIn: e.standIn, standInAt: game.standInAt, game }, step.origin.ply);
      return gameEvent(id, 'end', game, after.game.ply);
    });
  }

  /** Reads a game for a step (this copy holds it from then on, while it is in play). */
  async read(gameId: string): Promise<VersionedGame | null> {
    const loaded = await this.repo.load(gameId);
    if (loaded) this.remember(loaded);
    else this.cache.drop(gameId);
    return loaded;
  }

  /**
   * Holds a game as a read or a write left it, once that is committed (a state a unit of work
   * rolls back must never be held: its version would come again with another state); a game
   * over is let go at once.
   */
  private remember(loaded: VersionedGame): void {
    if (loaded.game.status !== 'active') return this.cache.drop(loaded.game.id);
    // As the move path's read would find it: past the first moves, the stored name without the squares.
    const held = loaded.openingSquares && loaded.openingId !== undefined && loaded.game.ply >= OPENING_RECORDS ? { ...loaded, openingSquares: undefined } : loaded;
    this.db.afterCommit(() => this.cache.put(held));
  }

  /** A write that found the row changed: this copy no longer knows the game. */
  private lost(gameId: string): null {
    this.cache.drop(gameId);
    return null;
  }
}
