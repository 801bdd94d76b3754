import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../common/clock.js';
import { AppError, notFound } from '../common/errors.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Db } from '../database/db.js';
import { EngineService } from '../engine-service/engine.service.js';
import { parseSquare } from '../engine/index.js';
import { gameEvent, type TopicEvent } from '../events/event-map.js';
import { EventsService } from '../events/events.service.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { RatingsService } from '../ratings/ratings.service.js';
import { seatOf, type GameRules, type GameState, type NewGameSpec, type Progress } from './domain/game.js';
import * as rules from './domain/transitions.js';
import { asAppError } from './rule-errors.js';
import type { GameDto, MoveDto } from './dto/game.dto.js';
import { openingSquaresAfter, toGameDto, toMoveDto } from './game-view.js';
import { GameListsRepository } from './game-lists.repository.js';
import { GamesRepository, LoadedGame } from './games.repository.js';

export type NewGame = Omit<NewGameSpec, 'id'>;

export interface MoveOutcome {
  /** false when this was a safe retry of a move already recorded. */
  created: boolean;
  move: MoveDto;
  game: GameDto;
}

/** A step lost to a concurrent one this many times in a row is answered with the game as it is. */
const MAX_ATTEMPTS = 4;
/** More CPU moves in a row than a game can have: a guard, never reached. */
const MAX_CPU_MOVES = 64;

/**
 * The game commands: each loads the game, asks the pure domain for the step, writes it with one
 * conditional write (the game's end also rates, in one transaction); its events go out once it committed.
 */
@Injectable()
export class GamesService {
  constructor(
    private readonly db: Db,
    private readonly repo: GamesRepository,
    private readonly lists: GameListsRepository,
    private readonly ratings: RatingsService,
    private readonly engine: EngineService,
    private readonly clock: Clock,
    private readonly metrics: MetricsService,
    private readonly events: EventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  rules(): GameRules {
    return {
      now: this.clock.now(),
      cpuTakeoverSeconds: this.config.cpuTakeoverSeconds,
      firstMoveSeconds: this.config.firstMoveSeconds,
      idleTurnSeconds: this.config.idleTurnSeconds,
      rankedStandInMoves: this.config.fairPlay.rankedStandInMoves,
    };
  }

  /** Creates a game at the start position (in the caller's unit of work). */
  async createGame(spec: NewGame): Promise<GameState> {
    const game = rules.newGame({ ...spec, id: randomUUID() }, this.rules());
    await this.repo.insert(game);
    return game;
  }

  /**
   * Creates many games at the start position in one statement, in the caller's unit of work
   * (pairing waves). A spec may bring its id (the queue writes it on the tickets first).
   */
  async createGames(specs: readonly (NewGame & { id?: string })[]): Promise<GameState[]> {
    const rulesNow = this.rules();
    const games = specs.map((spec) => rules.newGame({ ...spec, id: spec.id ?? randomUUID() }, rulesNow));
    await this.repo.insertMany(games);
    return games;
  }

  /** A game's answer (on the caller's unit of work's connection, if any). */
  async toDto(game: Pick<GameState, 'id'>): Promise<GameDto> {
    const loaded = await this.repo.load(game.id);
    if (!loaded) throw notFound('game', game.id);
    return toGameDto(loaded);
  }

  /** The hot path: load → domain → one conditional write, then its events → the CPU's replies. */
  async playMove(gameId: string, playerId: string, squareText: string, ply: number, lagMs = 0): Promise<MoveOutcome> {
    const square = parseSquare(squareText);
    if (square === null) throw new AppError('VALIDATION_FAILED', { key: 'api.validation.square' });
    const timer = this.metrics.moveLatency.startTimer();
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.mustLoad(gameId);
      const decision = this.decide(loaded, () => rules.playMove(loaded.game, { playerId, square, ply, timing: { lagMs } }, this.rules()));
      if ('kind' in decision && decision.kind === 'flagged') {
        // The move came after the mover's flag fell: the game ends on time, and the move is refused with it.
        const ended = await this.write(loaded, decision.progress);
        if (!ended) continue;
        throw new AppError('GAME_OVER', { key: 'api.games.over' }, { game: toGameDto(ended) });
      }
      if ('kind' in decision) {
        const recorded = await this.repo.recordAt(gameId, ply);
        if (rules.isSafeRetry(recorded, decision.color, square)) {
          return { created: false, move: toMoveDto(recorded!), game: toGameDto(loaded) };
        }
        throw this.withGame(rules.stalePly(loaded.game, ply), loaded);
      }
      const written = await this.write(loaded, decision);
      if (!written) {
        if (attempt < MAX_ATTEMPTS) continue; // a concurrent step won: decide again on the new game
        throw this.withGame(rules.stalePly(loaded.game, ply), loaded);
      }
      timer({ outcome: 'played' });
      this.metrics.moves.inc({ by: 'player' }, 1);
      const after = await this.playStandIns(written);
      return { created: true, move: toMoveDto(decision.records[0]), game: toGameDto(after) };
    }
  }

  async resign(gameId: string, playerId: string): Promise<GameDto> {
    return this.endBy(gameId, 'resign', (game, rulesNow) => rules.resign(game, playerId, rulesNow));
  }

  /** Either player calls the game off before both have moved. */
  async abort(gameId: string, playerId: string): Promise<GameDto> {
    return this.endBy(gameId, 'abort', (game, rulesNow) => rules.abort(game, playerId, rulesNow));
  }

  /** load → domain → write for a player's request that ends the game; null from the domain is a safe retry. */
  private async endBy(gameId: string, doing: 'resign' | 'abort', decide: (game: GameState, rulesNow: GameRules) => Progress | null): Promise<GameDto> {
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.mustLoad(gameId);
      const step = this.decide(loaded, () => decide(loaded.game, this.rules()));
      if (!step) return toGameDto(loaded);
      const written = await this.write(loaded, step);
      if (written) return toGameDto(written);
      if (attempt >= MAX_ATTEMPTS) throw new AppError('CONFLICT', { key: 'api.games.changed', values: { doing } });
    }
  }

  /** A seated player back at the table takes their seat back from the stand-in (POST /api/games/:id/seat). */
  async takeSeat(gameId: string, playerId: string): Promise<GameDto> {
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.mustLoad(gameId);
      if (!seatOf(loaded.game, playerId)) throw new AppError('FORBIDDEN', { key: 'api.games.notSeated' });
      const step = this.rule(() => rules.reclaimSeat(loaded.game, playerId, this.rules()));
      if (!step) return toGameDto(loaded);
      const written = await this.write(loaded, step);
      if (written) return toGameDto(written);
      if (attempt >= MAX_ATTEMPTS) throw new AppError('CONFLICT', { key: 'api.games.changed', values: { doing: 'seat' } });
    }
  }

  /**
   * The player leaves the games they are seated in for good (their account was closed: every game;
   * marked as an engine user: `rankedOnly`): ranked games end abandoned by them, casual ones go on
   * with the CPU in their seat (rules.leave). The games it ended or handed over.
   */
  async leaveAll(playerId: string, options: { rankedOnly?: boolean } = {}): Promise<string[]> {
    const changed: string[] = [];
    for (const gameId of await this.lists.activeGameIdsOf(playerId)) {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const loaded = await this.repo.load(gameId);
        if (loaded && options.rankedOnly && !loaded.game.rated) break;
        const step = loaded && this.rule(() => rules.leave(loaded.game, playerId, this.rules()));
        if (!loaded || !step) break;
        const written = await this.write(loaded, step);
        if (!written) continue; // a concurrent step won: decide again on the new game
        changed.push(gameId);
        await this.playStandIns(written);
        break;
      }
    }
    return changed;
  }

  /** The side to move's time is up: the CPU takes the seat and plays. False when nothing was due. */
  async takeOver(gameId: string): Promise<boolean> {
    const loaded = await this.repo.load(gameId);
    if (!loaded) return false;
    if (rules.standInToMove(loaded.game)) {
      // The CPU's reply never got written (a crash between a move and the reply): play it now.
      const after = await this.playStandIns(loaded);
      return after.game.ply !== loaded.game.ply;
    }
    const rulesNow = this.rules();
    const step = this.rule(() => rules.takeOver(loaded.game, rulesNow));
    if (!step) return false;
    const written = await this.write(loaded, step, rulesNow.now);
    if (!written) return false;
    await this.playStandIns(written);
    return true;
  }

  /**
   * While a stand-in holds the seat to move, the CPU plays it: the engine's search runs with no
   * lock and no connection held, then each move is one conditional write.
   */
  async playStandIns(loaded: LoadedGame): Promise<LoadedGame> {
    let current = loaded;
    for (let i = 0; i < MAX_CPU_MOVES && rules.standInToMove(current.game); i++) {
      const square = await this.engine.standInMove(current.game.board, current.game.toMove!);
      const written = await this.write(current, this.rule(() => rules.cpuMove(current.game, square, this.rules())));
      if (!written) return (await this.repo.load(current.game.id)) ?? current; // someone else moved first
      this.metrics.moves.inc({ by: 'cpu' }, 1);
      current = written;
    }
    return current;
  }

  /**
   * Writes one step: a single conditional statement, or for a rated game's end one transaction
   * that also rates both players. Returns the game after it, or null when a concurrent step won.
   */
  private async write(loaded: LoadedGame, step: Progress, dueBy?: Date): Promise<LoadedGame | null> {
    const after: LoadedGame = { ...loaded, game: step.game, openingSquares: openingSquaresAfter(loaded, step.records) };
    const rated = rules.ratedResult(step.game);
    if (!rated || step.origin.status !== 'active') {
      if (!(await this.repo.writeStep(step, { dueBy }))) return null; // lost: nothing to publish
      // After the commit (of the caller's unit of work, if any): never inside the write.
      await this.events.publishAll(this.notifications(after, step));
      return after;
    }
    return this.db.transaction(async () => {
      if (!(await this.repo.writeStep(step, { dueBy }))) return null;
      const g = step.game;
      const deltas = await this.ratings.applyGameResult({
        gameId: g.id,
        blackId: g.blackId,
        whiteId: g.whiteId,
        winner: rated.winner,
        finishedAt: g.finishedAt!,
      });
      await this.repo.setRatingChanges(g.id, deltas.black, deltas.white);
      const ratedGame: LoadedGame = {
        game: { ...g, blackRatingChange: deltas.black, whiteRatingChange: deltas.white },
        black: { ...loaded.black, rating: deltas.steps.black.rating, rd: deltas.steps.black.rd },
        white: { ...loaded.white, rating: deltas.steps.white.rating, rd: deltas.steps.white.rd },
        ratings: deltas.steps,
        openingSquares: after.openingSquares,
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
    return step.events.map((e): TopicEvent => {
      if (e.type === 'move') return gameEvent(id, 'move', { ...toMoveDto(e.record), game }, e.record.ply + 1);
      if (e.type === 'seat') return gameEvent(id, 'seat', { gameId: id, color: e.color, standIn: e.standIn, standInAt: game.standInAt, game }, step.origin.ply);
      return gameEvent(id, 'end', game, after.game.ply);
    });
  }

  private async mustLoad(gameId: string): Promise<LoadedGame> {
    const loaded = await this.repo.load(gameId);
    if (!loaded) throw notFound('game', gameId);
    return loaded;
  }

  /** Runs a domain step outside `decide`: its refusals become the API's errors. */
  private rule<T>(step: () => T): T {
    try {
      return step();
    } catch (err) {
      throw asAppError(err);
    }
  }

  /** Runs a domain decision; its STALE_PLY and GAME_OVER errors carry the current game. */
  private decide<T>(loaded: LoadedGame, decision: () => T): T {
    try {
      return decision();
    } catch (err) {
      throw this.withGame(err, loaded);
    }
  }

  private withGame(ruleErr: unknown, loaded: LoadedGame): unknown {
    const err = asAppError(ruleErr);
    if (err instanceof AppError && (err.code === 'STALE_PLY' || err.code === 'GAME_OVER') && err.details === undefined) {
      return new AppError(err.code, err.i18n ?? err.message, { game: toGameDto(loaded) });
    }
    return err;
  }
}
