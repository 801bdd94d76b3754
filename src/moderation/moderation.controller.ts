import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPlayer, JwtAuthGuard } from '../common/authenticated.js';
import { TokenAuthGuard } from '../auth/guards.js';
import type { TokenPrincipal } from '../auth/token-verifier.js';
import { ApiErrors } from '../common/api-errors.js';
import { UuidOr404Pipe } from '../common/uuid-or-404.pipe.js';
import { Player } from '../players/entities/player.entity.js';
import { FairPlayService } from '../fair-play/fair-play.service.js';
import { toBoostersDto } from './views/boosters.js';
import {
  BoostersDto, FileReportDto, ModActionDto, ModActionResultDto, ModPlayerViewDto, NoticesDto, OutliersDto, ReportDto, ReportsDto, ReportsQueryDto,
} from './dto/moderation.dto.js';
import { ModerationService } from './moderation.service.js';
import { ModeratorGuard } from './moderator.guard.js';

@ApiTags('games')
@Controller('api/games')
export class ReportsController {
  constructor(private readonly moderation: ModerationService) {}

  @Post(':id/reports')
  @ApiBearerAuth()
  @UseGuards(TokenAuthGuard)
  @ApiOperation({
    summary: 'Report your opponent in this game to the moderators',
    description:
      'Players of the game only; one open report per reporter and game; at most REPORTS_PER_HOUR (default 5) reports per player within any hour. ' +
      'A guest\'s or an account younger than a day weighs less in the queue, and such reports from one address share a cap (REPORTS_PER_ADDRESS an hour).',
  })
  @ApiCreatedResponse({ type: ReportDto, description: 'The report, open, for the moderators' })
  @ApiErrors(
    ['FORBIDDEN', 'you are not a player of this game'],
    'NOT_FOUND',
    ['ALREADY_REPORTED', 'you already have an open report on this game'],
    ['RATE_LIMITED', 'too many reports within the hour (yours, or weak reports from your address); details.retryAfterSeconds'],
  )
  report(@Param('id', UuidOr404Pipe) id: string, @Body() dto: FileReportDto, @CurrentPlayer() player: TokenPrincipal, @Req() req: Request): Promise<ReportDto> {
    return this.moderation.fileReport(id, player, dto, req.ip ?? null);
  }
}

const MOD_ONLY = ['FORBIDDEN', 'moderators only'] as const;

@ApiTags('moderation')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, ModeratorGuard)
@Controller('api/mod')
export class ModerationController {
  constructor(
    private readonly moderation: ModerationService,
    private readonly fairPlay: FairPlayService,
  ) {}

  @Get('reports')
  @ApiOperation({
    summary: 'The report queue: reported players by the weight of their open reports, then the newest (moderators only)',
    description:
      'A report weighs 1, or 0.25 from a guest or an account younger than a day; one address counts at most 1 against a player, so a flood from one place ' +
      'counts as one report. Paged by reported player; dismiss closes all of a player\'s open reports at once.',
  })
  @ApiOkResponse({ type: ReportsDto, description: 'A page of the queue' })
  @ApiErrors([...MOD_ONLY])
  reports(@Query() query: ReportsQueryDto): Promise<ReportsDto> {
    return this.moderation.openReports(query.page ?? 1, query.limit ?? 20);
  }

  @Get('outliers')
  @ApiOperation({ summary: 'The players furthest outside their rating band, highest score first (moderators only)' })
  @ApiOkResponse({ type: OutliersDto, description: 'At most 50 players with enough analysed moves, by score' })
  @ApiErrors([...MOD_ONLY])
  outliers(): Promise<OutliersDto> {
    return this.moderation.outliers();
  }

  @Get('boosters')
  @ApiOperation({
    summary: 'Accounts whose ranked wins came from new or provisional opponents who lost fast, with those feeders (moderators only)',
    description:
      'The boosting detector over the ranked wins of the last 30 days (BOOST_RECENT_DAYS): a win is fed when its loser was younger than 7 days (BOOST_YOUNG_HOURS) ' +
      'or had fewer than 10 rated games (BOOST_PROVISIONAL_GAMES) and gave the game up before their own 20th move (BOOST_EARLY_MOVES), moved near-instantly ' +
      '(BOOST_INSTANT_MOVE_MS), or never had another ranked opponent. Listed: fed wins from 2 or more opponents (BOOST_MIN_FEEDERS) and 3 or more fed wins ' +
      '(BOOST_MIN_FED_WINS), or 100 points from them (BOOST_MIN_FED_POINTS); the numbers are the defaults. Also `outflank fair-play flagged`.',
  })
  @ApiOkResponse({ type: BoostersDto, description: 'Highest score first' })
  @ApiErrors([...MOD_ONLY])
  async boosters(): Promise<BoostersDto> {
    return toBoostersDto(await this.fairPlay.boosters());
  }

  @Get('players/:username')
  @ApiOperation({ summary: "A player's fair-play statistics, move times, recent analysed games, reports and audit log (moderators only)" })
  @ApiOkResponse({ type: ModPlayerViewDto, description: "The player's moderation view" })
  @ApiErrors([...MOD_ONLY], 'NOT_FOUND')
  player(@Param('username') username: string): Promise<ModPlayerViewDto> {
    return this.moderation.playerView(username);
  }

  @Post('players/:username/actions')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Act on a player (moderators only); written to the audit log',
    description:
      'engine: the account can no longer play ranked, leaves the leaderboard, and its profile says so; each opponent who lost rating ' +
      'points to it in ranked games gets them back (refunds in their rating history), all in one transaction. dismiss: closes the ' +
      'open reports about the player. warn: the player sees the reason once (GET /api/me/notices). close: the account can no longer sign in, ' +
      'its tokens stop working and its games go on without it. reopen and unmark undo the latest close and engine mark (another moderator ' +
      'than the one who did it; unmark takes every refund back). Never on another moderator, nor on a player the moderator played a ranked ' +
      'game against within MOD_CONFLICT_DAYS.',
  })
  @ApiOkResponse({ type: ModActionResultDto, description: 'Done: the audit-log entry, and the refunds of an engine mark (or, negative, those an unmark took back)' })
  @ApiErrors(
    ['FORBIDDEN', 'moderators only; not on yourself, another moderator, or a player you played a ranked game against lately; an undo of your own action'],
    'NOT_FOUND',
    ['CONFLICT', 'already marked as an engine user, or already closed; reopen or unmark of an account that is not closed or marked'],
  )
  act(@Param('username') username: string, @Body() dto: ModActionDto, @CurrentPlayer() moderator: Player): Promise<ModActionResultDto> {
    return this.moderation.act(username, moderator, dto);
  }
}

@ApiTags('players')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('api/me/notices')
export class NoticesController {
  constructor(private readonly moderation: ModerationService) {}

  @Get()
  @ApiOperation({ summary: "Moderators' warnings you have not seen yet (show each once, then POST …/seen)" })
  @ApiOkResponse({ type: NoticesDto, description: 'Unseen warnings, oldest first' })
  notices(@CurrentPlayer() player: Player): Promise<NoticesDto> {
    return this.moderation.notices(player.id);
  }

  @Post(':id/seen')
  @HttpCode(204)
  @ApiOperation({ summary: 'You have seen this warning: it is not shown again' })
  @ApiNoContentResponse({ description: 'Recorded' })
  @ApiErrors(['NOT_FOUND', 'no unseen notice of yours has this id'])
  async seen(@Param('id', UuidOr404Pipe) id: string, @CurrentPlayer() player: Player): Promise<void> {
    await this.moderation.noticeSeen(player.id, id);
  }
}
