import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { i18nMessage } from '../../common/validation.js';
import { IsClockLabel } from '../../games/dto/clock-input.js';
import { COMPUTER_LEVELS } from '../../engine/levels.js';

export const COMPUTER_SEAT_CHOICES = ['random', 'black', 'white'] as const;
export type ComputerSeatChoice = (typeof COMPUTER_SEAT_CHOICES)[number];

export class CreateComputerGameDto {
  @ApiPropertyOptional({
    type: Number,
    enum: [...COMPUTER_LEVELS],
    default: 1,
    description: "The computer's level: 1, a beginner that makes mistakes on purpose, to 8, the engine's strongest within its time",
  })
  @IsOptional()
  @IsIn([...COMPUTER_LEVELS], { message: i18nMessage('api.validation.computerLevel', { min: 1, max: 8 }) })
  level?: number;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    default: null,
    example: '5+3',
    description: 'A clock, "minutes+seconds" (presets 1+2, 3+2, 5+3, 10+5, 15+10, or any base from 1 to 60 minutes and increment from 0 to 60 s); null = none. The computer\'s clock runs like yours',
  })
  @IsOptional()
  @IsClockLabel()
  clock?: string | null;

  @ApiPropertyOptional({ enum: COMPUTER_SEAT_CHOICES, default: 'random', description: 'The colour you play' })
  @IsOptional()
  @IsIn([...COMPUTER_SEAT_CHOICES], { message: i18nMessage('api.validation.computerColor') })
  color?: ComputerSeatChoice;

  @ApiPropertyOptional({ default: true, description: 'Show the legal squares' })
  @IsOptional()
  @IsBoolean()
  showLegalMoves?: boolean;
}
