import { Controller, Get, Header, Param, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Page, type PageContext } from '../i18n/http/request-language.js';
import { PageErrorFilter } from './page-error.filter.js';
import { isGameId, renderPlayGame, renderPlayLobby, renderPlayNotFound } from './views/play.js';

const HTML = 'text/html; charset=utf-8';

/**
 * The browser client's pages. They are shells: the inline scripts get everything from the JSON
 * API (with the player's token from localStorage), so nothing here touches the database.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller('play')
export class PlayController {
  @Get()
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  lobby(@Page() page: PageContext): string {
    return renderPlayLobby(page);
  }

  @Get(':gameId')
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  game(@Page() page: PageContext, @Param('gameId') gameId: string, @Res({ passthrough: true }) res: Response): string {
    if (!isGameId(gameId)) {
      res.status(404);
      return renderPlayNotFound(page, gameId);
    }
    return renderPlayGame(page, gameId.toLowerCase());
  }
}
