import { Body, Controller, Delete, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPlayer, JwtAuthGuard } from '../common/authenticated.js';
import { ApiErrors } from '../common/api-errors.js';
import { Player } from '../players/entities/player.entity.js';
import { JoinQueueDto, RankedGateDto, TicketDto } from './dto/queue.dto.js';
import { MatchmakingService } from './matchmaking.service.js';

@ApiTags('queue')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('api/queue')
export class MatchmakingController {
  constructor(private readonly matchmaking: MatchmakingService) {}

  @Post()

  @ApiOperation({ summary: 'Join the ranked or unranked queue' })
  @ApiCreatedResponse({
    type: TicketDto,
    description:
      'Unranked: paired at once with the longest-waiting present, free player of the same mode and turn limit (state matched, gameId set), ' +
      'else waiting. Ranked: waiting, paired by the next pairing wave (about every second) within both tickets\' rating windows; ' +
      'the `matched` event on GET /api/me/events (or GET /api/queue) brings the gameId. The ticket lives while you are present: an open ' +
      'GET /api/me/events stream or a GET /api/queue within the last 30 s, else it is cancelled with reason `absent`. ' +
      '403 GUEST_NOT_ALLOWED, 403 RANKED_NOT_YET (a new account: details is GET /api/queue/ranked-gate\'s answer), 409 ALREADY_QUEUED / ALREADY_IN_GAME.',
  })
  @ApiErrors(
    ['GUEST_NOT_ALLOWED', 'ranked play needs a registered account'],
    ['RANKED_NOT_YET', 'ranked play opens after RANKED_MIN_CASUAL_GAMES finished casual games or RANKED_MIN_ACCOUNT_HOURS of account age; details: casualGames, casualGamesNeeded, openAt'],
    ['ALREADY_QUEUED', 'GET /api/queue has your ticket'],
    ['ALREADY_IN_GAME', 'details.gameId is your active game'],
  )
  join(@Body() dto: JoinQueueDto, @CurrentPlayer() player: Player): Promise<TicketDto> {
    return this.matchmaking.join(player, dto);
  }

  @Get('ranked-gate')
  @ApiOperation({ summary: 'Whether ranked play is open to you yet' })
  @ApiOkResponse({
    type: RankedGateDto,
    description:
      'A new account plays ranked games once it has finished RANKED_MIN_CASUAL_GAMES casual games or is RANKED_MIN_ACCOUNT_HOURS old (either suffices; ' +
      'a 0 takes that way out, both 0 open ranked play to everyone). Guests: eligible false (ranked play needs an account).',
  })
  rankedGate(@CurrentPlayer() player: Player): Promise<RankedGateDto> {
    return this.matchmaking.rankedGate(player);
  }

  @Get()

  @ApiOperation({ summary: 'Get your queue ticket (waiting or matched)' })
  @ApiOkResponse({
    type: TicketDto,
    description:
      'Your waiting ticket (this request counts as presence; like every GET it writes nothing: the app process that answers it records the poll with its next presence mark; a ranked one shows its current rating `window`), the matched one while ' +
      'its game is on, or your latest ticket for 10 minutes after it was cancelled with reason `absent` (so you learn why). ' +
      '404 otherwise (not queued, left, or the game is over).',
  })
  @ApiErrors(['NOT_FOUND', 'you are not queued (and were not just matched or cancelled as absent)'])
  current(@CurrentPlayer() player: Player): Promise<TicketDto> {
    return this.matchmaking.current(player);
  }

  @Delete()

  @ApiOperation({ summary: 'Leave the queue' })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Cancels your waiting ticket (reason `left`); also 204 when you were not queued' })
  leave(@CurrentPlayer() player: Player): Promise<void> {
    return this.matchmaking.leave(player);
  }
}
