import { Inject, Injectable } from '@nestjs/common';
import { AnalysisService, type PlayerFairPlay } from '../analysis/analysis.service.js';
import type { FairPlayScore, PlayerFigures } from '../analysis/domain/fair-play.js';
import { AppError, notFound } from '../common/errors.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { GameQueries } from '../games/game-queries.service.js';
import { Player } from '../players/entities/player.entity.js';
import { PlayersService } from '../players/players.service.js';
import { REPORT_WINDOW_SECONDS } from './domain/moderation.js';
import type {
  AuditEntryDto, FileReportDto, ModActionDto, ModActionResultDto, ModPlayerViewDto, NoticesDto, OutliersDto, ReportDto, ReportsDto, StatisticsDto,
} from './dto/moderation.dto.js';
import { moderationMessage } from './messages.en.js';
import { type ActionRow, ModerationRepository, type ReportRow } from './moderation.repository.js';

const OPEN_REPORTS = 200;
const PLAYER_REPORTS = 50;
const AUDIT_ENTRIES = 100;
const OUTLIERS = 50;

export function toReportDto(r: ReportRow): ReportDto {
  return {
    id: r.id,
    gameId: r.gameId,
    reporter: r.reporter,
    reported: r.reported,
    reason: r.reason,
    text: r.text,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt ? r.closedAt.toISOString() : null,
  };
}

export function toAuditDto(a: ActionRow): AuditEntryDto {
  return {
    id: a.id,
    action: a.action,
    moderator: a.moderator,
    reason: a.reason,
    details: a.details,
    createdAt: a.createdAt.toISOString(),
    seenAt: a.seenAt ? a.seenAt.toISOString() : null,
  };
}

export function toStatisticsDto(figures: PlayerFigures, score: FairPlayScore): StatisticsDto {
  return { games: figures.games, exact: figures.exact, estimated: figures.estimated, score: score.score, deviations: score.deviations, band: score.band };
}

/** Reports, the moderators' views and actions, and the warnings players see. */
@Injectable()
export class ModerationService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: ModerationRepository,
    private readonly players: PlayersService,
    private readonly games: GameQueries,
    private readonly analyses: AnalysisService,
  ) {}

  /** A player of the game reports their opponent. */
  async fileReport(gameId: string, reporterId: string, dto: FileReportDto): Promise<ReportDto> {
    const record = await this.games.record(gameId);
    if (!record) throw notFound(`Game "${gameId}"`);
    const { black, white } = record.loaded;
    if (reporterId !== black.id && reporterId !== white.id) throw new AppError('FORBIDDEN', moderationMessage('error.notAPlayerOfTheGame'));
    const reportedId = reporterId === black.id ? white.id : black.id;
    const text = dto.text?.trim() ? dto.text.trim() : null;
    const outcome = await this.repo.fileReport({ gameId, reporterId, reportedId, reason: dto.reason, text }, this.config.reportsPerHour, REPORT_WINDOW_SECONDS);
    if (outcome.kind === 'duplicate') throw new AppError('ALREADY_REPORTED', moderationMessage('error.alreadyReported'));
    if (outcome.kind === 'limited') {
      throw new AppError('RATE_LIMITED', moderationMessage('error.reportLimit', { limit: this.config.reportsPerHour, minutes: Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60)) }), {
        limit: this.config.reportsPerHour,
        retryAfterSeconds: outcome.retryAfterSeconds,
      });
    }
    return toReportDto(outcome.report);
  }

  async openReports(): Promise<ReportsDto> {
    return { reports: (await this.repo.openReports(OPEN_REPORTS)).map(toReportDto) };
  }

  async outliers(): Promise<OutliersDto> {
    return {
      players: (await this.analyses.outliers(OUTLIERS)).map((o) => ({ username: o.username, rating: o.rating, statistics: toStatisticsDto(o.figures, o.score) })),
    };
  }

  private async playerNamed(username: string): Promise<Player> {
    const player = await this.players.findByUsername(username);
    if (!player) throw notFound(`Player "${username}"`);
    return player;
  }

  async playerView(username: string): Promise<ModPlayerViewDto> {
    const player = await this.playerNamed(username);
    const [fairPlay, reports, actions] = await Promise.all([
      this.analyses.fairPlay(player.id, player.rating),
      this.repo.reportsAbout(player.id, PLAYER_REPORTS),
      this.repo.actionsOn(player.id, AUDIT_ENTRIES),
    ]);
    return this.view(player, fairPlay, reports, actions);
  }

  private view(player: Player, fp: PlayerFairPlay, reports: ReportRow[], actions: ActionRow[]): ModPlayerViewDto {
    return {
      player: {
        id: player.id,
        username: player.username,
        rating: player.rating,
        games: player.games,
        moderator: player.moderator,
        engineMarkedAt: player.engineMarkedAt ? player.engineMarkedAt.toISOString() : null,
        closedAt: player.closedAt ? player.closedAt.toISOString() : null,
        createdAt: player.createdAt.toISOString(),
      },
      statistics: toStatisticsDto(fp.figures, fp.score),
      moveTimes: fp.times,
      recentGames: fp.games.map((g) => ({ gameId: g.gameId, color: g.color, finishedAt: g.finishedAt.toISOString(), summary: g.summary, moveSeconds: g.moveSeconds })),
      reports: reports.map(toReportDto),
      auditLog: actions.map(toAuditDto),
    };
  }

  async act(username: string, moderator: Player, dto: ModActionDto): Promise<ModActionResultDto> {
    const player = await this.playerNamed(username);
    if (player.id === moderator.id) throw new AppError('FORBIDDEN', moderationMessage('error.notYourself'));
    const reason = dto.reason.trim();
    if (reason === '') throw new AppError('VALIDATION_FAILED', 'reason must not be empty');
    switch (dto.action) {
      case 'engine': {
        const done = await this.repo.markEngineUser(player.id, moderator.id, reason);
        if (!done) throw new AppError('CONFLICT', moderationMessage('error.alreadyMarked'));
        return {
          action: toAuditDto(done.action),
          refunds: done.refunds.map((r) => ({ username: r.username, points: r.points, ratingBefore: r.ratingBefore, rating: r.rating, gameIds: r.gameIds })),
        };
      }
      case 'dismiss':
        return { action: toAuditDto(await this.repo.dismiss(player.id, moderator.id, reason)), refunds: [] };
      case 'warn':
        return { action: toAuditDto(await this.repo.warn(player.id, moderator.id, reason)), refunds: [] };
      case 'close': {
        const done = await this.repo.close(player.id, moderator.id, reason);
        if (!done) throw new AppError('CONFLICT', moderationMessage('error.alreadyClosed'));
        return { action: toAuditDto(done), refunds: [] };
      }
    }
  }

  async notices(playerId: string): Promise<NoticesDto> {
    return { notices: (await this.repo.unseenWarnings(playerId)).map((w) => ({ id: w.id, kind: 'warning' as const, message: w.reason, at: w.createdAt.toISOString() })) };
  }

  async noticeSeen(playerId: string, noticeId: string): Promise<void> {
    if (!(await this.repo.markWarningSeen(playerId, noticeId))) throw new AppError('NOT_FOUND', moderationMessage('error.noticeNotFound'));
  }
}
