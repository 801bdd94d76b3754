import { ApiProperty } from '@nestjs/swagger';

export class RatingPointDto {
  @ApiProperty({ format: 'uuid' }) gameId: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty() rating: number;
  @ApiProperty() rd: number;
  @ApiProperty() volatility: number;
  @ApiProperty({ description: 'Rating change from this game' }) delta: number;
}

export class RatingHistoryDto {
  @ApiProperty({ type: [RatingPointDto] }) points: RatingPointDto[];
}
