import { Controller, Get, Header, Query, Res, UseFilters } from '@nestjs/common';
import type { Response } from 'express';
import { AppError } from '../common/errors.js';
import { ApiExcludeController } from '@nestjs/swagger';
import { Page, type PageContext } from '../i18n/http/request-language.js';
import { OpeningsService } from '../openings/openings.service.js';
import { PageErrorFilter } from './page-error.filter.js';
import { renderExplorer } from './views/explorer.js';
import { renderOpenings } from './views/openings.js';

const HTML = 'text/html; charset=utf-8';

/** The openings page (the named openings with their boards, lines and figures) and the explorer's page. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class OpeningsPagesController {
  constructor(private readonly openings: OpeningsService) {}

  @Get('openings')
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  async page(@Page() page: PageContext): Promise<string> {
    return renderOpenings(page, await this.openings.openings());
  }

  /** A malformed or illegal typed line: 400, the start position, and the reason in the page's language. */
  @Get('explorer')
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  async explorer(@Page() page: PageContext, @Query('moves') moves: unknown, @Res({ passthrough: true }) res: Response): Promise<string> {
    const typed = typeof moves === 'string' ? moves : '';
    try {
      if (moves !== undefined && typeof moves !== 'string') throw new AppError('VALIDATION_FAILED', { key: 'api.explorer.malformed', values: { moves: '', max: 60 } });
      return renderExplorer(page, { explorer: await this.openings.explore(typed), error: null, typed });
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'VALIDATION_FAILED') throw err;
      res.status(400);
      return renderExplorer(page, { explorer: await this.openings.explore(''), error: err.messageIn(page.lang), typed });
    }
  }
}
