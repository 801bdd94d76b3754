import { Controller, Get, Header, Param, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { JwtAuthGuard } from '../auth/guards.js';
import { ModerationService } from './moderation.service.js';
import { ModeratorGuard } from './moderator.guard.js';
import { renderModOverview, renderModPlayer, renderModShell } from './views/mod-page.js';

const HTML = 'text/html; charset=utf-8';

/**
 * The moderator page. /mod is a shell anyone may load (it holds no data); its script fetches the
 * panels below with the moderator's bearer token: they are rendered here, for moderators only
 * (401 without a token, 403 for anyone else, in the API's error shape).
 */
@ApiExcludeController()
@Controller('mod')
export class ModPagesController {
  constructor(private readonly moderation: ModerationService) {}

  @Get()
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  shell(): string {
    return renderModShell();
  }

  @Get('panel')
  @UseGuards(JwtAuthGuard, ModeratorGuard)
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-store')
  async overview(): Promise<string> {
    const [reports, outliers] = await Promise.all([this.moderation.openReports(), this.moderation.outliers()]);
    return renderModOverview(reports.reports, outliers);
  }

  @Get('players/:username/panel')
  @UseGuards(JwtAuthGuard, ModeratorGuard)
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-store')
  async player(@Param('username') username: string): Promise<string> {
    return renderModPlayer(await this.moderation.playerView(username));
  }
}
