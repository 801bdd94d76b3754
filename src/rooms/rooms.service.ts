import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { PgThrottlerStorage } from '../rate-limit/pg-throttler-storage.js';
import { Clock } from '../common/clock.js';
import { AppError, forbidden, notFound, validationFailed } from '../common/errors.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Db } from '../database/db.js';
import { EventsService } from '../events/events.service.js';
import { playerEvent } from '../events/event-map.js';
import { GameListsRepository } from '../games/game-lists.repository.js';
import { GamesRepository } from '../games/games.repository.js';
import { GamesService } from '../games/games.service.js';
import { Player } from '../players/entities/player.entity.js';
import { PlayerProfiles } from '../leaderboard/player-profiles.service.js';
import { PlayersService } from '../players/players.service.js';
import { type ClockControl, clockLabel, parseClockLabel } from '../games/domain/clock.js';
import { liveOffer, nextColors, normaliseRoomCode, otherSeat, rematchRequest, ROOM_DEFAULTS, roomCode } from './domain/room-rules.js';
import { CreateRoomDto, RoomDto, UpdateRoomDto } from './dto/room.dto.js';
import { Room } from './entities/room.entity.js';
import { RoomsRepository } from './rooms.repository.js';

/** A room's clock, or null. */
function roomClock(room: Pick<Room, 'clockBaseSeconds' | 'clockIncrementSeconds'>): ClockControl | null {
  return room.clockBaseSeconds === null ? null : { baseSeconds: room.clockBaseSeconds, incrementSeconds: room.clockIncrementSeconds ?? 0 };
}

/** A room has a turn limit or a clock, not both. */
function mustNotHaveBoth(turnSeconds: number | null, clock: ClockControl | null): void {
  if (turnSeconds !== null && clock !== null) throw validationFailed({ key: 'api.validation.clockAndTurn' });
}

/** A rematch request's answer: the room, and whether it started the next game (201) or is an offer (200). */
export interface RematchOutcome {
  started: boolean;
  room: RoomDto;
}

/**
 * Rooms: a host's friendly table with its own house rules. Never rated (ratings move only in
 * ranked games); a player seated in another active game cannot create, join or rematch (one game
 * at a time); the next game of a series starts when both seats have asked for it.
 */
@Injectable()
export class RoomsService {
  constructor(
    private readonly db: Db,
    private readonly rooms: RoomsRepository,
    private readonly games: GamesService,
    private readonly gameRows: GamesRepository,
    private readonly gameLists: GameListsRepository,
    private readonly players: PlayersService,
    private readonly profiles: PlayerProfiles,
    private readonly events: EventsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly counters: PgThrottlerStorage,
  ) {}

  async create(host: Player, dto: CreateRoomDto): Promise<RoomDto> {
    const clock = dto.clock ? parseClockLabel(dto.clock) : null;
    const turnSeconds = dto.turnSeconds ?? ROOM_DEFAULTS.turnSeconds;
    mustNotHaveBoth(turnSeconds, clock);
    for (let attempt = 0; ; attempt++) {
      const room = await this.db.transaction(async () => {
        await this.mustBeUnderRoomLimit(host);
        await this.mustBeFree([host.id], host.id);
        return this.rooms.insert(
          {
            code: roomCode(randomBytes(8)),
            hostId: host.id,
            seat1Id: host.id,
            seat2Id: null,
            turnSeconds,
            clockBaseSeconds: clock?.baseSeconds ?? null,
            clockIncrementSeconds: clock?.incrementSeconds ?? null,
            showLegalMoves: dto.showLegalMoves ?? ROOM_DEFAULTS.showLegalMoves,
            swapColors: dto.swapColors ?? ROOM_DEFAULTS.swapColors,
          },
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
  private async mustBeUnderRoomLimit(host: Player): Promise<void> {
    const { opened, wait } = await this.rooms.openedInLastHour(host.id);
    const limit = this.config.roomsPerHour;
    if (opened >= limit) {
      const minutes = Math.max(1, Math.ceil((wait ?? 60) / 60));
      throw new AppError(
        'RATE_LIMITED',
        { key: 'api.rooms.rateLimited', values: { limit, minutes } },
        { limit, retryAfterSeconds: Math.max(1, wait ?? 60) },
      );
    }
  }

  async get(code: string): Promise<RoomDto> {
    return this.toDto(await this.find(code));
  }

  /** Takes the second seat and starts the first game; joining a room you sit in is a no-op. */
  async join(code: string, player: Player): Promise<RoomDto> {
    const room = await this.db.transaction(async () => {
      const room = await this.lock(code);
      if (room.seat1Id === player.id || room.seat2Id === player.id) return room;
      if (room.seat2Id) throw new AppError('ROOM_FULL', { key: 'api.rooms.full' });
      await this.mustBeFree([room.seat1Id, player.id], player.id);
      room.seat2Id = player.id;
      await this.startGame(room, null);
      return room;
    });
    // The answer is read after the commit: the transaction holds its connection no longer than the write needs.
    return this.toDto(room);
  }

  async update(code: string, player: Player, dto: UpdateRoomDto): Promise<RoomDto> {
    return this.db.transaction(async () => {
      const room = await this.lock(code);
      if (room.hostId !== player.id) throw forbidden({ key: 'api.rooms.hostOnly' });
      await this.mustBeBetweenGames(room);
      if (dto.turnSeconds !== undefined) room.turnSeconds = dto.turnSeconds;
      if (dto.clock !== undefined) {
        const clock = dto.clock ? parseClockLabel(dto.clock) : null;
        room.clockBaseSeconds = clock?.baseSeconds ?? null;
        room.clockIncrementSeconds = clock?.incrementSeconds ?? null;
      }
      mustNotHaveBoth(room.turnSeconds, roomClock(room));
      if (dto.showLegalMoves !== undefined) room.showLegalMoves = dto.showLegalMoves;
      if (dto.swapColors !== undefined) room.swapColors = dto.swapColors;
      return this.toDto(await this.rooms.save(room));
    });
  }

  /**
   * A seated player asks for the next game: the first ask is an offer (a `rematch` event to the
   * other seat); when the other seat has an offer standing, the next game starts (a `game` event
   * to both). Asking again while one's own offer stands changes nothing.
   */
  /**
   * Each rematch offer, acceptance, withdrawal or refusal sends the other seat an event: at most
   * REMATCH_ACTIONS_PER_MINUTE of them per player (all app copies together), else 429.
   */
  private async mustBeUnderRematchLimit(player: Player): Promise<void> {
    const limit = this.config.rematchActionsPerMinute;
    const count = await this.counters.increment(player.id, 60_000, limit, 0, 'rematch');
    if (count.isBlocked) {
      const seconds = count.timeToBlockExpire;
      throw new AppError('RATE_LIMITED', { key: 'api.rooms.rematchRateLimited', values: { seconds } }, { limit, retryAfterSeconds: seconds });
    }
  }

  async rematch(code: string, player: Player): Promise<RematchOutcome> {
    await this.mustBeUnderRematchLimit(player);
    const outcome = await this.db.transaction(async (): Promise<{ started: true; room: Room } | { started: false; room: RoomDto }> => {
      const room = await this.lock(code);
      const other = otherSeat(room.seat1Id, room.seat2Id, player.id);
      if (room.seat1Id !== player.id && room.seat2Id !== player.id) throw forbidden({ key: 'api.rooms.rematchSeatedOnly' });
      if (!other) throw new AppError('CONFLICT', { key: 'api.rooms.waitingForSecond' });
      const previous = await this.mustBeBetweenGames(room);
      const now = this.clock.now();
      const action = rematchRequest(liveOffer(room.rematchOfferedBy, room.rematchExpiresAt, now), player.id);
      if (action === 'start') {
        await this.mustBeFree([player.id, other], player.id);
        room.rematchOfferedBy = null;
        room.rematchExpiresAt = null;
        await this.startGame(room, previous);
        return { started: true, room };
      }
      await this.mustBeFree([player.id], player.id);
      if (action === 'already-offered') return { started: false, room: await this.toDto(room) };
      room.rematchOfferedBy = player.id;
      room.rematchExpiresAt = new Date(now.getTime() + this.config.rematchOfferSeconds * 1000);
      await this.rooms.save(room);
      const dto = await this.toDto(room);
      await this.events.publish(playerEvent(other, 'rematch', dto));
      return { started: false, room: dto };
    });
    // A started game's answer is read after the commit (the offer's is the event's own DTO).
    return outcome.started ? { started: true, room: await this.toDto(outcome.room) } : outcome;
  }

  /** Withdraws one's own rematch offer or declines the other seat's (a `rematch` event with rematch null to the other seat). */
  async cancelRematch(code: string, player: Player): Promise<RoomDto> {
    await this.mustBeUnderRematchLimit(player);
    return this.db.transaction(async () => {
      const room = await this.lock(code);
      if (room.seat1Id !== player.id && room.seat2Id !== player.id) throw forbidden({ key: 'api.rooms.declineSeatedOnly' });
      const offer = liveOffer(room.rematchOfferedBy, room.rematchExpiresAt, this.clock.now());
      const hadRow = room.rematchOfferedBy !== null;
      room.rematchOfferedBy = null;
      room.rematchExpiresAt = null;
      if (hadRow) await this.rooms.save(room);
      const dto = await this.toDto(room);
      const other = otherSeat(room.seat1Id, room.seat2Id, player.id);
      // Only a standing offer is news to the other seat (a lapsed one already reads as none).
      if (offer && other) await this.events.publish(playerEvent(other, 'rematch', dto));
      return dto;
    });
  }

  /**
   * One game at a time: refuses (409 ALREADY_IN_GAME) when any of these players is seated in an
   * active game. The players' rows are locked in id order first, so two requests for the same
   * player (or a pairing that locks them too) take turns.
   */
  private async mustBeFree(playerIds: string[], requesterId: string): Promise<void> {
    const ids = [...new Set(playerIds)].sort();
    for (const id of ids) await this.players.lock(id);
    for (const id of [requesterId, ...ids.filter((id) => id !== requesterId)]) {
      const gameId = await this.gameLists.activeGameIdOf(id);
      if (!gameId) continue;
      throw id === requesterId
        ? new AppError('ALREADY_IN_GAME', { key: 'api.rooms.youInGame' }, { gameId })
        : new AppError('ALREADY_IN_GAME', { key: 'api.rooms.opponentInGame' }, { playerId: id });
    }
  }

  /** The seats of the room's last game (null before the first); refuses while it is still on. */
  private async mustBeBetweenGames(room: Room): Promise<{ blackId: string; whiteId: string } | null> {
    if (!room.currentGameId) return null;
    const status = await this.gameRows.statusOf(room.currentGameId);
    if (status === 'active') throw new AppError('GAME_IN_PROGRESS', { key: 'api.rooms.gameInProgress' }, { gameId: room.currentGameId });
    const seats = await this.gameRows.seatsOf(room.currentGameId);
    if (!seats) throw new Error(`room ${room.code}: its current game ${room.currentGameId} does not exist`);
    return seats;
  }

  private async startGame(room: Room, previous: { blackId: string; whiteId: string } | null): Promise<void> {
    const colors = nextColors(room.seat1Id, room.seat2Id!, previous, room.swapColors);
    const game = await this.games.createGame({
      roomId: room.id,
      roomCode: room.code,
      rated: false, // rooms are friendly tables: ratings move only in ranked games
      turnSeconds: room.turnSeconds,
      clock: roomClock(room),
      showLegalMoves: room.showLegalMoves,
      ...colors,
    });
    room.currentGameId = game.id;
    await this.rooms.save(room);
    const dto = await this.games.toDto(game);
    await this.events.publishAll([colors.blackId, colors.whiteId].map((id) => playerEvent(id, 'game', dto)));
  }

  private async find(code: string): Promise<Room> {
    const normal = normaliseRoomCode(code);
    const room = normal ? await this.rooms.findByCode(normal) : null;
    if (!room) throw notFound('room', code.slice(0, 32));
    return room;
  }

  private async lock(code: string): Promise<Room> {
    const normal = normaliseRoomCode(code);
    const room = normal ? await this.rooms.lockByCode(normal) : null;
    if (!room) throw notFound('room', code.slice(0, 32));
    return room;
  }

  private async toDto(room: Room): Promise<RoomDto> {
    const games = await this.gameLists.gameIdsOfRoom(room.id);
    const seated = await this.players.findByIds([room.seat1Id, room.seat2Id].filter((id): id is string => id !== null));
    const seat = async (id: string | null) => {
      const p = id ? seated.find((x) => x.id === id) : undefined;
      return p ? this.profiles.profile(p) : null;
    };
    const offer = liveOffer(room.rematchOfferedBy, room.rematchExpiresAt, this.clock.now());
    return {
      code: room.code,
      hostId: room.hostId,
      settings: { turnSeconds: room.turnSeconds, clock: roomClock(room) && clockLabel(roomClock(room)!), showLegalMoves: room.showLegalMoves, swapColors: room.swapColors },
      seats: [await seat(room.seat1Id), await seat(room.seat2Id)],
      gameId: room.currentGameId,
      games,
      rematch: offer ? { offeredBy: offer.offeredBy, expiresAt: offer.expiresAt.toISOString() } : null,
    };
  }
}
