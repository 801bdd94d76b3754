import { Controller, Get, Header, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Page, type PageContext } from '../i18n/http/request-language.js';
import { strategyTopics } from './domain/strategy.js';
import { PageErrorFilter } from './page-error.filter.js';
import { renderStrategy } from './views/strategy.js';

const HTML = 'text/html; charset=utf-8';

/**
 * Strategy and tips: the topics, their diagrams and try-it positions, computed once by the engine
 * on the page's first visit (strategyTopics() keeps them): not at every start of the app, which
 * costs each start-up some 0.3 CPU-s of endgame solving whether the page is ever asked for or not.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class StrategyController {
  @Get('strategy')
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  strategy(@Page() page: PageContext): string {
    return renderStrategy(page, strategyTopics());
  }
}
