import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

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
