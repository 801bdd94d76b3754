import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPlayer, JwtAuthGuard } from '../common/authenticated.js';
import { ApiErrors } from '../common/api-errors.js';
import { AppError } from '../common/errors.js';
import { UuidOr404Pipe } from '../common/uuid-or-404.pipe.js';
import { EmptyBodyDto } from '../games/dto/game.dto.js';
import { Player } from '../players/entities/player.entity.js';
import { ChallengesService } from './challenges.service.js';
import { ChallengeDto, ChallengeListDto, CreateChallengeDto, DeclineChallengeDto } from './dto/challenge.dto.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A challenge id that is not a uuid names nothing: 404, never a database error. */
function challengeId(id: string): string {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', { key: 'api.challenges.notFound', values: { id: id.slice(0, 40) } });
  return id.toLowerCase();
}

const RANKED_RULES =
  'a rated challenge breaks a ranked rule; details.rule names it: guestMine/guestTheirs (guests play no rated games), closedMine/closedTheirs ' +
  '(a closed or engine-marked account), newMine/newTheirs (a new account before ranked play opens to it: RANKED_MIN_CASUAL_GAMES finished casual games or RANKED_MIN_ACCOUNT_HOURS), cooldownMine/cooldownTheirs (a ranked cooldown, details.until), botMix (bots play rated games with bots only), ' +
  'linked (one address or device), pairCap (3 ranked games between you in 24 hours)';
const RATE = 'more than CHALLENGES_PER_MINUTE (6) challenges and rematch offers sent within a minute; see Retry-After';

@ApiTags('challenges')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('api')
export class ChallengesController {
  constructor(private readonly challenges: ChallengesService) {}

  @Post('challenges')
  @ApiOperation({ summary: 'Challenge a player by name: rated or casual, a clock, your colour' })
  @ApiCreatedResponse({
    type: ChallengeDto,
    description:
      'The open challenge; the challenged player gets a `challenge` event on GET /api/me/events (so do you). It lapses after CHALLENGE_SECONDS (180) ' +
      'unanswered (state expired, a `challenge` event to both). One open challenge from you to the same player at a time.',
  })
  @ApiErrors(
    ['VALIDATION_FAILED', 'a bad field; yourself; a rated challenge with no clock or a custom one (rated: the presets only)'],
    ['NOT_FOUND', 'no such player'],
    ['RANKED_REFUSED', RANKED_RULES],
    ['CONFLICT', 'you already have an open challenge to this player (details.challengeId)'],
    ['RATE_LIMITED', RATE],
  )
  create(@Body() dto: CreateChallengeDto, @CurrentPlayer() player: Player): Promise<ChallengeDto> {
    return this.challenges.create(player, dto);
  }

  @Get('challenges')
  @ApiOperation({ summary: 'Your open challenges: to you and from you' })
  @ApiOkResponse({ type: ChallengeListDto, description: 'The open challenges (not answered, not lapsed) to you and from you, oldest first. Reads only.' })
  list(@CurrentPlayer() player: Player): Promise<ChallengeListDto> {
    return this.challenges.list(player);
  }

  @Get('challenges/:id')
  @ApiOperation({ summary: 'One of your challenges (sent or received), in any state' })
  @ApiOkResponse({ type: ChallengeDto, description: 'The challenge as it is: an open one past expiresAt reads expired. Reads only.' })
  @ApiErrors(['NOT_FOUND', 'no such challenge, or not yours'])
  get(@Param('id') id: string, @CurrentPlayer() player: Player): Promise<ChallengeDto> {
    return this.challenges.get(player, challengeId(id));
  }

  @Post('challenges/:id/accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept a challenge to you: the game starts' })
  @ApiOkResponse({
    type: ChallengeDto,
    description: 'state accepted and gameId: a `game` event (the game) to both players, and a `challenge` event. A rated challenge passes every ranked rule again.',
  })
  @ApiErrors(
    ['NOT_FOUND', 'no such challenge, or not yours'],
    ['FORBIDDEN', 'you sent it: only the challenged player accepts'],
    ['CONFLICT', 'no longer open (details.state: accepted, declined, cancelled or expired)'],
    ['ALREADY_IN_GAME', 'you or the challenger are playing a game'],
    ['RANKED_REFUSED', RANKED_RULES],
  )
  accept(@Param('id') id: string, @Body() _dto: EmptyBodyDto, @CurrentPlayer() player: Player): Promise<ChallengeDto> {
    return this.challenges.accept(player, challengeId(id));
  }

  @Post('challenges/:id/decline')
  @HttpCode(200)
  @ApiOperation({ summary: 'Decline a challenge to you, with a reason the challenger is told' })
  @ApiOkResponse({ type: ChallengeDto, description: 'state declined and declineReason; a `challenge` event to the challenger.' })
  @ApiErrors(
    ['NOT_FOUND', 'no such challenge, or not yours'],
    ['FORBIDDEN', 'you sent it: withdraw it with DELETE'],
    ['CONFLICT', 'no longer open (details.state)'],
  )
  decline(@Param('id') id: string, @Body() dto: DeclineChallengeDto, @CurrentPlayer() player: Player): Promise<ChallengeDto> {
    return this.challenges.decline(player, challengeId(id), dto.reason ?? 'later');
  }

  @Delete('challenges/:id')
  @ApiOperation({ summary: 'Withdraw a challenge you sent' })
  @ApiOkResponse({ type: ChallengeDto, description: 'state cancelled; a `challenge` event to the challenged player.' })
  @ApiErrors(
    ['NOT_FOUND', 'no such challenge, or not yours'],
    ['FORBIDDEN', 'it was sent to you: decline it instead'],
    ['CONFLICT', 'no longer open (details.state)'],
  )
  cancel(@Param('id') id: string, @CurrentPlayer() player: Player): Promise<ChallengeDto> {
    return this.challenges.cancel(player, challengeId(id));
  }

  @Post('games/:id/rematch')
  @ApiOperation({ summary: 'A rematch after a finished game (not a room\'s): same clock, colours swapped, rated as the game was' })
  @ApiOkResponse({
    type: ChallengeDto,
    description:
      'An offer: a challenge to your opponent with `rematchOf` the game (accept it as any challenge, or ask for the rematch too). ' +
      'A rated one follows every ranked rule. Asking again while yours stands changes nothing.',
  })
  @ApiCreatedResponse({ type: ChallengeDto, description: 'Your opponent had asked: their challenge is accepted and the game starts (state accepted, gameId).' })
  @ApiErrors(
    ['NOT_FOUND', 'no such game'],
    ['FORBIDDEN', 'only the game\'s two players'],
    ['GAME_IN_PROGRESS', 'the game is still on'],
    ['CONFLICT', 'a room\'s game: use POST /api/rooms/{code}/rematch'],
    ['ALREADY_IN_GAME', 'you or your opponent are playing another game'],
    ['RANKED_REFUSED', RANKED_RULES],
    ['RATE_LIMITED', RATE],
  )
  async rematch(
    @Param('id', UuidOr404Pipe) gameId: string,
    @Body() _dto: EmptyBodyDto,
    @CurrentPlayer() player: Player,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ChallengeDto> {
    const outcome = await this.challenges.rematch(player, gameId);
    res.status(outcome.started ? 201 : 200);
    return outcome.challenge;
  }
}
