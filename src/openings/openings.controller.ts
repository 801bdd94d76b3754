import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.js';
import { ExplorerDto, ExplorerQueryDto, OpeningsDto } from './dto/openings.dto.js';
import { OpeningsService } from './openings.service.js';

@ApiTags('openings')
@Controller('api')
export class OpeningsController {
  constructor(private readonly openings: OpeningsService) {}

  @Get('openings')
  @ApiOperation({ summary: 'The named openings, with how often each occurs and how Black scores, in the master games and on the ladder' })
  @ApiOkResponse({ type: OpeningsDto, description: 'Positions are compared up to the board’s symmetries: a line and its mirror images are one opening' })
  list(): Promise<OpeningsDto> {
    return this.openings.openings();
  }

  @Get('explorer')
  @ApiOperation({ summary: 'The opening explorer: every legal move of the position a line reaches, as played in the master games and in rated ladder games, with the engine’s value' })
  @ApiOkResponse({ type: ExplorerDto, description: 'The position the line reaches (the start position without moves): its figures, and each legal move with its figures from the master games and the ladder, and its value' })
  @ApiErrors(['VALIDATION_FAILED', 'moves is not squares run together (at most 60), or a move of it is not legal'])
  explore(@Query() query: ExplorerQueryDto): Promise<ExplorerDto> {
    return this.openings.explore(query.moves);
  }
}
