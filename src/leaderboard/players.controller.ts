import { Body, Controller, Get, Param, Patch, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPlayer, JwtAuthGuard } from '../common/authenticated.js';
import { ApiErrors } from '../common/api-errors.js';
import { MeDto, PlayerDto, UpdateMeDto } from '../players/dto/player.dto.js';
import { Player } from '../players/entities/player.entity.js';
import { PlayersService } from '../players/players.service.js';
import { PlayerProfiles } from './player-profiles.service.js';

/** The players' profiles (yours with your settings): the account with what the ladder says of it. */
@ApiTags('players')
@Controller('api/players')
export class PlayersController {
  constructor(
    private readonly players: PlayersService,
    private readonly profiles: PlayerProfiles,
  ) {}

  @Get('me')

  @ApiOperation({ summary: 'Get your own player profile' })
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOkResponse({ type: MeDto, description: 'The player the token names, with their settings' })
  me(@CurrentPlayer() player: Player): Promise<MeDto> {
    return this.profiles.me(player);
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
    return this.profiles.updateMe(player, changes);
  }

  @Get(':username')

  @ApiOperation({ summary: 'Get a player by username' })
  @ApiOkResponse({ type: PlayerDto, description: 'The player (usernames match case-insensitively)' })
  @ApiErrors('NOT_FOUND')
  async byUsername(@Param('username') username: string): Promise<PlayerDto> {
    return this.profiles.profile(await this.players.getByUsername(username));
  }
}
