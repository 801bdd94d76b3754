import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { i18nMessage } from '../../common/validation.js';
import { MOD_ACTIONS, type ModActionKind, type ModeratorAction, REPORT_REASONS, type ReportReason } from '../domain/moderation.js';

export class FileReportDto {
  @ApiProperty({ enum: REPORT_REASONS })
  @IsIn(REPORT_REASONS, { message: i18nMessage('api.validation.isIn', { field: 'reason', values: REPORT_REASONS.join(', ') }) })
  reason: ReportReason;

  @ApiPropertyOptional({ maxLength: 500, description: 'What happened, in a few words' })
  @IsOptional()
  @IsString()
  @MaxLength(500, { message: i18nMessage('api.validation.tooLong', { field: 'text', max: 500 }) })
  text?: string;
}

export class ReportDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) gameId: string;
  @ApiProperty({ description: "The reporter's username" }) reporter: string;
  @ApiProperty({ description: "The reported player's username" }) reported: string;
  @ApiProperty({ enum: REPORT_REASONS }) reason: ReportReason;
  @ApiProperty({ type: String, nullable: true }) text: string | null;
  @ApiProperty({ description: 'How much it counts in the queue: 1, or less from a guest or an account younger than a day' }) weight: number;
  @ApiProperty({ enum: ['open', 'closed'] }) status: 'open' | 'closed';
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) closedAt: string | null;
}

export class ReportsQueryDto {
  @ApiPropertyOptional({ default: 1, minimum: 1, description: 'The page of reported players (1: the heaviest)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  page?: number;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100, description: 'Reported players per page' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

export class ReportGroupDto {
  @ApiProperty({ description: "The reported player's username" }) reported: string;
  @ApiProperty({ description: 'The weights of their open reports, summed over the addresses they came from (at most 1 an address)' }) score: number;
  @ApiProperty({ description: 'Their open reports' }) count: number;
  @ApiProperty({ format: 'date-time', description: 'The newest of them' }) latestAt: string;
  @ApiProperty({ type: [ReportDto], description: 'The newest of them (full weight first), at most 10' }) reports: ReportDto[];
}

export class ReportsDto {
  @ApiProperty({ type: [ReportGroupDto], description: 'Reported players with open reports: the heaviest first, then the newest' }) groups: ReportGroupDto[];
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
  @ApiProperty({ description: 'Reported players with open reports, in all' }) total: number;
  @ApiProperty({ type: [ReportDto], description: "This page's reports, group after group" }) reports: ReportDto[];
}

export class ModActionDto {
  @ApiProperty({ enum: MOD_ACTIONS }) @IsIn(MOD_ACTIONS, { message: i18nMessage('api.validation.isIn', { field: 'action', values: MOD_ACTIONS.join(', ') }) }) action: ModeratorAction;

  @ApiProperty({ minLength: 1, maxLength: 500, description: "Why: the moderator's note, written to the audit log; the player never sees it" })
  @IsString()
  @MinLength(1, { message: i18nMessage('api.validation.notEmpty', { field: 'reason' }) })
  @MaxLength(500, { message: i18nMessage('api.validation.tooLong', { field: 'reason', max: 500 }) })
  reason: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 500, description: 'warn (required there; other actions ignore it): what the player is shown, apart from the private reason' })
  @IsOptional()
  @IsString()
  @MinLength(1, { message: i18nMessage('api.validation.notEmpty', { field: 'message' }) })
  @MaxLength(500, { message: i18nMessage('api.validation.tooLong', { field: 'message', max: 500 }) })
  message?: string;
}

export class AuditEntryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: [...MOD_ACTIONS, 'grant-moderator', 'revoke-moderator'] }) action: ModActionKind;
  @ApiProperty({ type: String, nullable: true, description: "The moderator's username; null for the outflank command" }) moderator: string | null;
  @ApiProperty({ description: "The moderator's note (never shown to the player)" }) reason: string;
  @ApiProperty({ type: String, nullable: true, description: 'A warning: what its player is shown (null for other actions)' }) message: string | null;
  @ApiProperty({ type: Object, nullable: true, additionalProperties: true, description: 'e.g. {refunds: [{player, points, games}]} for engine; {reportsClosed} for dismiss and warn' })
  details: Record<string, unknown> | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', type: String, nullable: true, description: 'A warning: when its player saw it' }) seenAt: string | null;
}

export class RefundDto {
  @ApiProperty() username: string;
  @ApiProperty({ description: 'Rating points given back' }) points: number;
  @ApiProperty() ratingBefore: number;
  @ApiProperty() rating: number;
  @ApiProperty({ type: [String], description: 'The ranked games whose lost points they are' }) gameIds: string[];
}

export class ModActionResultDto {
  @ApiProperty({ type: AuditEntryDto }) action: AuditEntryDto;
  @ApiProperty({ type: [RefundDto], description: 'engine: the refunds made in the same transaction; [] otherwise' }) refunds: RefundDto[];
}

export class PhaseFiguresDto {
  @ApiProperty({ description: 'Counted moves in this phase' }) moves: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Share of best moves (null below 30 moves)' }) bestShare: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Mean loss in discs (null below 30 moves)' }) meanLoss: number | null;
}

export class MetricBandDto {
  @ApiProperty() players: number;
  @ApiProperty() p10: number;
  @ApiProperty() p25: number;
  @ApiProperty() median: number;
  @ApiProperty() p75: number;
  @ApiProperty() p90: number;
}

export class BandMetricsDto {
  @ApiProperty({ type: MetricBandDto, nullable: true }) exactBestShare: MetricBandDto | null;
  @ApiProperty({ type: MetricBandDto, nullable: true }) exactMeanLoss: MetricBandDto | null;
  @ApiProperty({ type: MetricBandDto, nullable: true }) estimatedBestShare: MetricBandDto | null;
  @ApiProperty({ type: MetricBandDto, nullable: true }) estimatedMeanLoss: MetricBandDto | null;
}

export class BandDto {
  @ApiProperty({ description: 'Ratings from (inclusive)' }) from: number;
  @ApiProperty({ description: 'to (exclusive)' }) to: number;
  @ApiProperty({ type: BandMetricsDto }) metrics: BandMetricsDto;
}

export class DeviationsDto {
  @ApiProperty({ type: Number, nullable: true }) exactBestShare: number | null;
  @ApiProperty({ type: Number, nullable: true }) exactMeanLoss: number | null;
  @ApiProperty({ type: Number, nullable: true }) estimatedBestShare: number | null;
  @ApiProperty({ type: Number, nullable: true }) estimatedMeanLoss: number | null;
}

export class StatisticsDto {
  @ApiProperty({ description: 'Analysed rated games counted (the latest 20 at most)' }) games: number;
  @ApiProperty({ type: PhaseFiguresDto, description: 'Moves whose values the endgame solver proved' }) exact: PhaseFiguresDto;
  @ApiProperty({ type: PhaseFiguresDto, description: 'Moves valued by the midgame search (estimates)' }) estimated: PhaseFiguresDto;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'How far outside the band of players of similar rating: the weighted mean of the deviations (band spreads better than the median; exact phase twice); above 3 is rare among honest players; null without enough moves',
  })
  score: number | null;
  @ApiProperty({ type: DeviationsDto }) deviations: DeviationsDto;
  @ApiProperty({ type: BandDto }) band: BandDto;
}

export class MoveTimesDto {
  @ApiProperty() moves: number;
  @ApiProperty({ type: Number, nullable: true }) meanSeconds: number | null;
  @ApiProperty({ type: Number, nullable: true }) medianSeconds: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Standard deviation / mean of the seconds per move: very even times are low' }) variation: number | null;
}

export class SummaryDto {
  @ApiProperty() counted: number;
  @ApiProperty() meanLoss: number;
  @ApiProperty() bestShare: number;
  @ApiProperty() inaccuracies: number;
  @ApiProperty() mistakes: number;
  @ApiProperty() blunders: number;
}

export class AnalysedGameDto {
  @ApiProperty({ format: 'uuid' }) gameId: string;
  @ApiProperty({ enum: ['black', 'white'] }) color: 'black' | 'white';
  @ApiProperty({ type: String, nullable: true, description: "The opponent's username" }) opponent: string | null;
  @ApiProperty({ format: 'date-time' }) finishedAt: string;
  @ApiProperty({ type: SummaryDto }) summary: SummaryDto;
  @ApiProperty({ type: [Number], description: 'Seconds used per own move' }) moveSeconds: number[];
}

export class ModPlayerDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() username: string;
  @ApiProperty() rating: number;
  @ApiProperty() games: number;
  @ApiProperty() moderator: boolean;
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) engineMarkedAt: string | null;
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) closedAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class ModPlayerViewDto {
  @ApiProperty({ type: ModPlayerDto }) player: ModPlayerDto;
  @ApiProperty({ type: StatisticsDto }) statistics: StatisticsDto;
  @ApiProperty({ type: MoveTimesDto }) moveTimes: MoveTimesDto;
  @ApiProperty({ type: [AnalysedGameDto], description: 'The latest analysed rated games, newest first' }) recentGames: AnalysedGameDto[];
  @ApiProperty({ type: [ReportDto], description: 'Reports about the player, newest first' }) reports: ReportDto[];
  @ApiProperty({ type: [AuditEntryDto], description: 'The audit log, newest first' }) auditLog: AuditEntryDto[];
}

export class OutlierDto {
  @ApiProperty() username: string;
  @ApiProperty() rating: number;
  @ApiProperty({ type: StatisticsDto }) statistics: StatisticsDto;
}

export class OutliersDto {
  @ApiProperty({ type: [OutlierDto] }) players: OutlierDto[];
}

export class NoticeDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ['warning'] }) kind: 'warning';
  @ApiProperty({ description: "The moderator's words" }) message: string;
  @ApiProperty({ format: 'date-time' }) at: string;
}

export class NoticesDto {
  @ApiProperty({ type: [NoticeDto] }) notices: NoticeDto[];
}

/** An opponent who fed an account its wins (the boosting detector). */
export class FeederDto {
  @ApiProperty({ format: 'uuid' }) playerId: string;
  @ApiProperty() username: string;
  @ApiProperty({ description: 'Ranked games this opponent lost to the account within 30 days, as a new or provisional account losing fast' }) games: number;
  @ApiProperty({ description: 'Rating points the account gained from them (0 where the games counted for neither rating)' }) points: number;
  @ApiProperty({
    enum: ['gaveUpEarly', 'instantMoves', 'onlyOpponent'],
    isArray: true,
    description: '`gaveUpEarly`: resigned, abandoned or lost on time before their own 20th move; `instantMoves`: a median move time under 1.5 s; `onlyOpponent`: no other ranked opponent',
  })
  signals: string[];
  @ApiProperty({ type: [String], description: 'The games, newest first' }) gameIds: string[];
}

/** An account the boosting detector lists. */
export class BoosterDto {
  @ApiProperty({ format: 'uuid' }) playerId: string;
  @ApiProperty() username: string;
  @ApiProperty({ description: 'Σ over fed wins of (signals / 3): each fed win adds up to 1' }) score: number;
  @ApiProperty({ description: 'Ranked wins of the last 30 days over new or provisional opponents' }) wins: number;
  @ApiProperty({ description: 'Those over opponents who lost fast (fed wins)' }) fedWins: number;
  @ApiProperty({ description: 'Rating points from fed wins' }) fedPoints: number;
  @ApiProperty({ description: 'fedPoints as a share of the points gained in the wins looked at (0 to 1)' }) share: number;
  @ApiProperty({ format: 'date-time' }) lastFedAt: string;
  @ApiProperty({ type: [FeederDto], description: 'Most games first' }) feeders: FeederDto[];
}

export class BoostersDto {
  @ApiProperty({ type: [BoosterDto], description: 'Highest score first' }) boosters: BoosterDto[];
}
