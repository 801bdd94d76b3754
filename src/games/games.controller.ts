import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPlayer, JwtAuthGuard, OptionalJwtAuthGuard } from '../common/authenticated.js';
import { TokenAuthGuard } from '../auth/guards.js';
import type { TokenPrincipal } from '../auth/token-verifier.js';
import { ApiErrors } from '../common/api-errors.js';
import { sendJsonText, sharedJson } from '../common/json-text.js';
import { UuidOr404Pipe } from '../common/uuid-or-404.pipe.js';
import { Player } from '../players/entities/player.entity.js';
import { ActiveGamesQueryDto, EmptyBodyDto, GameDto, GameSummariesDto, MoveResponseDto, MovesDto, PlayMoveDto } from './dto/game.dto.js';
import { GameQueries } from './game-queries.service.js';
import { GameStreamService } from './game-stream.service.js';
import { GamesService } from './games.service.js';
import { PresenceService } from './presence.service.js';

@ApiTags('games')
@Controller('api/games')
export class GamesController {
  constructor(
    private readonly games: GamesService,
    private readonly queries: GameQueries,
    private readonly streams: GameStreamService,
    private readonly presence: PresenceService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Live games to watch, newest first' })
  @ApiOkResponse({ type: GameSummariesDto, description: 'Page with ?before=<createdAt of the last one>' })
  async list(@Query() query: ActiveGamesQueryDto): Promise<GameSummariesDto> {
    return { games: await this.queries.active(query.limit ?? 20, query.before) };
  }

  @Get(':id')
  @UseGuards(OptionalJwtAuthGuard)
  @ApiOperation({ summary: 'A game' })
  @ApiOkResponse({ type: GameDto, description: 'The game as it is. A read never changes anything: a seated player takes a seat back from the stand-in with POST /api/games/{id}/seat.' })
  @ApiErrors('NOT_FOUND')
  get(@Param('id', UuidOr404Pipe) id: string): Promise<GameDto> {
    return this.queries.getGame(id);
  }

  @Post(':id/seat')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(TokenAuthGuard)
  @ApiOperation({ summary: 'Take your seat back from the CPU stand-in (you are back at the table)' })
  @ApiOkResponse({
    type: GameDto,
    description:
      'The game with your seat yours again (a `seat` event tells the others; on your turn the clock starts afresh), or as it was when ' +
      'nobody stood in for you or the game is over. Counts as presence, like an open event stream. Reading the game never takes it back (no GET writes).',
  })
  @ApiErrors(['FORBIDDEN', 'you are not seated in this game'], 'NOT_FOUND', ['CONFLICT', 'the game changed meanwhile; retry'])
  async seat(@Param('id', UuidOr404Pipe) id: string, @Body() _dto: EmptyBodyDto, @CurrentPlayer() player: TokenPrincipal): Promise<GameDto> {
    const game = await this.games.takeSeat(id, player.id);
    this.presence.mark(id, player.id);
    return game;
  }

  @Post(':id/moves')
  @ApiBearerAuth()
  @UseGuards(TokenAuthGuard)
  @ApiOperation({ summary: 'Play a move (with the ply you saw)' })
  @ApiCreatedResponse({
    type: MoveResponseDto,
    description:
      "The move is recorded (with any automatic pass after it, and the CPU's replies for a stand-in); the game after it, whose toMove may be you again",
  })
  @ApiOkResponse({ type: MoveResponseDto, description: 'A safe retry: you already made exactly this move at this ply; the recorded move and the current game' })
  @ApiErrors(
    ['FORBIDDEN', 'you are not seated in this game'],
    'NOT_FOUND',
    'NOT_YOUR_TURN',
    ['STALE_PLY', "ply is not the game's current ply; details.game is the current game"],
    ['GAME_OVER', "details.game is the finished game (in a clocked game: also when the move came after the mover's flag fell; they lost on time)"],
    ['CONFLICT', 'the game changed meanwhile; retry'],
    ['ILLEGAL_MOVE', 'not a legal square for you in this position'],
  )
  async move(
    @Param('id', UuidOr404Pipe) id: string,
    @Body() dto: PlayMoveDto,
    @CurrentPlayer() player: TokenPrincipal,
    @Res() res: Response,
  ): Promise<void> {
    const outcome = await this.games.playMove(id, player.id, dto.square, dto.ply, dto.lag ?? 0);
    if (!outcome.created) res.status(200);
    const answer: MoveResponseDto = { move: outcome.move, game: outcome.game };
    // As res.json would write it, the game as the text its event went out with (sharedJson).
    sendJsonText(res, `{"move":${JSON.stringify(answer.move)},"game":${sharedJson(answer.game)}}`);
  }

  @Post(':id/resign')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(TokenAuthGuard)
  @ApiOperation({ summary: 'Resign (the opponent wins); before both players have moved it aborts instead' })
  @ApiOkResponse({ type: GameDto, description: 'The finished game (the opponent wins), or the aborted game when not both players had moved' })
  @ApiErrors('FORBIDDEN', 'NOT_FOUND', 'GAME_OVER', ['CONFLICT', 'the game changed meanwhile; retry'])
  resign(@Param('id', UuidOr404Pipe) id: string, @Body() _dto: EmptyBodyDto, @CurrentPlayer() player: TokenPrincipal): Promise<GameDto> {
    return this.games.resign(id, player.id);
  }

  @Post(':id/abort')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(TokenAuthGuard)
  @ApiOperation({ summary: 'Abort (unrated, no winner): only before both players have moved' })
  @ApiOkResponse({ type: GameDto, description: 'The aborted game: no winner, unrated' })
  @ApiErrors('FORBIDDEN', 'NOT_FOUND', 'GAME_OVER', ['TOO_LATE_TO_ABORT', 'both players have moved'], ['CONFLICT', 'the game changed meanwhile; retry'])
  abort(@Param('id', UuidOr404Pipe) id: string, @Body() _dto: EmptyBodyDto, @CurrentPlayer() player: TokenPrincipal): Promise<GameDto> {
    return this.games.abort(id, player.id);
  }

  @Get(':id/moves')
  @ApiOperation({ summary: "A game's move list, passes included" })
  @ApiOkResponse({ type: MovesDto, description: 'Every record in ply order, passes included (square null)' })
  @ApiErrors('NOT_FOUND')
  async moves(@Param('id', UuidOr404Pipe) id: string): Promise<MovesDto> {
    return { moves: await this.queries.listMoves(id) };
  }

  @Get(':id/transcript')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiProduces('text/plain')
  @ApiOperation({ summary: 'The transcript, e.g. f5d6c3d3c4… (passes omitted)' })
  @ApiOkResponse({
    description: 'e.g. f5d6c3d3c4… (passes omitted); the Opening-Name header names the opening the game followed (the longest named line), when it has one',
    schema: { type: 'string' },
    headers: { 'Opening-Name': { description: 'e.g. Tiger (absent when the game followed no named line)', schema: { type: 'string' } } },
  })
  @ApiErrors('NOT_FOUND')
  async transcript(@Param('id', UuidOr404Pipe) id: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const { text, opening } = await this.queries.transcriptWithOpening(id);
    if (opening) res.setHeader('Opening-Name', opening);
    return text;
  }

  @Get(':id/events')
  @UseGuards(OptionalJwtAuthGuard)
  @ApiProduces('text/event-stream')
  @ApiOperation({ summary: "A game's live events (SSE)" })
  @ApiOkResponse({
    description:
      'SSE: move, end, seat (payloads: the `game` events of the document\'s x-events, MoveEventDto, SeatEventDto, GameDto); id = the game ply; ' +
      'resume with Last-Event-ID; the stream ends after `end`. Events carry the state they announce: a client holding ply n applies the ' +
      'move event of ply n+1 without a request, and fetches the game only on a gap. A seated player who sends their token counts as ' +
      'present while the stream is open (a seat held by the stand-in is taken back with POST /api/games/{id}/seat).',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiErrors('NOT_FOUND', ['RATE_LIMITED', 'too many open event streams'])
  stream(@Param('id', UuidOr404Pipe) id: string, @Req() req: Request, @Res() res: Response, @CurrentPlayer() viewer?: Player): Promise<void> {
    return this.streams.openGame(id, req, res, viewer?.id);
  }
}

@ApiTags('players')
@Controller('api/me')
export class MeController {
  constructor(private readonly streams: GameStreamService) {}

  @Get('events')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiProduces('text/event-stream')
  @ApiOperation({ summary: 'Your own events (SSE): matched, game, rematch' })
  @ApiOkResponse({
    description:
      "SSE of the player's own events: matched (the ticket, with gameId), game, rematch. Each event's id is a stored event id: " +
      'reconnect with Last-Event-ID to get what you missed (kept an hour). An open stream keeps your waiting queue ticket alive.',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiErrors(['RATE_LIMITED', 'too many open event streams'])
  stream(@CurrentPlayer() player: Player, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.streams.openPlayer(player.id, req, res);
  }
}
