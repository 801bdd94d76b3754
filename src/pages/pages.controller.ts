import { Controller, Get, Header, Param, Query, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Page, type PageContext } from '../i18n/http/request-language.js';
import { PageErrorFilter } from './page-error.filter.js';
import { clampPaging, PagesService } from './pages.service.js';
import { renderLeaderboard, renderNotFound, renderPlayer } from './views/index.js';

const HTML = 'text/html; charset=utf-8';

/** Server-rendered HTML pages (outside /api, left out of the OpenAPI document). */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  /** The home page: "Play now", the live games, then the leaderboard. */
  @Get()
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  async home(@Page() page: PageContext, @Query('limit') limit?: unknown, @Query('offset') offset?: unknown): Promise<string> {
    const paging = clampPaging(limit, offset);
    return renderLeaderboard(page, await this.pages.leaderboardView(paging.limit, paging.offset), { home: true });
  }

  @Get('leaderboard')
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  async leaderboard(@Page() page: PageContext, @Query('limit') limit?: unknown, @Query('offset') offset?: unknown): Promise<string> {
    const paging = clampPaging(limit, offset);
    return renderLeaderboard(page, await this.pages.leaderboardView(paging.limit, paging.offset));
  }

  @Get('players/:username')
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  async player(@Page() page: PageContext, @Param('username') username: string, @Res({ passthrough: true }) res: Response, @Query('before') before?: unknown): Promise<string> {
    const view = await this.pages.playerView(username, before);
    if (!view) {
      res.status(404);
      return renderNotFound(page, username);
    }
    return renderPlayer(page, view);
  }
}
