import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { TURN_LIMITS, type TurnLimit } from '../../games/domain/game.js';
import { PlayerDto } from '../../players/dto/player.dto.js';
import { i18nMessage } from '../../common/validation.js';
import { IsClockLabel } from '../../games/dto/clock-input.js';

export class RoomSettingsInput {
  @ApiPropertyOptional({
    enum: [false],
    description: 'Rooms are friendly tables and never rated: `true` is 400 VALIDATION_FAILED, `false` is accepted and ignored. Rated games come from the ranked queue.',
  })
  @IsOptional()
  @IsIn([false], { message: i18nMessage('api.validation.roomsUnrated') })
  rated?: false;

  @ApiPropertyOptional({ type: Number, nullable: true, enum: [...TURN_LIMITS], default: null, description: 'Seconds per turn; null = no limit' })
  @IsOptional()
  @IsIn([...TURN_LIMITS, null], { message: i18nMessage('api.validation.turnSeconds', { limits: TURN_LIMITS.join(', ') }) })
  turnSeconds?: TurnLimit | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    default: null,
    example: '5+3',
    description:
      'A clock for the room\'s games, "minutes+seconds": base time and increment (presets 1+2, 3+2, 5+3, 10+5, 15+10; any base from 1 to 60 ' +
      'minutes, in tenths of a minute, and increment from 0 to 60 s); null = none. A room has a turn limit or a clock, not both (400)',
  })
  @IsOptional()
  @IsClockLabel()
  clock?: string | null;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  showLegalMoves?: boolean;

  @ApiPropertyOptional({ default: true, description: 'Swap who plays Black after every game' })
  @IsOptional()
  @IsBoolean()
  swapColors?: boolean;
}

export class CreateRoomDto extends RoomSettingsInput {}
export class UpdateRoomDto extends RoomSettingsInput {}

export class RoomSettingsDto {
  @ApiProperty({ type: Number, nullable: true, enum: [...TURN_LIMITS] }) turnSeconds: number | null;
  @ApiProperty({ type: String, nullable: true, example: '5+3', description: 'The clock of the room\'s games ("minutes+seconds"), null: none' }) clock: string | null;
  @ApiProperty() showLegalMoves: boolean;
  @ApiProperty() swapColors: boolean;
}

export class RematchOfferDto {
  @ApiProperty({ format: 'uuid', description: 'The seated player who asked for the next game' }) offeredBy: string;
  @ApiProperty({ format: 'date-time', description: 'When the offer lapses (REMATCH_OFFER_SECONDS after it was made)' }) expiresAt: string;
}

export class RoomDto {
  @ApiProperty({ example: 'K7QX2M' }) code: string;
  @ApiProperty({ format: 'uuid' }) hostId: string;
  @ApiProperty({ type: RoomSettingsDto }) settings: RoomSettingsDto;
  @ApiProperty({ type: [PlayerDto], description: '[host, second player | null]' }) seats: (PlayerDto | null)[];
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'The current (latest) game' }) gameId: string | null;
  @ApiProperty({ type: [String], description: "The room's games, oldest first" }) games: string[];
  @ApiProperty({ type: RematchOfferDto, nullable: true, description: 'The standing rematch offer, null when none (or it lapsed)' }) rematch: RematchOfferDto | null;
}
