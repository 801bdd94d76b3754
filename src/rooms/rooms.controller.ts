import { Body, Controller, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPlayer } from '../auth/current-player.decorator.js';
import { JwtAuthGuard } from '../auth/guards.js';
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
  @ApiCreatedResponse({ type: RoomDto, description: 'The host takes the first seat. 403 GUEST_NOT_ALLOWED for a rated room made by a guest; 429 RATE_LIMITED past ROOMS_PER_HOUR rooms opened within an hour.' })
  @ApiErrors(['GUEST_NOT_ALLOWED', 'a rated room made by a guest'], ['RATE_LIMITED', 'past ROOMS_PER_HOUR rooms opened within an hour'])
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
  @ApiErrors('NOT_FOUND', 'ROOM_FULL', ['ALREADY_IN_GAME', 'details.gameId is your active game'])
  join(@Param('code') code: string, @Body() _dto: EmptyBodyDto, @CurrentPlayer() player: Player): Promise<RoomDto> {
    return this.rooms.join(code, player);
  }

  @Patch(':code')

  @ApiOperation({ summary: "Change a room's settings between games (host only)" })
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOkResponse({ type: RoomDto, description: 'Host only (403), only between games (409 GAME_IN_PROGRESS).' })
  @ApiErrors(['FORBIDDEN', 'host only'], 'NOT_FOUND', 'GAME_IN_PROGRESS')
  update(@Param('code') code: string, @Body() dto: UpdateRoomDto, @CurrentPlayer() player: Player): Promise<RoomDto> {
    return this.rooms.update(code, player, dto);
  }

  @Post(':code/rematch')

  @ApiOperation({ summary: 'Start the next game in a room' })
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiCreatedResponse({ type: RoomDto, description: 'A new game; colours swap when swapColors is on. 409 GAME_IN_PROGRESS while one is on.' })
  @ApiErrors(['FORBIDDEN', 'seated players only'], 'NOT_FOUND', 'GAME_IN_PROGRESS', ['CONFLICT', 'the room waits for a second player'])
  rematch(@Param('code') code: string, @Body() _dto: EmptyBodyDto, @CurrentPlayer() player: Player): Promise<RoomDto> {
    return this.rooms.rematch(code, player);
  }
}
