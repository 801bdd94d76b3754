import { ApiProperty } from '@nestjs/swagger';

export class RatingPointDto {
  @ApiProperty({ format: 'uuid', type: String, nullable: true, description: 'The rated game; null for a refund' }) gameId: string | null;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty() rating: number;
  @ApiProperty() rd: number;
  @ApiProperty() volatility: number;
  @ApiProperty({ description: 'Rating change from this game, or the points a refund gave back' }) delta: number;
  @ApiProperty({
    enum: ['game', 'refund'],
    description: 'game: a rated game; refund: points given back, lost in ranked games to an account later marked as an engine user',
  })
  kind: 'game' | 'refund';
}

export class RatingHistoryDto {
  @ApiProperty({ type: [RatingPointDto] }) points: RatingPointDto[];
}
