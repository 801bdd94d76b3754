import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPlayer, JwtAuthGuard } from '../common/authenticated.js';
import { ApiErrors } from '../common/api-errors.js';
import { GameDto } from '../games/dto/game.dto.js';
import { Player } from '../players/entities/player.entity.js';
import { ComputerService } from './computer.service.js';
import { CreateComputerGameDto } from './dto/computer-game.dto.js';

@ApiTags('games')
@Controller('api/computer/games')
export class ComputerController {
  constructor(private readonly computer: ComputerService) {}

  @Post()
  @ApiOperation({ summary: 'Play the computer' })
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiCreatedResponse({
    type: GameDto,
    description:
      'A casual game against the computer at a level from 1 to 8, never rated (guests too). `computer` names its level and colour; ' +
      "its moves arrive as the game's `move` events, a moment after yours.",
  })
  @ApiErrors(
    ['VALIDATION_FAILED', 'a level outside 1–8, a clock out of bounds, a colour other than random, black or white'],
    ['ALREADY_IN_GAME', 'you are seated in an active game'],
    ['RATE_LIMITED', 'past COMPUTER_GAMES_PER_HOUR games against the computer started within an hour; see Retry-After'],
  )
  create(@Body() dto: CreateComputerGameDto, @CurrentPlayer() player: Player): Promise<GameDto> {
    return this.computer.start(player, dto);
  }
}
