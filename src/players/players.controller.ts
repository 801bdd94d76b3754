import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
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
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOkResponse({ type: PlayerDto })
  me(@CurrentPlayer() player: Player): Promise<PlayerDto> {
    return this.players.profile(player);
  }

  @Get(':username')
  @ApiOkResponse({ type: PlayerDto })
  async byUsername(@Param('username') username: string): Promise<PlayerDto> {
    return this.players.profile(await this.players.getByUsername(username));
  }
}
