import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AppError, forbidden, notFound } from '../common/errors.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { EventsService } from '../events/events.service.js';
import { GamesService } from '../games/games.service.js';
import { playerTopic } from '../events/topics.js';
import { Player } from '../players/entities/player.entity.js';
import { PlayersService } from '../players/players.service.js';
import { nextColors, normaliseRoomCode, roomCode } from './domain/room-rules.js';
import { CreateRoomDto, RoomDto, UpdateRoomDto } from './dto/room.dto.js';
import { Room } from './entities/room.entity.js';
import { RoomsRepository } from './rooms.repository.js';


const guestNotAllowed = () => new AppError('GUEST_NOT_ALLOWED', 'Rated play needs a registered account; guests play unrated.');

@Injectable()
export class RoomsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rooms: RoomsRepository,
    private readonly games: GamesService,
    private readonly players: PlayersService,
    private readonly events: EventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(host: Player, dto: CreateRoomDto): Promise<RoomDto> {
    if (dto.rated && host.guest) throw guestNotAllowed();
    for (let attempt = 0; ; attempt++) {
      const room = await this.dataSource.transaction(async (m) => {
        await this.mustBeUnderRoomLimit(m, host);
        return this.rooms.insert(
          {
            code: roomCode(randomBytes(8)),
            hostId: host.id,
            seat1Id: host.id,
            seat2Id: null,
            rated: dto.rated ?? false,
            turnSeconds: dto.turnSeconds ?? null,
            showLegalMoves: dto.showLegalMoves ?? true,
            swapColors: dto.swapColors ?? true,
          },
          m,
        );
      });
      if (room) return this.toDto(room);
      if (attempt >= 5) throw new Error('six generated room codes in a row were taken');
    }
  }

  /**
   * At most ROOMS_PER_HOUR rooms opened by one player within any hour, counted in the database so
   * the cap holds across app copies; the host's advisory lock makes concurrent requests count in turn.
   */
  private async mustBeUnderRoomLimit(m: EntityManager, host: Player): Promise<void> {
    const { opened, wait } = await this.rooms.openedInLastHour(m, host.id);
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
        const seated = await this.players.findByIds([room.seat1Id, room.seat2Id].filter((x): x is string => !!x), m);
        if (seated.some((p) => p.guest)) throw guestNotAllowed();
      }
      if (dto.rated !== undefined) room.rated = dto.rated;
      if (dto.turnSeconds !== undefined) room.turnSeconds = dto.turnSeconds;
      if (dto.showLegalMoves !== undefined) room.showLegalMoves = dto.showLegalMoves;
      if (dto.swapColors !== undefined) room.swapColors = dto.swapColors;
      return this.rooms.save(m, room);
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

  /** The seats of the room's last game (null before the first); refuses while it is still on. */
  private async mustBeBetweenGames(m: EntityManager, room: Room): Promise<{ blackId: string; whiteId: string } | null> {
    if (!room.currentGameId) return null;
    const status = await this.games.statusOf(room.currentGameId, m);
    if (status === 'active') throw new AppError('GAME_IN_PROGRESS', 'A game is in progress in this room.', { gameId: room.currentGameId });
    const seats = await this.games.seatsOf(room.currentGameId, m);
    if (!seats) throw new Error(`room ${room.code}: its current game ${room.currentGameId} does not exist`);
    return seats;
  }

  private async startGame(m: EntityManager, room: Room, previous: { blackId: string; whiteId: string } | null): Promise<void> {
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
    await this.rooms.save(m, room);
    const dto = await this.games.toDto(game, m);
    for (const id of [colors.blackId, colors.whiteId]) {
      await this.events.publish({ topic: playerTopic(id), event: 'game', data: dto }, m);
    }
  }

  private async find(code: string): Promise<Room> {
    const normal = normaliseRoomCode(code);
    const room = normal ? await this.rooms.findByCode(normal) : null;
    if (!room) throw notFound(`Room "${code.slice(0, 32)}"`);
    return room;
  }

  private async lock(m: EntityManager, code: string): Promise<Room> {
    const normal = normaliseRoomCode(code);
    const room = normal ? await this.rooms.lockByCode(m, normal) : null;
    if (!room) throw notFound(`Room "${code.slice(0, 32)}"`);
    return room;
  }

  private async toDto(room: Room): Promise<RoomDto> {
    const games = await this.games.gameIdsOfRoom(room.id);
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
      games,
    };
  }
}
