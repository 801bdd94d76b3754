import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.js';
import { PlayersService } from '../players/players.service.js';
import { RatingHistoryDto } from '../ratings/dto/rating-history.dto.js';
import { RatingsService } from '../ratings/ratings.service.js';
import { GamesQueryDto, GameSummariesDto } from './dto/game.dto.js';
import { GameQueries } from './game-queries.service.js';

/** A player's games and rating history (routes under /api/players that need games and ratings). */
@ApiTags('players')
@Controller('api/players')
export class PlayerGamesController {
  constructor(
    private readonly players: PlayersService,
    private readonly games: GameQueries,
    private readonly ratings: RatingsService,
  ) {}

  @Get(':username/games')

  @ApiOperation({ summary: "List a player's games, newest first" })
  @ApiOkResponse({ type: GameSummariesDto, description: 'Newest first; page with ?before=<createdAt of the last one>' })
  @ApiErrors('NOT_FOUND')
  async list(@Param('username') username: string, @Query() query: GamesQueryDto): Promise<GameSummariesDto> {
    const player = await this.players.getByUsername(username);
    return { games: await this.games.gamesOf(player.id, query.limit ?? 20, query.before) };
  }

  @Get(':username/rating-history')

  @ApiOperation({ summary: "Get a player's rating history" })
  @ApiOkResponse({ type: RatingHistoryDto, description: 'Oldest first: one point per rated game' })
  @ApiErrors('NOT_FOUND')
  async ratingHistory(@Param('username') username: string): Promise<RatingHistoryDto> {
    const player = await this.players.getByUsername(username);
    return { points: await this.ratings.historyOf(player.id) };
  }
}
