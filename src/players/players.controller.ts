import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.js';
import { CurrentPlayer } from '../auth/current-player.decorator.js';
import { JwtAuthGuard } from '../auth/guards.js';
import { PlayerDto } from './dto/player.dto.js';
import { Player } from './entities/player.entity.js';
import { PlayersService } from './players.service.js';

@ApiTags('players')
@Controller('api/players')
export class PlayersController {
  constructor(private readonly players: PlayersService) {}

  @Get('me')

  @ApiOperation({ summary: 'Get your own player profile' })
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOkResponse({ type: PlayerDto, description: 'The player the token names' })
  me(@CurrentPlayer() player: Player): Promise<PlayerDto> {
    return this.players.profile(player);
  }

  @Get(':username')

  @ApiOperation({ summary: 'Get a player by username' })
  @ApiOkResponse({ type: PlayerDto, description: 'The player (usernames match case-insensitively)' })
  @ApiErrors('NOT_FOUND')
  async byUsername(@Param('username') username: string): Promise<PlayerDto> {
    return this.players.profile(await this.players.getByUsername(username));
  }
}
