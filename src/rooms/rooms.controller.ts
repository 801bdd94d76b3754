import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPlayer, JwtAuthGuard } from '../common/authenticated.js';
import { ApiErrors } from '../common/api-errors.js';
import { EmptyBodyDto } from '../games/dto/game.dto.js';
import { Player } from '../players/entities/player.entity.js';
import { CreateRoomDto, RoomDto, UpdateRoomDto } from './dto/room.dto.js';
import { RoomsService } from './rooms.service.js';

@ApiTags('rooms')
@Controller('api/rooms')
export class RoomsController {
  constructor(private readonly rooms: RoomsService) {}

  @Post()

  @ApiOperation({ summary: 'Open a room with your own settings' })
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiCreatedResponse({ type: RoomDto, description: 'The host takes the first seat. Rooms are never rated. Guests may host. 429 RATE_LIMITED past ROOMS_PER_HOUR rooms opened within an hour.' })
  @ApiErrors(
    ['VALIDATION_FAILED', 'e.g. `rated: true` (rooms are never rated; ratings move only in ranked games)'],
    ['ALREADY_IN_GAME', 'the host is seated in an active game'],
    ['RATE_LIMITED', 'past ROOMS_PER_HOUR rooms opened within an hour'],
  )
  create(@Body() dto: CreateRoomDto, @CurrentPlayer() player: Player): Promise<RoomDto> {
    return this.rooms.create(player, dto);
  }

  @Get(':code')

  @ApiOperation({ summary: 'Get a room by its code' })
  @ApiOkResponse({ type: RoomDto, description: 'The room: settings, seats, current game' })
  @ApiErrors('NOT_FOUND')
  get(@Param('code') code: string): Promise<RoomDto> {
    return this.rooms.get(code);
  }

  @Post(':code/join')

  @ApiOperation({ summary: 'Join a room (the first game starts when both seats are taken)' })
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOkResponse({ type: RoomDto, description: 'When the second seat fills, the first game starts (the host plays Black).' })
  @ApiErrors('NOT_FOUND', 'ROOM_FULL', ['ALREADY_IN_GAME', 'the joining player (or the host) is seated in another active game'])
  join(@Param('code') code: string, @Body() _dto: EmptyBodyDto, @CurrentPlayer() player: Player): Promise<RoomDto> {
    return this.rooms.join(code, player);
  }

  @Patch(':code')

  @ApiOperation({ summary: "Change a room's settings between games (host only)" })
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOkResponse({ type: RoomDto, description: 'Host only (403), only between games (409 GAME_IN_PROGRESS). `rated: true` is 400.' })
  @ApiErrors(['VALIDATION_FAILED', 'e.g. `rated: true`'], ['FORBIDDEN', 'host only'], 'NOT_FOUND', 'GAME_IN_PROGRESS')
  update(@Param('code') code: string, @Body() dto: UpdateRoomDto, @CurrentPlayer() player: Player): Promise<RoomDto> {
    return this.rooms.update(code, player, dto);
  }

  @Post(':code/rematch')
  @ApiOperation({ summary: 'Offer a rematch, or accept the other seat\'s offer (the next game starts)' })
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOkResponse({
    type: RoomDto,
    description:
      'An offer: `rematch: {offeredBy, expiresAt}`, and a `rematch` event (the room) on the other seat\'s GET /api/me/events. ' +
      'Asking again while your own offer stands changes nothing. The offer lapses after REMATCH_OFFER_SECONDS (60).',
  })
  @ApiCreatedResponse({ type: RoomDto, description: 'The other seat had offered: the next game starts (new gameId; colours swap when swapColors), a `game` event to both seats.' })
  @ApiErrors(
    ['FORBIDDEN', 'only the seated players'],
    'NOT_FOUND',
    ['GAME_IN_PROGRESS', 'while a game is on'],
    ['ALREADY_IN_GAME', 'you (or, to start, your opponent) are seated in another active game'],
    ['RATE_LIMITED', 'more than REMATCH_ACTIONS_PER_MINUTE (10) rematch offers and withdrawals within a minute; see Retry-After'],
  )
  async rematch(
    @Param('code') code: string,
    @Body() _dto: EmptyBodyDto,
    @CurrentPlayer() player: Player,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RoomDto> {
    const outcome = await this.rooms.rematch(code, player);
    res.status(outcome.started ? 201 : 200);
    return outcome.room;
  }

  @Delete(':code/rematch')
  @ApiOperation({ summary: "Withdraw your rematch offer, or decline the other seat's" })
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOkResponse({
    type: RoomDto,
    description: 'Withdraws your offer or declines the other seat\'s: the room with `rematch: null`, and a `rematch` event (the room) to the other seat. No offer standing: 200, nothing changes.',
  })
  @ApiErrors(['FORBIDDEN', 'only the seated players'], 'NOT_FOUND', ['RATE_LIMITED', 'more than REMATCH_ACTIONS_PER_MINUTE (10) rematch offers and withdrawals within a minute; see Retry-After'])
  cancelRematch(@Param('code') code: string, @CurrentPlayer() player: Player): Promise<RoomDto> {
    return this.rooms.cancelRematch(code, player);
  }
}
