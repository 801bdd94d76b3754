import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.js';
import { PlayersService } from '../players/players.service.js';
import { GamesQueryDto, GameSummariesDto } from './dto/game.dto.js';
import { GameQueries } from './game-queries.service.js';

/** A player's games (their rating history is the ratings module's route). */
@ApiTags('players')
@Controller('api/players')
export class PlayerGamesController {
  constructor(
    private readonly players: PlayersService,
    private readonly games: GameQueries,
  ) {}

  @Get(':username/games')
  @ApiOperation({ summary: "List a player's games, newest first" })
  @ApiOkResponse({ type: GameSummariesDto, description: 'Newest first; page with ?before=<createdAt of the last one>' })
  @ApiErrors('NOT_FOUND')
  async list(@Param('username') username: string, @Query() query: GamesQueryDto): Promise<GameSummariesDto> {
    const player = await this.players.getByUsername(username);
    return { games: await this.games.gamesOf(player.id, query.limit ?? 20, query.before) };
  }
}
