import { Inject, Injectable } from '@nestjs/common';
import { AnalysisService, type PlayerFairPlay } from '../analysis/analysis.service.js';
import type { FairPlayScore, PlayerFigures } from '../analysis/domain/fair-play.js';
import { TokenStanding } from '../auth/token-standing.js';
import { Clock } from '../common/clock.js';
import { AccountLinksService } from '../account-links/account-links.service.js';
import { AppError, notFound } from '../common/errors.js';
import { fieldName } from '../common/validation.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Db } from '../database/db.js';
import { GamesRepository } from '../games/games.repository.js';
import { GamesService } from '../games/games.service.js';
import { PairingReadsRepository } from '../games/pairing-reads.repository.js';
import type { Standing } from '../leaderboard/domain/buckets.js';
import { MatchmakingService } from '../matchmaking/matchmaking.service.js';
import { LeaderboardService } from '../leaderboard/leaderboard.service.js';
import { Player } from '../players/entities/player.entity.js';
import { PlayersRepository } from '../players/players.repository.js';
import { PlayersService } from '../players/players.service.js';
import { RatingsService, RefundSetChanged } from '../ratings/ratings.service.js';
import { REPORT_WINDOW_SECONDS, reportWeight, UNDOES, type ModeratorAction } from './domain/moderation.js';
import type {
  AuditEntryDto, FileReportDto, ModActionDto, ModActionResultDto, ModPlayerViewDto, NoticesDto, OutliersDto, ReportDto, ReportsDto, StatisticsDto,
} from './dto/moderation.dto.js';
import { type ActionRow, ModerationRepository, type ReportRow } from './moderation.repository.js';

/** Reported players on a page of the queue, and reports shown for each. */
const REPORT_GROUPS_PAGE = 20;
const GROUP_REPORTS = 10;
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
    weight: r.weight,
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
    message: a.message,
    details: a.details,
    createdAt: a.createdAt.toISOString(),
    seenAt: a.seenAt ? a.seenAt.toISOString() : null,
  };
}

export function toStatisticsDto(figures: PlayerFigures, score: FairPlayScore): StatisticsDto {
  return { games: figures.games, exact: figures.exact, estimated: figures.estimated, score: score.score, deviations: score.deviations, band: score.band };
}

/** A player's leaderboard standing now, and the same off the leaderboard (for the bucket counts). */
function offTheLeaderboard(p: Player): { before: Standing; after: Standing } {
  return { before: { on: p.onLeaderboard, rating: p.rating, bot: p.bot }, after: { on: false, rating: p.rating, bot: p.bot } };
}

/** Reports, the moderators' views and actions, and the warnings players see. */
@Injectable()
export class ModerationService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: Db,
    private readonly repo: ModerationRepository,
    private readonly players: PlayersService,
    private readonly playerRows: PlayersRepository,
    private readonly ratings: RatingsService,
    private readonly leaderboard: LeaderboardService,
    private readonly games: GamesService,
    private readonly gameRows: GamesRepository,
    private readonly pairingReads: PairingReadsRepository,
    private readonly analyses: AnalysisService,
    private readonly standing: TokenStanding,
    private readonly queue: MatchmakingService,
    private readonly clock: Clock,
    private readonly links: AccountLinksService,
  ) {}

  /**
   * A player of the game reports their opponent. A report from a guest or an account younger than
   * a day weighs less in the queue, and such reports from one address share a cap
   * (REPORTS_PER_ADDRESS an hour).
   */
  async fileReport(gameId: string, reporter: { id: string; guest: boolean }, dto: FileReportDto, address: string | null = null): Promise<ReportDto> {
    const reporterId = reporter.id;
    const seats = await this.gameRows.seatsOf(gameId);
    if (!seats) throw notFound('game', gameId);
    const { blackId, whiteId } = seats;
    if (reporterId !== blackId && reporterId !== whiteId) throw new AppError('FORBIDDEN', { key: 'api.moderation.notAPlayerOfTheGame' });
    const reportedId = reporterId === blackId ? whiteId : blackId;
    const text = dto.text?.trim() ? dto.text.trim() : null;
    const limit = this.config.reportsPerHour;
    const filer = await this.playerRows.findById(reporterId);
    const weight = reportWeight({ guest: reporter.guest || (filer?.guest ?? false), createdAt: filer?.createdAt ?? this.clock.now() }, this.clock.now());
    const reporterAddress = this.links.addressHash(address);
    const report = await this.db.transaction(async () => {
      // The reporter's lock makes concurrent reports count in turn, on every app copy.
      await this.repo.lockReporter(reporterId);
      const recent = await this.repo.reportsInWindow(reporterId, REPORT_WINDOW_SECONDS);
      if (recent.count >= limit) {
        throw new AppError('RATE_LIMITED', { key: 'api.moderation.reportLimit', values: { limit, minutes: Math.max(1, Math.ceil(recent.waitSeconds / 60)) } }, {
          limit,
          retryAfterSeconds: recent.waitSeconds,
        });
      }
      if (weight < 1 && reporterAddress) {
        await this.repo.lockAddress(reporterAddress);
        const fromAddress = await this.repo.weakReportsFrom(reporterAddress, REPORT_WINDOW_SECONDS);
        const perAddress = this.config.weakReportsPerAddress;
        if (fromAddress.count >= perAddress) {
          const minutes = Math.max(1, Math.ceil(fromAddress.waitSeconds / 60));
          throw new AppError('RATE_LIMITED', { key: 'api.moderation.addressReportLimit', values: { limit: perAddress, minutes } }, {
            limit: perAddress,
            retryAfterSeconds: fromAddress.waitSeconds,
          });
        }
      }
      return this.repo.insertReport({ gameId, reporterId, reportedId, reason: dto.reason, text, weight, reporterAddress });
    });
    if (!report) throw new AppError('ALREADY_REPORTED', { key: 'api.moderation.alreadyReported' });
    return toReportDto(report);
  }

  /** The queue: reported players by the weight of their open reports (one address counts at most one full report), then the newest; paged. */
  async openReports(page = 1, limit = REPORT_GROUPS_PAGE): Promise<ReportsDto> {
    const { groups, total } = await this.repo.reportGroups(limit, (page - 1) * limit);
    const reports = await this.repo.openReportsAbout(groups.map((g) => g.reportedId), GROUP_REPORTS);
    const byPlayer = new Map<string, ReportDto[]>();
    for (const r of reports) byPlayer.set(r.reportedId, [...(byPlayer.get(r.reportedId) ?? []), toReportDto(r)]);
    const dtos = groups.map((g) => ({
      reported: g.reported,
      score: g.score,
      count: g.reports,
      latestAt: g.latestAt.toISOString(),
      reports: byPlayer.get(g.reportedId) ?? [],
    }));
    return { groups: dtos, page, limit, total, reports: dtos.flatMap((g) => g.reports) };
  }

  async outliers(): Promise<OutliersDto> {
    return {
      players: (await this.analyses.outliers(OUTLIERS)).map((o) => ({ username: o.username, rating: o.rating, statistics: toStatisticsDto(o.figures, o.score) })),
    };
  }

  async playerView(username: string): Promise<ModPlayerViewDto> {
    const player = await this.players.getByUsername(username);
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
      recentGames: fp.games.map((g) => ({ gameId: g.gameId, color: g.color, opponent: g.opponent, finishedAt: g.finishedAt.toISOString(), summary: g.summary, moveSeconds: g.moveSeconds })),
      reports: reports.map(toReportDto),
      auditLog: actions.map(toAuditDto),
    };
  }

  async act(username: string, moderator: Player, dto: ModActionDto): Promise<ModActionResultDto> {
    const player = await this.players.getByUsername(username);
    if (player.id === moderator.id) throw new AppError('FORBIDDEN', { key: 'api.moderation.notYourself' });
    // Moderators are moderated too: never one on another (an administrator takes the role away
    // with the outflank command first), and never where they have an interest.
    if (player.moderator) throw new AppError('FORBIDDEN', { key: 'api.moderation.notOnModerators' });
    await this.mustHaveNoInterest(moderator, player);
    const reason = dto.reason.trim();
    if (reason === '') throw new AppError('VALIDATION_FAILED', { key: 'api.validation.notEmpty', values: { field: fieldName('reason') } });
    // A warning's player reads its message; the reason stays the moderators' own note.
    const message = dto.action === 'warn' ? (dto.message ?? '').trim() : null;
    if (message === '') throw new AppError('VALIDATION_FAILED', { key: 'api.validation.notEmpty', values: { field: fieldName('message') } });
    const undoes = UNDOES[dto.action];
    if (undoes) await this.mustBeAnotherModerator(player.id, moderator, undoes);
    switch (dto.action) {
      case 'engine': {
        const done = await this.markEngineUser(player.id, moderator.id, reason);
        if (!done) throw new AppError('CONFLICT', { key: 'api.moderation.alreadyMarked' });
        // Its ranked games under way end now, abandoned by it; a game against it that still ends
        // later refunds its opponent's loss as it is rated (RatingsService.applyGameResult).
        await this.games.leaveAll(player.id, { rankedOnly: true });
        return done;
      }
      case 'dismiss':
        return this.db.transaction(async () => {
          const id = await this.repo.log({ playerId: player.id, moderatorId: moderator.id, action: 'dismiss', reason });
          await this.repo.setDetails(id, { reportsClosed: await this.repo.closeReportsAbout(player.id, id) });
          return { action: toAuditDto(await this.repo.action(id)), refunds: [] };
        });
      case 'warn':
        return this.db.transaction(async () => {
          // A warning is the answer to the reports about the player: it closes them, as dismissing does.
          const id = await this.repo.log({ playerId: player.id, moderatorId: moderator.id, action: 'warn', reason, message });
          await this.repo.setDetails(id, { reportsClosed: await this.repo.closeReportsAbout(player.id, id) });
          return { action: toAuditDto(await this.repo.action(id)), refunds: [] };
        });
      case 'close': {
        const done = await this.db.transaction(async () => {
          const p = (await this.playerRows.lockForRating([player.id])).get(player.id)!;
          if (p.closedAt) return null;
          await this.playerRows.closeAccount(p.id);
          await this.leaderboard.applyStandings([offTheLeaderboard(p)]);
          const id = await this.repo.log({ playerId: p.id, moderatorId: moderator.id, action: 'close', reason });
          await this.repo.closeReportsAbout(p.id, id);
          return { action: toAuditDto(await this.repo.action(id)), refunds: [] };
        });
        if (!done) throw new AppError('CONFLICT', { key: 'api.moderation.alreadyClosed' });
        // Committed: its tokens are refused from now on, and its games go on without it.
        await this.standing.refresh();
        await this.queue.leave(player);
        await this.games.leaveAll(player.id);
        return done;
      }
      case 'reopen': {
        const done = await this.db.transaction(async () => {
          const p = (await this.playerRows.lockForRating([player.id])).get(player.id)!;
          if (!p.closedAt) return null;
          const after = this.leaderboard.standingAfter({ ...p, closedAt: null }, p.rating, this.clock.now());
          await this.playerRows.reopenAccount(p.id, after.on);
          await this.leaderboard.applyStandings([{ before: { on: p.onLeaderboard, rating: p.rating, bot: p.bot }, after }]);
          const id = await this.repo.log({ playerId: p.id, moderatorId: moderator.id, action: 'reopen', reason });
          return { action: toAuditDto(await this.repo.action(id)), refunds: [] };
        });
        if (!done) throw new AppError('CONFLICT', { key: 'api.moderation.notClosed' });
        // It may sign in again; its tokens from before stay revoked (the token version stays raised).
        await this.standing.refresh();
        return done;
      }
      case 'unmark': {
        const done = await this.unmarkEngineUser(player.id, moderator.id, reason);
        if (!done) throw new AppError('CONFLICT', { key: 'api.moderation.notMarked' });
        return done;
      }
    }
  }

  /** 403 when the moderator played a ranked game against the player within MOD_CONFLICT_DAYS. */
  private async mustHaveNoInterest(moderator: Player, player: Player): Promise<void> {
    const days = this.config.modConflictDays;
    if (days === 0) return;
    const since = new Date(this.clock.now().getTime() - days * 86_400_000);
    const [between] = await this.pairingReads.rankedGamesBetween([{ a: moderator.id, b: player.id }], since);
    if (between && between.games > 0) throw new AppError('FORBIDDEN', { key: 'api.moderation.conflictOfInterest', values: { days } });
  }

  /** An undo is another moderator's: 403 when the action it undoes (the latest of its kind) was this moderator's. */
  private async mustBeAnotherModerator(playerId: string, moderator: Player, undoes: ModeratorAction): Promise<void> {
    const latest = (await this.repo.actionsOn(playerId, AUDIT_ENTRIES)).find((a) => a.action === undoes);
    if (latest && latest.moderator === moderator.username) throw new AppError('FORBIDDEN', { key: 'api.moderation.undoByAnother' });
  }

  /**
   * Marks an engine user in one unit of work: its victims' refunds (RatingsService), the mark (no
   * ranked play, off the leaderboard), the audit-log entry with the refunds, and the reports about
   * it closed. Null when it was marked already.
   */
  private async markEngineUser(playerId: string, moderatorId: string, reason: string): Promise<ModActionResultDto | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(async () => {
          const done = await this.ratings.refundOpponentsOf(playerId);
          if (!done) return null;
          await this.playerRows.markEngineUser(playerId);
          await this.leaderboard.applyStandings([offTheLeaderboard(done.engineUser)]);
          const details = { refunds: done.refunds.map((r) => ({ player: r.username, points: r.points, games: r.gameIds.length })) };
          const id = await this.repo.log({ playerId, moderatorId, action: 'engine', reason, details });
          await this.repo.closeReportsAbout(playerId, id);
          return {
            action: toAuditDto(await this.repo.action(id)),
            refunds: done.refunds.map((r) => ({ username: r.username, points: r.points, ratingBefore: r.ratingBefore, rating: r.rating, gameIds: r.gameIds })),
          };
        });
      } catch (err) {
        // A game against it ended between the read and the locks: everything was rolled back; again.
        if (!(err instanceof RefundSetChanged) || attempt >= 5) throw err;
      }
    }
  }

  /**
   * Lifts an engine mark in one unit of work: every refund its opponents hold is taken back
   * (RatingsService.takeBackRefundsOf), the mark goes (the leaderboard takes it back if it is
   * eligible), and the audit-log entry lists what was taken back. Null when it was not marked.
   */
  private async unmarkEngineUser(playerId: string, moderatorId: string, reason: string): Promise<ModActionResultDto | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(async () => {
          const done = await this.ratings.takeBackRefundsOf(playerId);
          if (!done) return null;
          const p = done.engineUser;
          const after = this.leaderboard.standingAfter({ ...p, engineMarkedAt: null }, p.rating, this.clock.now());
          await this.playerRows.unmarkEngineUser(playerId, after.on);
          await this.leaderboard.applyStandings([{ before: { on: p.onLeaderboard, rating: p.rating, bot: p.bot }, after }]);
          const details = { refundsTakenBack: done.refunds.map((r) => ({ player: r.username, points: r.points, games: r.gameIds.length })) };
          const id = await this.repo.log({ playerId, moderatorId, action: 'unmark', reason, details });
          return {
            action: toAuditDto(await this.repo.action(id)),
            refunds: done.refunds.map((r) => ({ username: r.username, points: r.points, ratingBefore: r.ratingBefore, rating: r.rating, gameIds: r.gameIds })),
          };
        });
      } catch (err) {
        if (!(err instanceof RefundSetChanged) || attempt >= 5) throw err;
      }
    }
  }

  async notices(playerId: string): Promise<NoticesDto> {
    return { notices: (await this.repo.unseenWarnings(playerId)).map((w) => ({ id: w.id, kind: 'warning' as const, message: w.message ?? w.reason, at: w.createdAt.toISOString() })) };
  }

  async noticeSeen(playerId: string, noticeId: string): Promise<void> {
    if (!(await this.repo.markWarningSeen(playerId, noticeId))) throw new AppError('NOT_FOUND', { key: 'api.moderation.noticeNotFound' });
  }
}
