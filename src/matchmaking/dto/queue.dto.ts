import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { i18nMessage } from '../../common/validation.js';
import { CLOCK_PRESETS, clockLabel, DEFAULT_RANKED_CLOCK } from '../../games/domain/clock.js';
import { TURN_LIMITS, type TurnLimit } from '../../games/domain/game.js';

/** The clocks the queues offer: the presets, each a pool of its own. */
export const PRESET_LABELS = CLOCK_PRESETS.map(clockLabel);

export class JoinQueueDto {
  @ApiProperty({ enum: ['ranked', 'unranked'] })
  @IsIn(['ranked', 'unranked'], { message: i18nMessage('api.validation.mode') })
  mode: 'ranked' | 'unranked';

  @ApiProperty({ type: Number, nullable: true, enum: [...TURN_LIMITS], required: false, default: null })
  @IsOptional()
  @IsIn([...TURN_LIMITS, null], { message: i18nMessage('api.validation.turnSeconds', { limits: TURN_LIMITS.join(', ') }) })
  turnSeconds?: TurnLimit | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    enum: PRESET_LABELS,
    description:
      'The clock, "minutes+seconds": each preset is a pool of its own (paired only with the same clock). Ranked games always have one: ' +
      `ranked defaults to ${clockLabel(DEFAULT_RANKED_CLOCK)}, and a ranked ticket with turnSeconds or clock null is 400. Unranked: a clock or a turn limit (not both), or neither`,
  })
  @IsOptional()
  @IsIn([...PRESET_LABELS, null], { message: i18nMessage('api.validation.queueClock', { clocks: PRESET_LABELS.join(', ') }) })
  clock?: string | null;
}

/** The ratings a waiting ranked ticket accepts an opponent from right now; it widens while the ticket waits. */
export class RatingWindowDto {
  @ApiProperty({ description: 'Lowest opponent rating accepted now' }) min: number;
  @ApiProperty({ description: 'Highest opponent rating accepted now' }) max: number;
}

/** The newcomers' gate of ranked play: open once the account finished a few casual games or is old enough (either suffices). */
export class RankedGateDto {
  @ApiProperty({ description: 'Ranked play is open to you now (POST /api/queue with mode ranked is otherwise 403 RANKED_NOT_YET)' }) eligible: boolean;
  @ApiProperty({ description: 'Casual games you have finished (counted up to casualGamesNeeded)' }) casualGames: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Finished casual games that open ranked play (RANKED_MIN_CASUAL_GAMES); null when games do not open it' })
  casualGamesNeeded: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When your account is old enough to open ranked play (RANKED_MIN_ACCOUNT_HOURS); null when age does not open it' })
  openAt: string | null;
}

/** A ranked cooldown the ticket waits out before it can be paired. */
export class RankedCooldownDto {
  @ApiProperty({ format: 'date-time', description: 'Not paired before this time' }) until: string;
  @ApiProperty({
    enum: ['aborts', 'sandbagging'],
    description:
      '`aborts`: you aborted (or missed your first move in) more than ABORT_FREE of your last 10 ranked games of the last 24 h; ' +
      '`sandbagging`: most of your recent ranked losses were resignations or abandonments before your own SANDBAG_MOVES-th move',
  })
  reason: 'aborts' | 'sandbagging';
}

export class QueueHeldDto {
  @ApiProperty({
    enum: ['linked', 'pairCap'],
    description:
      '`linked`: every waiting player in your rating window shares an address (IPv6: a /64) or a browser with you within ' +
      'RANKED_LINK_DAYS (shared Wi-Fi, a household, a club, a mobile network): ranked games never pair such accounts. ' +
      '`pairCap`: you have played each of them the most ranked games a pair may play in 24 hours.',
  })
  reason: 'linked' | 'pairCap';
  @ApiProperty({ description: 'How many waiting players in your window the rule keeps from you (at most 20 are looked at).' }) players: number;
}

export class TicketDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ['ranked', 'unranked'] }) mode: 'ranked' | 'unranked';
  @ApiProperty({ type: Number, nullable: true, enum: [...TURN_LIMITS], description: 'Seconds per turn; null = no limit' }) turnSeconds: number | null;
  @ApiProperty({ type: String, nullable: true, enum: PRESET_LABELS, description: 'The clock of the pool ("minutes+seconds"); null = none (unranked only)' })
  clock: string | null;
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
      'Extra field: a waiting ranked ticket\'s current rating window (±100 around your rating, +50 every 5 s waited, at most ' +
      '±RANKED_WINDOW_MAX, 350 by default; on a cooldown the wait counts from its end); an opponent must also fall in the other ' +
      'ticket\'s window. null for other tickets.',
  })
  window: RatingWindowDto | null;
  @ApiProperty({
    type: RankedCooldownDto,
    nullable: true,
    description:
      'Extra field: a waiting ranked ticket\'s cooldown while it runs (the ticket is not paired before `until`; keep it alive as ' +
      'usual); null otherwise. The fair-play rules (docs/rules-and-fair-play.md) say how long each one lasts.',
  })
  cooldown: RankedCooldownDto | null;
  @ApiProperty({
    type: QueueHeldDto,
    nullable: true,
    description:
      'Extra field, on GET /api/queue: why a waiting ranked ticket is not paired although players wait in its window (each of ' +
      'them is linked to you, or at the daily cap with you); null when nothing holds it back, and on other answers and events.',
  })
  held: QueueHeldDto | null;
}
