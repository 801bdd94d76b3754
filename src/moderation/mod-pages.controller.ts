import { Controller, Get, Header, Param, Query, UseGuards } from '@nestjs/common';
import { JwtAuthGuard } from '../common/authenticated.js';
import { validationFailed } from '../common/errors.js';
import { ApiExcludeController } from '@nestjs/swagger';
import { FairPlayService } from '../fair-play/fair-play.service.js';
import { Page, type PageContext } from '../i18n/http/request-language.js';
import { ModerationService } from './moderation.service.js';
import { ModeratorGuard } from './moderator.guard.js';
import { renderModOverview, renderModPlayer, renderModShell } from './views/mod-page.js';

const HTML = 'text/html; charset=utf-8';
const MAX_PAGE = 100_000;

/** The report queue's page (?page=, from 1; absent: 1); anything else is 400. */
function pageNumber(raw: unknown): number {
  if (raw === undefined) return 1;
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw)) throw validationFailed({ key: 'api.validation.isInt', values: { field: 'page' } });
  const n = Number(raw);
  if (n < 1) throw validationFailed({ key: 'api.validation.min', values: { field: 'page', min: 1 } });
  if (n > MAX_PAGE) throw validationFailed({ key: 'api.validation.max', values: { field: 'page', max: MAX_PAGE } });
  return n;
}

/**
 * The moderator page. /mod is a shell anyone may load (it holds no data); its script fetches the
 * panels below with the moderator's bearer token: they are rendered here in the request's
 * language (the cookie the fetch carries, or Accept-Language), for moderators only
 * (401 without a token, 403 for anyone else, in the API's error shape).
 */
@ApiExcludeController()
@Controller('mod')
export class ModPagesController {
  constructor(
    private readonly moderation: ModerationService,
    private readonly fairPlay: FairPlayService,
  ) {}

  @Get()
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  shell(@Page() page: PageContext): string {
    return renderModShell(page);
  }

  @Get('panel')
  @UseGuards(JwtAuthGuard, ModeratorGuard)
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-store')
  async overview(@Page() page: PageContext, @Query('page') rawPage?: unknown): Promise<string> {
    const reportsPage = pageNumber(rawPage);
    const [reports, outliers, flagged, boosters] = await Promise.all([
      this.moderation.openReports(reportsPage), this.moderation.outliers(), this.fairPlay.sandbaggers(), this.fairPlay.boosters(),
    ]);
    const paging = { page: reports.page, limit: reports.limit, total: reports.total };
    return renderModOverview(page, reports.reports, outliers, flagged, boosters, paging, this.fairPlay.boostRule.recentDays);
  }

  @Get('players/:username/panel')
  @UseGuards(JwtAuthGuard, ModeratorGuard)
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-store')
  async player(@Page() page: PageContext, @Param('username') username: string): Promise<string> {
    return renderModPlayer(page, await this.moderation.playerView(username));
  }
}
