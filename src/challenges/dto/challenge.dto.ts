import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { i18nMessage } from '../../common/validation.js';
import { clockLabel, DEFAULT_RANKED_CLOCK } from '../../games/domain/clock.js';
import { IsClockLabel } from '../../games/dto/clock-input.js';
import { PlayerDto } from '../../players/dto/player.dto.js';
import { CHALLENGE_COLOURS, CHALLENGE_STATES, type ChallengeColour, type ChallengeState, DECLINE_REASONS, type DeclineReason } from '../domain/challenge.js';

export class CreateChallengeDto {
  @ApiProperty({ example: 'alice', description: 'The username of the player challenged' })
  @IsString({ message: i18nMessage('api.validation.isString', { field: 'to' }) })
  @MinLength(1, { message: i18nMessage('api.validation.notEmpty', { field: 'to' }) })
  @MaxLength(40, { message: i18nMessage('api.validation.tooLong', { field: 'to', max: 40 }) })
  to: string;

  @ApiPropertyOptional({ default: false, description: 'A rated game: every ranked rule applies (403 RANKED_REFUSED names the rule that refuses)' })
  @IsOptional()
  @IsBoolean({ message: i18nMessage('api.validation.isBoolean', { field: 'rated' }) })
  rated?: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '5+3',
    description:
      `The clock, "minutes+seconds". Rated: one of the presets (1+2, 3+2, 5+3, 10+5, 15+10), default ${clockLabel(DEFAULT_RANKED_CLOCK)}; ` +
      'null or a custom clock is 400. Casual: any clock within the bounds (1 to 60 minutes, increment 0 to 60 s), or null (none, the default)',
  })
  @IsOptional()
  @IsClockLabel()
  clock?: string | null;

  @ApiPropertyOptional({ enum: CHALLENGE_COLOURS, default: 'random', description: "The challenger's colour" })
  @IsOptional()
  @IsIn(CHALLENGE_COLOURS, { message: i18nMessage('api.validation.isIn', { field: 'colour', values: CHALLENGE_COLOURS.join(', ') }) })
  colour?: ChallengeColour;
}

export class DeclineChallengeDto {
  @ApiPropertyOptional({
    enum: DECLINE_REASONS,
    default: 'later',
    description: 'busy: playing or about to; later: not now; casual: only a casual game; rated: only a rated game; clock: another clock',
  })
  @IsOptional()
  @IsIn(DECLINE_REASONS, { message: i18nMessage('api.validation.isIn', { field: 'reason', values: DECLINE_REASONS.join(', ') }) })
  reason?: DeclineReason;
}

export class ChallengeDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: PlayerDto }) challenger: PlayerDto;
  @ApiProperty({ type: PlayerDto }) challenged: PlayerDto;
  @ApiProperty() rated: boolean;
  @ApiProperty({ type: String, nullable: true, example: '5+3', description: 'The clock ("minutes+seconds"), null: none' }) clock: string | null;
  @ApiProperty({ enum: CHALLENGE_COLOURS, description: "The challenger's colour" }) colour: ChallengeColour;
  @ApiProperty({
    enum: CHALLENGE_STATES,
    description: 'open until answered or until expiresAt; then accepted (gameId set), declined (declineReason set), cancelled by the challenger, or expired',
  })
  state: ChallengeState;
  @ApiProperty({ type: String, nullable: true, enum: [...DECLINE_REASONS, null], description: 'Why the challenged player declined' }) declineReason: DeclineReason | null;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'A rematch: the finished game it follows' }) rematchOf: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'The game an accepted challenge started' }) gameId: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', description: 'An open challenge lapses then (CHALLENGE_SECONDS after it was sent)' }) expiresAt: string;
}

export class ChallengeListDto {
  @ApiProperty({ type: [ChallengeDto], description: 'Open challenges to you, oldest first' }) incoming: ChallengeDto[];
  @ApiProperty({ type: [ChallengeDto], description: 'Your open challenges, oldest first' }) outgoing: ChallengeDto[];
}
