import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { AppError, forbidden, notFound } from '../common/errors.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import {
  chooseCpuMove,
  discCounts,
  fromBoardString,
  IllegalMoveError,
  legalMoves,
  parseSquare,
  playTurn,
  type Position,
  result,
  squareName,
  startPosition,
  toBoardString,
  type TurnRecord,
  writeTranscript,
} from '../engine/index.js';
import { EventsService, TopicEvent } from '../events/events.service.js';
import { Player } from '../players/entities/player.entity.js';
import { RatingsService } from '../ratings/ratings.service.js';
import { GameDto, GameSummaryDto, MoveDto } from './dto/game.dto.js';
import { ColorName, Game } from './entities/game.entity.js';
import { Move } from './entities/move.entity.js';

export interface NewGame {
  roomId: string | null;
  roomCode: string | null;
  rated: boolean;
  turnSeconds: number | null;
  showLegalMoves: boolean;
  blackId: string;
  whiteId: string;
}

export interface MoveOutcome {
  /** false when this was a safe retry of a move already recorded. */
  created: boolean;
  move: MoveDto;
  game: GameDto;
}

const MAX_SWEEP_BATCH = 20;

export const gameTopic = (id: string) => `game:${id}`;
export const playerTopic = (id: string) => `player:${id}`;

export function seatOf(game: Game, playerId: string): ColorName | null {
  if (game.blackId === playerId) return 'black';
  if (game.whiteId === playerId) return 'white';
  return null;
}

function positionOf(game: Game): Position {
  return fromBoardString(game.board, game.toMove ?? 'black');
}

export function toMoveDto(m: Move): MoveDto {
  return {
    ply: m.ply,
    color: m.color,
    square: m.square === null ? null : squareName(m.square),
    pass: m.pass,
    flipped: m.flipped.map(squareName),
    by: m.by,
    at: m.at.toISOString(),
  };
}

@Injectable()
export class GamesService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(GamesService.name);
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<unknown> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventsService,
    private readonly ratings: RatingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.sweepTimer = setInterval(() => {
      this.sweeping ??= this.sweepDeadlines()
        .catch((err) => this.logger.error(err, 'deadline sweep failed'))
        .finally(() => (this.sweeping = null));
    }, 1000);
    this.sweepTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.sweeping;
  }

  // ---- reading ------------------------------------------------------------------------------

  async getGame(id: string, viewer?: Player): Promise<GameDto> {
    if (viewer) {
      const reclaimed = await this.reclaimSeat(id, viewer.id);
      if (reclaimed) return reclaimed;
      await this.touch(id, viewer.id);
    }
    const game = await this.dataSource.getRepository(Game).findOneBy({ id });
    if (!game) throw notFound(`Game "${id}"`);
    return this.toDto(game);
  }

  async listMoves(id: string): Promise<MoveDto[]> {
    return (await this.recordsOf(id)).map(toMoveDto);
  }

  async transcript(id: string): Promise<string> {
    const records = await this.recordsOf(id);
    return writeTranscript(records.filter((m) => !m.pass).map((m) => m.square));
  }

  /**
   * The records from `fromPly` on, in order: what a stream that last saw event id `fromPly` missed
   * (event id = the game's ply after the record = record ply + 1).
   */
  async movesSince(id: string, fromPly = 0): Promise<Move[]> {
    return this.dataSource
      .getRepository(Move)
      .createQueryBuilder('m')
      .where('m.game_id = :id AND m.ply >= :fromPly', { id, fromPly })
      .orderBy('m.ply', 'ASC')
      .getMany();
  }

  /** The whole move list of a game that must exist. */
  private async recordsOf(id: string): Promise<Move[]> {
    await this.mustExist(id);
    return this.movesSince(id);
  }

  async mustExist(id: string): Promise<Game> {
    const game = await this.dataSource.getRepository(Game).findOneBy({ id });
    if (!game) throw notFound(`Game "${id}"`);
    return game;
  }

  async gamesOf(playerId: string, limit: number, before?: string): Promise<GameSummaryDto[]> {
    const qb = this.dataSource
      .getRepository(Game)
      .createQueryBuilder('g')
      .where('(g.black_id = :id OR g.white_id = :id)', { id: playerId })
      .orderBy('g.created_at', 'DESC')
      .addOrderBy('g.id', 'DESC')
      .limit(limit);
    if (before) qb.andWhere('g.created_at < :before', { before: new Date(before) });
    return this.summaries(await qb.getMany());
  }

  /** Live games to watch (`GET /api/games?status=active`), newest first. */
  async activeGames(limit: number, before?: string): Promise<GameSummaryDto[]> {
    const qb = this.dataSource
      .getRepository(Game)
      .createQueryBuilder('g')
      .where("g.status = 'active'")
      .orderBy('g.created_at', 'DESC')
      .addOrderBy('g.id', 'DESC')
      .limit(limit);
    if (before) qb.andWhere('g.created_at < :before', { before: new Date(before) });
    return this.summaries(await qb.getMany());
  }

  private async summaries(games: Game[]): Promise<GameSummaryDto[]> {
    const players = await this.playersById(games.flatMap((g) => [g.blackId, g.whiteId]));
    return games.map((g) => {
      const dto = this.toDtoWith(g, players);
      return {
        id: dto.id,
        rated: dto.rated,
        status: dto.status,
        black: dto.black.player,
        white: dto.white.player,
        result: dto.result,
        ply: dto.ply,
        createdAt: dto.createdAt,
        finishedAt: dto.finishedAt,
      };
    });
  }

  // ---- writing ------------------------------------------------------------------------------

  /** Creates a game at the start position (inside the caller's transaction). */
  async createGame(manager: EntityManager, spec: NewGame): Promise<Game> {
    const repo = manager.getRepository(Game);
    const game = repo.create({
      ...spec,
      board: toBoardString(startPosition()),
      toMove: 'black',
      ply: 0,
      status: 'active',
    });
    this.startTurn(game);
    return repo.save(game);
  }

  /**
   * The hot path: one transaction locks the game row, checks seat, ply and turn, applies the move
   * with the engine, records it (and any automatic pass, and the CPU's replies for a stand-in),
   * finishes and rates the game when neither side can move, and queues the events (NOTIFY is
   * delivered on commit).
   */
  async playMove(gameId: string, player: Player, squareText: string, ply: number): Promise<MoveOutcome> {
    const square = parseSquare(squareText);
    if (square === null) throw new AppError('VALIDATION_FAILED', 'square must be a1..h8');
    return this.dataSource.transaction(async (m) => {
      const game = await this.lockGame(m, gameId);
      const color = seatOf(game, player.id);
      if (!color) throw forbidden('You are not seated in this game.');
      if (ply < game.ply) {
        const recorded = await m.getRepository(Move).findOneBy({ gameId, ply });
        if (recorded && !recorded.pass && recorded.by === 'player' && recorded.color === color && recorded.square === square) {
          return { created: false, move: toMoveDto(recorded), game: await this.toDto(game, m) };
        }
        throw await this.stalePly(game, ply, m);
      }
      if (game.status !== 'active') throw new AppError('GAME_OVER', 'The game is over.', { game: await this.toDto(game, m) });
      if (ply > game.ply) throw await this.stalePly(game, ply, m);
      if (game.toMove !== color) throw new AppError('NOT_YOUR_TURN', `It is ${game.toMove}'s turn.`);
      const events: TopicEvent[] = [];
      if (this.setStandIn(game, color, false)) events.push(this.seatEvent(game, color));
      let records: Move[];
      try {
        records = this.advance(game, square, 'player');
      } catch (err) {
        if (!(err instanceof IllegalMoveError)) throw err;
        const details = game.showLegalMoves ? { legalMoves: legalMoves(positionOf(game)).map(squareName) } : undefined;
        throw new AppError('ILLEGAL_MOVE', `${squareName(square)} is not a legal move: ${err.message}`, details);
      }
      records.push(...this.playStandIns(game));
      const move = records[0];
      await this.persist(m, game, records, events);
      return { created: true, move: toMoveDto(move), game: await this.toDto(game, m) };
    });
  }

  async resign(gameId: string, player: Player): Promise<GameDto> {
    return this.dataSource.transaction(async (m) => {
      const game = await this.lockGame(m, gameId);
      const color = seatOf(game, player.id);
      if (!color) throw forbidden('You are not seated in this game.');
      if (game.status !== 'active') {
        const resignedBefore = game.resultReason === 'resign' && game.winner !== color;
        if (resignedBefore) return this.toDto(game, m); // a safe retry
        throw new AppError('GAME_OVER', 'The game is over.', { game: await this.toDto(game, m) });
      }
      const discs = discCounts(positionOf(game));
      this.finish(game, color === 'black' ? 'white' : 'black', 'resign', discs);
      await this.persist(m, game, [], []);
      return this.toDto(game, m);
    });
  }

  /** Fires due turn deadlines: the CPU stands in for the player who ran out of time. */
  async sweepDeadlines(): Promise<number> {
    let fired = 0;
    for (;;) {
      const done = await this.dataSource.transaction(async (m) => {
        const due = await m
          .getRepository(Game)
          .createQueryBuilder('g')
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .where(`g.status = 'active' AND g.takeover_at < now()`)
          .orderBy('g.takeover_at', 'ASC')
          .limit(MAX_SWEEP_BATCH)
          .getMany();
        for (const game of due) {
          const color = game.toMove!;
          const events: TopicEvent[] = [];
          if (this.setStandIn(game, color, true)) events.push(this.seatEvent(game, color));
          const records = this.playStandIns(game);
          await this.persist(m, game, records, events);
        }
        fired += due.length;
        return due.length < MAX_SWEEP_BATCH;
      });
      if (done) return fired;
    }
  }

  /** A seated player opening the game takes their seat back from the CPU. */
  private async reclaimSeat(gameId: string, playerId: string): Promise<GameDto | null> {
    const peek = await this.dataSource.getRepository(Game).findOneBy({ id: gameId });
    if (!peek || peek.status !== 'active') return null;
    const color = seatOf(peek, playerId);
    if (!color || !(color === 'black' ? peek.blackStandIn : peek.whiteStandIn)) return null;
    return this.dataSource.transaction(async (m) => {
      const game = await this.lockGame(m, gameId);
      if (game.status === 'active' && this.setStandIn(game, color, false)) {
        if (game.toMove === color) this.startTurn(game);
        await this.persist(m, game, [], [this.seatEvent(game, color)]);
      }
      return this.toDto(game, m);
    });
  }

  // ---- internals ----------------------------------------------------------------------------

  private async lockGame(m: EntityManager, id: string): Promise<Game> {
    const game = await m.getRepository(Game).createQueryBuilder('g').setLock('pessimistic_write').where('g.id = :id', { id }).getOne();
    if (!game) throw notFound(`Game "${id}"`);
    return game;
  }

  private async stalePly(game: Game, ply: number, m: EntityManager): Promise<AppError> {
    return new AppError('STALE_PLY', `ply ${ply} is not the game's current ply (${game.ply}).`, { game: await this.toDto(game, m) });
  }

  /** The clock of a new turn: the turn limit, or the wait before a CPU stands in for a dropped player. */
  private startTurn(game: Game): void {
    const now = Date.now();
    game.turnDeadline = game.turnSeconds ? new Date(now + game.turnSeconds * 1000) : null;
    game.takeoverAt = game.turnDeadline ?? new Date(now + this.config.cpuTakeoverSeconds * 1000);
  }

  /**
   * The player is here (a request, or an open event stream): in a game without a turn limit, their
   * turn's takeover moves forward. One conditional UPDATE; nothing when it is not their turn.
   */
  async touch(gameId: string, playerId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE games SET takeover_at = now() + make_interval(secs => $3)
       WHERE id = $1 AND status = 'active' AND turn_seconds IS NULL
         AND ((to_move = 'black' AND black_id = $2 AND NOT black_stand_in) OR (to_move = 'white' AND white_id = $2 AND NOT white_stand_in))`,
      [gameId, playerId, this.config.cpuTakeoverSeconds],
    );
  }

  /** Applies one move to the game row (not saved) and returns its records with their plies. */
  private advance(game: Game, square: number, by: 'player' | 'cpu'): Move[] {
    const turn = playTurn(positionOf(game), square);
    const now = new Date();
    const passBy = (c: ColorName) => ((c === 'black' ? game.blackStandIn : game.whiteStandIn) ? 'cpu' : 'player');
    const records = turn.records.map((r: TurnRecord, i) => this.record(game, r, game.ply + i, i === 0 ? by : passBy(r.color), now));
    game.board = toBoardString(turn.position);
    game.ply += records.length;
    if (turn.finished) {
      const r = result(turn.position);
      this.finish(game, r.winner, 'board', r.discs);
    } else {
      game.toMove = turn.position.toMove;
      this.startTurn(game);
    }
    return records;
  }

  private record(game: Game, r: TurnRecord, ply: number, by: 'player' | 'cpu', at: Date): Move {
    return Object.assign(new Move(), { gameId: game.id, ply, color: r.color, square: r.square, pass: r.pass, flipped: r.flipped, by, at });
  }

  /** While a stand-in holds the seat to move, the CPU plays it. */
  private playStandIns(game: Game): Move[] {
    const records: Move[] = [];
    for (let guard = 0; guard < 64 && game.status === 'active'; guard++) {
      const standIn = game.toMove === 'black' ? game.blackStandIn : game.whiteStandIn;
      if (!standIn) break;
      // An active game's side to move always has a legal square: playTurn inserted any pass.
      records.push(...this.advance(game, chooseCpuMove(positionOf(game), { nodeLimit: 20_000 }), 'cpu'));
    }
    return records;
  }

  private setStandIn(game: Game, color: ColorName, standIn: boolean): boolean {
    const key = color === 'black' ? 'blackStandIn' : 'whiteStandIn';
    if (game[key] === standIn) return false;
    game[key] = standIn;
    return true;
  }

  private finish(game: Game, winner: ColorName | null, reason: 'board' | 'resign', discs: { black: number; white: number }): void {
    game.status = 'finished';
    game.winner = winner;
    game.resultReason = reason;
    game.blackDiscs = discs.black;
    game.whiteDiscs = discs.white;
    game.toMove = null;
    game.turnDeadline = null;
    game.takeoverAt = null;
    game.finishedAt = new Date();
  }

  /** Saves the game and its new records, rates a finished rated game, and queues the events. */
  private async persist(m: EntityManager, game: Game, records: Move[], events: TopicEvent[]): Promise<void> {
    if (records.length) await m.getRepository(Move).insert(records);
    if (game.status === 'finished') {
      // The one place where a game's end changes ratings: same transaction, exactly once.
      await this.ratings.applyGameResult(m, game);
    }
    // An UPDATE of what a move can change (save() would first re-read the row it already has).
    await m.getRepository(Game).update(game.id, {
      board: game.board,
      toMove: game.toMove,
      ply: game.ply,
      status: game.status,
      winner: game.winner,
      resultReason: game.resultReason,
      blackDiscs: game.blackDiscs,
      whiteDiscs: game.whiteDiscs,
      blackRatingChange: game.blackRatingChange,
      whiteRatingChange: game.whiteRatingChange,
      blackStandIn: game.blackStandIn,
      whiteStandIn: game.whiteStandIn,
      turnDeadline: game.turnDeadline,
      takeoverAt: game.takeoverAt,
      finishedAt: game.finishedAt,
    });
    const all = [...events];
    for (const r of records) all.push({ topic: gameTopic(game.id), event: 'move', id: r.ply + 1, data: toMoveDto(r) });
    if (game.status === 'finished') {
      all.push({ topic: gameTopic(game.id), event: 'end', id: game.ply, data: await this.toDto(game, m) });
    }
    await this.events.publishAll(all, m);
  }

  private seatEvent(game: Game, color: ColorName): TopicEvent {
    const standIn = color === 'black' ? game.blackStandIn : game.whiteStandIn;
    return { topic: gameTopic(game.id), event: 'seat', id: game.ply, data: { gameId: game.id, color, standIn } };
  }

  private async playersById(ids: string[], m: EntityManager = this.dataSource.manager): Promise<Map<string, Player>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const players = await m.getRepository(Player).findBy({ id: In(unique) });
    return new Map(players.map((p) => [p.id, p]));
  }

  async toDto(game: Game, m?: EntityManager): Promise<GameDto> {
    return this.toDtoWith(game, await this.playersById([game.blackId, game.whiteId], m));
  }

  toDtoWith(game: Game, players: Map<string, Player>): GameDto {
    const seat = (id: string, standIn: boolean) => {
      const p = players.get(id);
      return { player: { id, username: p?.username ?? '?', rating: p?.rating ?? 0 }, standIn };
    };
    const position = positionOf(game);
    const finished = game.status !== 'active';
    return {
      id: game.id,
      rated: game.rated,
      status: game.status,
      roomCode: game.roomCode,
      settings: { rated: game.rated, turnSeconds: game.turnSeconds, showLegalMoves: game.showLegalMoves },
      black: seat(game.blackId, game.blackStandIn),
      white: seat(game.whiteId, game.whiteStandIn),
      board: game.board,
      toMove: finished ? null : game.toMove,
      ply: game.ply,
      legalMoves: game.showLegalMoves && !finished ? legalMoves(position).map(squareName) : null,
      discs: discCounts(position),
      turnDeadline: game.turnDeadline ? game.turnDeadline.toISOString() : null,
      result: finished
        ? {
            winner: game.winner,
            reason: game.resultReason ?? 'aborted',
            discs: { black: game.blackDiscs ?? 0, white: game.whiteDiscs ?? 0 },
            ratingChanges:
              game.rated && game.blackRatingChange !== null && game.whiteRatingChange !== null
                ? { black: game.blackRatingChange, white: game.whiteRatingChange }
                : null,
          }
        : null,
      createdAt: game.createdAt.toISOString(),
      finishedAt: game.finishedAt ? game.finishedAt.toISOString() : null,
    };
  }
}
