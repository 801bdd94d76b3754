import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { i18nMessage } from '../../common/validation.js';

export class LeaderboardQueryDto {
  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;

  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  offset?: number;

  @ApiPropertyOptional({ default: false, description: "true: the bots' own leaderboard (bot accounts only); false: the humans'" })
  @IsOptional()
  // Query strings are text: "true" and "false" only (anything else stays a string and fails IsBoolean).
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: i18nMessage('api.validation.bots') })
  bots?: boolean;
}

export class LeaderboardEntryDto {
  @ApiProperty() rank: number;
  @ApiProperty() username: string;
  @ApiProperty() rating: number;
  @ApiProperty({ description: 'RD grown for inactivity, as on the profile' }) rd: number;
  @ApiProperty() provisional: boolean;
  @ApiProperty() games: number;
  @ApiProperty() wins: number;
  @ApiProperty() draws: number;
  @ApiProperty() losses: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) lastActiveAt: string | null;
}

export class LeaderboardDto {
  @ApiProperty({ description: 'Players on the leaderboard' }) total: number;
  @ApiProperty({ type: [LeaderboardEntryDto] }) entries: LeaderboardEntryDto[];
}
