import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager, In, QueryFailedError } from 'typeorm';
import { AppError, forbidden, notFound } from '../common/errors.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { EventsService } from '../events/events.service.js';
import { Game } from '../games/entities/game.entity.js';
import { GamesService, playerTopic } from '../games/games.service.js';
import { Player } from '../players/entities/player.entity.js';
import { PlayersService } from '../players/players.service.js';
import { nextColors, normaliseRoomCode, roomCode } from './domain/room-rules.js';
import { CreateRoomDto, RoomDto, UpdateRoomDto } from './dto/room.dto.js';
import { Room } from './entities/room.entity.js';

/** Namespace of the rooms-per-hour advisory locks (the two-key form: apart from other locks). */
const ROOMS_LOCK_CLASS = 7301;
const UNIQUE_VIOLATION = '23505';

const guestNotAllowed = () => new AppError('GUEST_NOT_ALLOWED', 'Rated play needs a registered account; guests play unrated.');

@Injectable()
export class RoomsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly games: GamesService,
    private readonly players: PlayersService,
    private readonly events: EventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(host: Player, dto: CreateRoomDto): Promise<RoomDto> {
    if (dto.rated && host.guest) throw guestNotAllowed();
    for (let attempt = 0; ; attempt++) {
      try {
        const room = await this.dataSource.transaction(async (m) => {
          await this.mustBeUnderRoomLimit(m, host);
          const repo = m.getRepository(Room);
          return repo.save(
            repo.create({
              code: roomCode(randomBytes(8)),
              hostId: host.id,
              seat1Id: host.id,
              seat2Id: null,
              rated: dto.rated ?? false,
              turnSeconds: dto.turnSeconds ?? null,
              showLegalMoves: dto.showLegalMoves ?? true,
              swapColors: dto.swapColors ?? true,
            }),
          );
        });
        return this.toDto(room);
      } catch (err) {
        if (attempt >= 5 || !(err instanceof QueryFailedError) || (err as { code?: unknown }).code !== UNIQUE_VIOLATION) throw err;
      }
    }
  }

  /**
   * At most ROOMS_PER_HOUR rooms opened by one player within any hour, counted in the database so
   * the cap holds across app copies; the host's advisory lock makes concurrent requests count in turn.
   */
  private async mustBeUnderRoomLimit(m: EntityManager, host: Player): Promise<void> {
    await m.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ROOMS_LOCK_CLASS, host.id]);
    const [{ opened, wait }] = await m.query(
      `SELECT count(*)::int AS opened, ceil(extract(epoch FROM min(created_at) + interval '1 hour' - now()))::int AS wait
       FROM rooms WHERE host_id = $1 AND created_at > now() - interval '1 hour'`,
      [host.id],
    );
    const limit = this.config.roomsPerHour;
    if (opened >= limit) {
      const minutes = Math.max(1, Math.ceil((wait ?? 60) / 60));
      throw new AppError(
        'RATE_LIMITED',
        `You have opened ${limit} rooms within the last hour, the most allowed; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { limit, retryAfterSeconds: Math.max(1, wait ?? 60) },
      );
    }
  }

  async get(code: string): Promise<RoomDto> {
    return this.toDto(await this.find(code));
  }

  /** Takes the second seat and starts the first game; joining a room you sit in is a no-op. */
  async join(code: string, player: Player): Promise<RoomDto> {
    const room = await this.dataSource.transaction(async (m) => {
      const room = await this.lock(m, code);
      if (room.seat1Id === player.id || room.seat2Id === player.id) return room;
      if (room.seat2Id) throw new AppError('ROOM_FULL', 'Both seats of this room are taken.');
      if (room.rated && player.guest) throw guestNotAllowed();
      room.seat2Id = player.id;
      await this.startGame(m, room, null);
      return room;
    });
    return this.toDto(room);
  }

  async update(code: string, player: Player, dto: UpdateRoomDto): Promise<RoomDto> {
    const room = await this.dataSource.transaction(async (m) => {
      const room = await this.lock(m, code);
      if (room.hostId !== player.id) throw forbidden("Only the room's host can change its settings.");
      await this.mustBeBetweenGames(m, room);
      if (dto.rated) {
        const seated = await m.getRepository(Player).findBy({ id: In([room.seat1Id, room.seat2Id].filter((x): x is string => !!x)) });
        if (seated.some((p) => p.guest)) throw guestNotAllowed();
      }
      if (dto.rated !== undefined) room.rated = dto.rated;
      if (dto.turnSeconds !== undefined) room.turnSeconds = dto.turnSeconds;
      if (dto.showLegalMoves !== undefined) room.showLegalMoves = dto.showLegalMoves;
      if (dto.swapColors !== undefined) room.swapColors = dto.swapColors;
      return m.getRepository(Room).save(room);
    });
    return this.toDto(room);
  }

  /** The next game of the series, after the current one has ended. */
  async rematch(code: string, player: Player): Promise<RoomDto> {
    const room = await this.dataSource.transaction(async (m) => {
      const room = await this.lock(m, code);
      if (room.seat1Id !== player.id && room.seat2Id !== player.id) throw forbidden('Only the seated players can start a rematch.');
      if (!room.seat2Id) throw new AppError('CONFLICT', 'The room is waiting for a second player.');
      const previous = await this.mustBeBetweenGames(m, room);
      await this.startGame(m, room, previous);
      return room;
    });
    return this.toDto(room);
  }

  private async mustBeBetweenGames(m: EntityManager, room: Room): Promise<Game | null> {
    if (!room.currentGameId) return null;
    const current = await m.getRepository(Game).findOneByOrFail({ id: room.currentGameId });
    if (current.status === 'active') throw new AppError('GAME_IN_PROGRESS', 'A game is in progress in this room.', { gameId: current.id });
    return current;
  }

  private async startGame(m: EntityManager, room: Room, previous: Game | null): Promise<Game> {
    const colors = nextColors(room.seat1Id, room.seat2Id!, previous, room.swapColors);
    const game = await this.games.createGame(m, {
      roomId: room.id,
      roomCode: room.code,
      rated: room.rated,
      turnSeconds: room.turnSeconds,
      showLegalMoves: room.showLegalMoves,
      ...colors,
    });
    room.currentGameId = game.id;
    await m.getRepository(Room).save(room);
    const dto = await this.games.toDto(game, m);
    for (const id of [colors.blackId, colors.whiteId]) {
      await this.events.publish({ topic: playerTopic(id), event: 'game', data: dto }, m);
    }
    return game;
  }

  private async find(code: string): Promise<Room> {
    const normal = normaliseRoomCode(code);
    const room = normal ? await this.dataSource.getRepository(Room).findOneBy({ code: normal }) : null;
    if (!room) throw notFound(`Room "${code.slice(0, 32)}"`);
    return room;
  }

  private async lock(m: EntityManager, code: string): Promise<Room> {
    const normal = normaliseRoomCode(code);
    const room = normal
      ? await m.getRepository(Room).createQueryBuilder('r').setLock('pessimistic_write').where('r.code = :code', { code: normal }).getOne()
      : null;
    if (!room) throw notFound(`Room "${code.slice(0, 32)}"`);
    return room;
  }

  private async toDto(room: Room): Promise<RoomDto> {
    const games = await this.dataSource.getRepository(Game).find({ where: { roomId: room.id }, order: { createdAt: 'ASC' }, select: { id: true } });
    const seat = async (id: string | null) => {
      if (!id) return null;
      const p = await this.players.findById(id);
      return p ? this.players.profile(p) : null;
    };
    return {
      code: room.code,
      hostId: room.hostId,
      settings: { rated: room.rated, turnSeconds: room.turnSeconds, showLegalMoves: room.showLegalMoves, swapColors: room.swapColors },
      seats: [await seat(room.seat1Id), await seat(room.seat2Id)],
      gameId: room.currentGameId,
      games: games.map((g) => g.id),
    };
  }
}
