import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../common/clock.js';
import { AppError, notFound } from '../common/errors.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Db } from '../database/db.js';
import { EngineService } from '../engine-service/engine.service.js';
import { parseSquare } from '../engine/index.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { COMPUTER_NODES_PER_MS, COMPUTER_PLAYER_ID, computerBudgetMs, computerToMove, type ComputerLevel } from './domain/computer.js';
import { seedOf } from '../engine/levels.js';
import { clocksAt, seatOf, type GameRules, type GameState, type NewGameSpec, type Progress } from './domain/game.js';
import * as rules from './domain/transitions.js';
import { asAppError } from './rule-errors.js';
import type { GameDto, MoveDto } from './dto/game.dto.js';
import { toGameDto, toMoveDto } from './game-view.js';
import { GameListsRepository } from './game-lists.repository.js';
import { GameSteps } from './game-steps.js';
import { GamesRepository, type LoadedGame, type VersionedGame } from './games.repository.js';

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
 * conditional write (GameSteps: the game's end also rates, in one transaction); its events go out
 * once it committed. A move is first decided on the game as this copy last knew it (GameCache), without a
 * read: the conditional write tells whether the row is still as known.
 */
@Injectable()
export class GamesService implements OnModuleDestroy {
  private readonly logger = new Logger(GamesService.name);
  /** Games whose computer move this copy is thinking about (one search per game at a time). */
  private readonly thinking = new Set<string>();
  /** The computer's moves under way, awaited at shutdown. */
  private readonly computing = new Set<Promise<unknown>>();
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly steps: GameSteps,
    private readonly repo: GamesRepository,
    private readonly lists: GameListsRepository,
    private readonly engine: EngineService,
    private readonly clock: Clock,
    private readonly metrics: MetricsService,
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
    // The computer playing Black starts once the game exists for everyone.
    if (computerToMove(game)) this.db.afterCommit(() => this.scheduleComputer(game.id));
    return game;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.computing]);
  }

  /** The computer's move, off the request path: the caller's step answers first. */
  private scheduleComputer(gameId: string): void {
    if (this.stopping) return;
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.playComputer(gameId))
      .catch((err: unknown) => this.logger.warn(`computer move in game ${gameId} not played: ${String(err)}`))
      .finally(() => this.computing.delete(run));
    this.computing.add(run);
  }

  /**
   * While the computer is to move, it plays: the engine searches on the computer's worker threads
   * (no lock, no connection held), then the move is written as the seat's own, through the rules
   * of every player's move (its clock runs from the turn's start like anyone's). True when it moved.
   */
  async playComputer(gameId: string): Promise<boolean> {
    if (this.thinking.has(gameId) || this.stopping) return false;
    this.thinking.add(gameId);
    try {
      let moved = false;
      for (let i = 0; i < MAX_CPU_MOVES && !this.stopping; i++) {
        const loaded = await this.steps.read(gameId);
        if (!loaded || !computerToMove(loaded.game)) break;
        const g = loaded.game;
        const color = g.toMove!;
        const left = clocksAt(g, this.clock.now())?.[color] ?? null;
        const budgetMs = computerBudgetMs(left, g.clockIncrementSeconds, this.config.computerMoveMs);
        const square = await this.engine.computerMove({
          board: g.board,
          toMove: color,
          level: g.computerLevel as ComputerLevel,
          seed: seedOf(`${g.id}:${g.ply}`),
          nodeLimit: Math.round(budgetMs * COMPUTER_NODES_PER_MS),
        }, budgetMs);
        const decision = rules.playMove(g, { playerId: COMPUTER_PLAYER_ID, square, ply: g.ply, timing: { lagMs: 0 } }, this.rules());
        if ('kind' in decision && decision.kind === 'earlier-ply') continue;
        const step = 'kind' in decision ? decision.progress : decision;
        const written = await this.write(loaded, step);
        if (!written) continue; // the player resigned or a concurrent step won: look again
        if (!('kind' in decision)) {
          moved = true;
          this.metrics.moves.inc({ by: 'cpu' }, 1);
        }
        await this.playStandIns(written);
      }
      return moved;
    } finally {
      this.thinking.delete(gameId);
    }
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

  /**
   * The hot path: domain → one conditional write on the game this copy holds, then its events →
   * the CPU's replies; when it holds none, or the write finds the row changed, or the domain
   * refuses: load → domain → write, as the answer's truth.
   */
  async playMove(gameId: string, playerId: string, squareText: string, ply: number, lagMs = 0): Promise<MoveOutcome> {
    const square = parseSquare(squareText);
    if (square === null) throw new AppError('VALIDATION_FAILED', { key: 'api.validation.square' });
    const started = performance.now();
    const command: rules.MoveCommand = { playerId, square, ply, timing: { lagMs } };
    const held = this.steps.held(gameId);
    if (held) {
      const outcome = await this.moveOnHeld(held, command, started);
      if (outcome) return outcome;
    }
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.mustLoad(gameId);
      const decision = this.decide(loaded, () => rules.playMove(loaded.game, command, this.rules()));
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
      return this.played(decision, written, started);
    }
  }

  /**
   * A move decided on the game this copy holds and written on the condition that its row is still
   * at the version held. Null when that is not a move written (the domain refused it, it is a
   * retry or a fallen flag, or the row changed since): the caller reads the game and decides again,
   * so every refusal is answered from the game as read, exactly as without the cache.
   */
  private async moveOnHeld(held: VersionedGame, command: rules.MoveCommand, started: number): Promise<MoveOutcome | null> {
    let decision: ReturnType<typeof rules.playMove>;
    try {
      decision = rules.playMove(held.game, command, this.rules());
    } catch {
      return null;
    }
    if ('kind' in decision) return null;
    const written = await this.write(held, decision);
    return written && this.played(decision, written, started);
  }

  private async played(step: Progress, written: VersionedGame, started: number): Promise<MoveOutcome> {
    this.metrics.playedMoveLatency.observe((performance.now() - started) / 1000);
    this.metrics.playerMoves.inc();
    const after = await this.playStandIns(written);
    return { created: true, move: toMoveDto(step.records[0]), game: this.steps.view(after) };
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
        const loaded = await this.steps.read(gameId);
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
    const loaded = await this.steps.read(gameId);
    if (!loaded) return false;
    if (computerToMove(loaded.game)) {
      // Its deadline came while no copy was thinking for it (a crash, a lost search): a fallen
      // flag ends the game, otherwise the computer plays now.
      const step = rules.takeOver(loaded.game, this.rules());
      if (step) return (await this.write(loaded, step)) !== null;
      return this.playComputer(gameId);
    }
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
  async playStandIns(loaded: VersionedGame): Promise<VersionedGame> {
    let current = loaded;
    for (let i = 0; i < MAX_CPU_MOVES && rules.standInToMove(current.game); i++) {
      const square = await this.engine.standInMove(current.game.board, current.game.toMove!);
      const written = await this.write(current, this.rule(() => rules.cpuMove(current.game, square, this.rules())));
      if (!written) return (await this.steps.read(current.game.id)) ?? current; // someone else moved first
      this.metrics.cpuMoves.inc();
      current = written;
    }
    return current;
  }

  /**
   * Writes one step (GameSteps.write); when the computer is to move after it, its move follows
   * once the step committed.
   */
  private async write(loaded: VersionedGame, step: Progress, dueBy?: Date): Promise<VersionedGame | null> {
    const written = await this.steps.write(loaded, step, dueBy);
    if (written && computerToMove(written.game)) this.db.afterCommit(() => this.scheduleComputer(written.game.id));
    return written;
  }

  private async mustLoad(gameId: string): Promise<VersionedGame> {
    const loaded = await this.steps.read(gameId);
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
