import { Body, Controller, Delete, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPlayer } from '../auth/current-player.decorator.js';
import { JwtAuthGuard } from '../auth/guards.js';
import { ApiErrors } from '../common/api-errors.js';
import { Player } from '../players/entities/player.entity.js';
import { JoinQueueDto, TicketDto } from './dto/queue.dto.js';
import { MatchmakingService } from './matchmaking.service.js';

@ApiTags('queue')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('api/queue')
export class MatchmakingController {
  constructor(private readonly matchmaking: MatchmakingService) {}

  @Post()

  @ApiOperation({ summary: 'Join the ranked or unranked queue' })
  @ApiCreatedResponse({ type: TicketDto, description: 'Paired at once when a player with the same mode and turn limit waits (state matched, gameId set).' })
  @ApiErrors(
    ['GUEST_NOT_ALLOWED', 'ranked play needs a registered account'],
    ['ALREADY_QUEUED', 'GET /api/queue has your ticket'],
    ['ALREADY_IN_GAME', 'details.gameId is your active game'],
  )
  join(@Body() dto: JoinQueueDto, @CurrentPlayer() player: Player): Promise<TicketDto> {
    return this.matchmaking.join(player, dto);
  }

  @Get()

  @ApiOperation({ summary: 'Get your queue ticket (waiting or matched)' })
  @ApiOkResponse({ type: TicketDto, description: 'Your ticket: waiting, or matched with its gameId' })
  @ApiErrors(['NOT_FOUND', 'you are not queued (and were not just matched)'])
  current(@CurrentPlayer() player: Player): Promise<TicketDto> {
    return this.matchmaking.current(player);
  }

  @Delete()

  @ApiOperation({ summary: 'Leave the queue' })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Also 204 when you were not queued' })
  leave(@CurrentPlayer() player: Player): Promise<void> {
    return this.matchmaking.leave(player);
  }
}
