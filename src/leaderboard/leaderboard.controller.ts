import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LeaderboardDto, LeaderboardQueryDto } from './dto/leaderboard.dto.js';
import { LeaderboardService } from './leaderboard.service.js';

@ApiTags('leaderboard')
@Controller('api/leaderboard')
export class LeaderboardController {
  constructor(private readonly leaderboard: LeaderboardService) {}

  @Get()

  @ApiOperation({ summary: 'Get the leaderboard of ranked players (humans, or bots with bots=true)' })
  @ApiOkResponse({ type: LeaderboardDto, description: 'Registered players with enough recent rated games, not provisional (RD < 110); bots only with bots=true, humans only otherwise' })
  get(@Query() query: LeaderboardQueryDto): Promise<LeaderboardDto> {
    return this.leaderboard.page(query.limit ?? 50, query.offset ?? 0, query.bots ?? false);
  }
}
