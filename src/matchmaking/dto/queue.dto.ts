import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { i18nMessage } from '../../common/validation.js';
import { TURN_LIMITS, type TurnLimit } from '../../games/domain/game.js';

export class JoinQueueDto {
  @ApiProperty({ enum: ['ranked', 'unranked'] })
  @IsIn(['ranked', 'unranked'], { message: i18nMessage('api.validation.mode') })
  mode: 'ranked' | 'unranked';

  @ApiProperty({ type: Number, nullable: true, enum: [...TURN_LIMITS], required: false, default: null })
  @IsOptional()
  @IsIn([...TURN_LIMITS, null], { message: i18nMessage('api.validation.turnSeconds', { limits: TURN_LIMITS.join(', ') }) })
  turnSeconds?: TurnLimit | null;
}

/** The ratings a waiting ranked ticket accepts an opponent from right now; it widens while the ticket waits. */
export class RatingWindowDto {
  @ApiProperty({ description: 'Lowest opponent rating accepted now' }) min: number;
  @ApiProperty({ description: 'Highest opponent rating accepted now' }) max: number;
}

export class TicketDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ['ranked', 'unranked'] }) mode: 'ranked' | 'unranked';
  @ApiProperty({ type: Number, nullable: true, enum: [...TURN_LIMITS], description: 'Seconds per turn; null = no limit' }) turnSeconds: number | null;
  @ApiProperty({ enum: ['waiting', 'matched', 'cancelled'] }) state: 'waiting' | 'matched' | 'cancelled';
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['left', 'absent'],
    description: 'Why a cancelled ticket was cancelled: `left` (DELETE /api/queue) or `absent` (no open /api/me/events stream and no GET /api/queue for QUEUE_PRESENCE_SECONDS); null otherwise',
  })
  reason: 'left' | 'absent' | null;
  @ApiProperty({ format: 'date-time' }) joinedAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) gameId: string | null;
  @ApiProperty({
    type: RatingWindowDto,
    nullable: true,
    description:
      'Extra field: a waiting ranked ticket\'s current rating window (±100 around your rating, +50 every 5 s waited, at most ±500); ' +
      'an opponent must also fall in the other ticket\'s window. null for other tickets.',
  })
  window: RatingWindowDto | null;
}
