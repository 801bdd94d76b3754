import { Body, Controller, Get, Param, Patch, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPlayer, JwtAuthGuard } from '../common/authenticated.js';
import { ApiErrors } from '../common/api-errors.js';
import { MeDto, PlayerDto, UpdateMeDto } from './dto/player.dto.js';
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
  @ApiOkResponse({ type: MeDto, description: 'The player the token names, with their settings' })
  me(@CurrentPlayer() player: Player): Promise<MeDto> {
    return this.players.me(player);
  }

  @Patch('me')
  @ApiOperation({
    summary: 'Change your settings',
    description:
      "`language` (en, bn, sw, hi, ne, tg, or null to forget it) is the language of the pages and of the API's error messages for you: it beats the language cookie and Accept-Language (an explicit `?lang=` on a page URL beats it). Error codes never change with the language.",
  })
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOkResponse({ type: MeDto, description: 'Your player, with the settings saved' })
  @ApiErrors('VALIDATION_FAILED')
  updateMe(@CurrentPlayer() player: Player, @Body() changes: UpdateMeDto): Promise<MeDto> {
    return this.players.updateMe(player, changes);
  }

  @Get(':username')

  @ApiOperation({ summary: 'Get a player by username' })
  @ApiOkResponse({ type: PlayerDto, description: 'The player (usernames match case-insensitively)' })
  @ApiErrors('NOT_FOUND')
  async byUsername(@Param('username') username: string): Promise<PlayerDto> {
    return this.players.profile(await this.players.getByUsername(username));
  }
}
