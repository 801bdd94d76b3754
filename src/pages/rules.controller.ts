import { Controller, Get, Header, Inject, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Page, type PageContext } from '../i18n/http/request-language.js';
import { discCounts } from '../engine/rules.js';
import { startPosition } from '../engine/position.js';
import { rulesDiagrams } from './domain/diagrams.js';
import { siteSettings } from './domain/site-settings.js';
import { PageErrorFilter } from './page-error.filter.js';
import { renderLearn } from './views/learn.js';
import { renderRules, type RulesPageView } from './views/rules.js';

const HTML = 'text/html; charset=utf-8';

/**
 * The rules page and the lesson. The rules page reads this server's configuration on every request
 * (its tables state what this server enforces); its diagrams come from the engine.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class RulesController {
  private readonly diagrams = rulesDiagrams();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('rules')
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  rules(@Page() page: PageContext): string {
    const start = discCounts(startPosition());
    const view: RulesPageView = {
      settings: siteSettings(this.config),
      diagrams: this.diagrams,
      squares: 64,
      startDiscs: start.black + start.white,
    };
    return renderRules(page, view);
  }

  @Get('learn')
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  learn(@Page() page: PageContext): string {
    return renderLearn(page);
  }
}
