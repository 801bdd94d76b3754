import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

export class JoinQueueDto {
  @ApiProperty({ enum: ['ranked', 'unranked'] })
  @IsIn(['ranked', 'unranked'], { message: 'mode must be ranked or unranked' })
  mode: 'ranked' | 'unranked';

  @ApiProperty({ type: Number, nullable: true, enum: [30, 60], required: false, default: null })
  @IsOptional()
  @IsIn([30, 60, null], { message: 'turnSeconds must be null, 30 or 60' })
  turnSeconds?: 30 | 60 | null;
}

export class TicketDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ['ranked', 'unranked'] }) mode: 'ranked' | 'unranked';
  @ApiProperty({ type: Number, nullable: true }) turnSeconds: number | null;
  @ApiProperty({ enum: ['waiting', 'matched', 'cancelled'] }) state: 'waiting' | 'matched' | 'cancelled';
  @ApiProperty({ format: 'date-time' }) joinedAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) gameId: string | null;
}
