import { Controller, Get, Header, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Page, type PageContext } from '../i18n/http/request-language.js';
import { PageErrorFilter } from '../pages/page-error.filter.js';
import { renderOpenings } from '../pages/views/openings.js';
import { OpeningsService } from './openings.service.js';

const HTML = 'text/html; charset=utf-8';

/** The openings page: the named openings with their boards, lines and figures. */
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
}
