import { Controller, Get, Header, Inject, Param, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { Page, type PageContext } from '../i18n/http/request-language.js';
import { clientSettings, type ClientSettings } from './client-settings.js';
import { PageErrorFilter } from './page-error.filter.js';
import { isGameId, renderPlayGame, renderPlayLobby, renderPlayNotFound } from './views/play.js';

const HTML = 'text/html; charset=utf-8';

/**
 * The browser client's pages. They are shells: the client script gets everything from the JSON
 * API (with the player's token from localStorage), so nothing here touches the database; the
 * settings it needs come with the page (ClientSettings).
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller('play')
export class PlayController {
  private readonly settings: ClientSettings;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.settings = clientSettings(config);
  }

  @Get()
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  lobby(@Page() page: PageContext): string {
    return renderPlayLobby(page, this.settings);
  }

  @Get(':gameId')
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  game(@Page() page: PageContext, @Param('gameId') gameId: string, @Res({ passthrough: true }) res: Response): string {
    if (!isGameId(gameId)) {
      res.status(404);
      return renderPlayNotFound(page, gameId);
    }
    return renderPlayGame(page, gameId.toLowerCase(), this.settings);
  }
}
