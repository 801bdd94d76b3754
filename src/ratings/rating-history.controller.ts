import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.js';
import { PlayersService } from '../players/players.service.js';
import { RatingHistoryDto } from './dto/rating-history.dto.js';
import { RatingsService } from './ratings.service.js';

/** A player's rating history, served by the module that writes it. */
@ApiTags('players')
@Controller('api/players')
export class RatingHistoryController {
  constructor(
    private readonly players: PlayersService,
    private readonly ratings: RatingsService,
  ) {}

  @Get(':username/rating-history')
  @ApiOperation({ summary: "Get a player's rating history" })
  @ApiOkResponse({ type: RatingHistoryDto, description: 'Oldest first: one point per rated game' })
  @ApiErrors('NOT_FOUND')
  async ratingHistory(@Param('username') username: string): Promise<RatingHistoryDto> {
    const player = await this.players.getByUsername(username);
    return { points: await this.ratings.historyOf(player.id) };
  }
}
