import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPlayer } from '../auth/current-player.decorator.js';
import { JwtAuthGuard, OptionalJwtAuthGuard } from '../auth/guards.js';
import { lastEventId } from '../common/sse.js';
import { UuidOr404Pipe } from '../common/uuid-or-404.pipe.js';
import { EventsService, TopicEvent } from '../events/events.service.js';
import { Player } from '../players/entities/player.entity.js';
import { EmptyBodyDto, GameDto, GameSummariesDto, LiveGamesQueryDto, MoveResponseDto, MovesDto, PlayMoveDto } from './dto/game.dto.js';
import { gameTopic, GamesService, playerTopic, toMoveDto } from './games.service.js';

@ApiTags('games')
@Controller('api/games')
export class GamesController {
  constructor(
    private readonly games: GamesService,
    private readonly events: EventsService,
  ) {}

  @Get()

  @ApiOperation({ summary: 'List the live games to watch' })
  @ApiOkResponse({ type: GameSummariesDto, description: 'Live games to watch, newest first; page with ?before=<createdAt of the last one>' })
  async live(@Query() query: LiveGamesQueryDto): Promise<GameSummariesDto> {
    return { games: await this.games.activeGames(query.limit ?? 20, query.before) };
  }

  @Get(':id')

  @ApiOperation({ summary: 'Get a game (state, board, legal moves, result)' })
  @UseGuards(OptionalJwtAuthGuard)
  @ApiOkResponse({ type: GameDto, description: 'A seated player opening the game takes their seat back from a CPU stand-in.' })
  get(@Param('id', UuidOr404Pipe) id: string, @CurrentPlayer() viewer?: Player): Promise<GameDto> {
    return this.games.getGame(id, viewer);
  }

  @Post(':id/moves')

  @ApiOperation({ summary: 'Play a move (safe to retry with the same ply)' })
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiCreatedResponse({ type: MoveResponseDto, description: 'The move is recorded (with any automatic pass after it); the game after it.' })
  @ApiOkResponse({ type: MoveResponseDto, description: 'A safe retry: you already made exactly this move at this ply; the recorded move and the current game.' })
  async move(
    @Param('id', UuidOr404Pipe) id: string,
    @Body() dto: PlayMoveDto,
    @CurrentPlayer() player: Player,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MoveResponseDto> {
    const outcome = await this.games.playMove(id, player, dto.square, dto.ply);
    if (!outcome.created) res.status(200);
    return { move: outcome.move, game: outcome.game };
  }

  @Post(':id/resign')

  @ApiOperation({ summary: 'Resign the game' })
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOkResponse({ type: GameDto, description: 'The finished game: the opponent wins' })
  resign(@Param('id', UuidOr404Pipe) id: string, @Body() _dto: EmptyBodyDto, @CurrentPlayer() player: Player): Promise<GameDto> {
    return this.games.resign(id, player);
  }

  @Get(':id/moves')

  @ApiOperation({ summary: "Get a game's move list (passes included)" })
  @ApiOkResponse({ type: MovesDto, description: 'Every record in ply order, passes included' })
  async moves(@Param('id', UuidOr404Pipe) id: string): Promise<MovesDto> {
    return { moves: await this.games.listMoves(id) };
  }

  @Get(':id/transcript')

  @ApiOperation({ summary: "Get a game's transcript as plain text" })
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'e.g. f5d6c3d3c4… (passes omitted)', schema: { type: 'string' } })
  transcript(@Param('id', UuidOr404Pipe) id: string): Promise<string> {
    return this.games.transcript(id);
  }

  @Get(':id/events')

  @ApiOperation({ summary: 'Follow a game live (server-sent events, resumable)' })
  @UseGuards(OptionalJwtAuthGuard)
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description:
      'SSE: move, end, seat; id = the game ply; resume with Last-Event-ID. A seated player who sends their token ' +
      'counts as present while the stream is open (no CPU stand-in in games without a turn limit).',
  })
  async stream(
    @Param('id', UuidOr404Pipe) id: string,
    @Req() req: Request,
    @Res() res: Response,
    @CurrentPlayer() viewer?: Player,
  ): Promise<void> {
    await this.games.mustExist(id);
    const since = lastEventId(req);
    const present = viewer ? () => void this.games.touch(id, viewer.id).catch(() => undefined) : undefined;
    present?.();
    const sse = this.events.openStream(req, res, present);
    // Subscribe first and hold live events until the replay is out, so nothing falls between.
    let lastSent = since ?? -1;
    let endSent = false;
    const held: TopicEvent[] = [];
    let replaying = true;
    const deliver = (e: TopicEvent) => {
      if (e.event === 'move') {
        if ((e.id ?? 0) <= lastSent) return;
        lastSent = e.id ?? lastSent;
      }
      if (e.event === 'end') {
        if (endSent) return;
        endSent = true;
      }
      sse.send(e.event, e.data, e.id);
    };
    sse.onClose(this.events.subscribe(gameTopic(id), (e) => (replaying ? held.push(e) : deliver(e))));
    try {
      if (since !== null) {
        for (const m of await this.games.movesSince(id, since)) deliver({ topic: gameTopic(id), event: 'move', id: m.ply + 1, data: toMoveDto(m) });
        const game = await this.games.getGame(id);
        if (game.status !== 'active') deliver({ topic: gameTopic(id), event: 'end', id: game.ply, data: game });
      }
      replaying = false;
      for (const e of held.splice(0)) deliver(e);
    } catch {
      sse.close();
    }
  }
}

@ApiTags('players')
@Controller('api/me')
export class MeController {
  constructor(
    private readonly events: EventsService,
  ) {}

  @Get('events')

  @ApiOperation({ summary: 'Follow your own events: matched, game (server-sent events)' })
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: "SSE of the player's own events: matched, game" })
  stream(@CurrentPlayer() player: Player, @Req() req: Request, @Res() res: Response): void {
    const sse = this.events.openStream(req, res);
    sse.onClose(this.events.subscribe(playerTopic(player.id), (e) => sse.send(e.event, e.data, e.id)));
  }
}
