import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { toErrorBody } from '../common/error-body.js';
import { pageContext } from '../i18n/http/request-language.js';
import { renderErrorPage } from './views/error.js';

/**
 * Errors of the HTML pages become a styled page with a retry (people read these, not programs):
 * the same status, code and message as the API's error body, e.g. 503 while the database is
 * unreachable, never raw JSON.
 */
@Catch()
export class PageErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Pages');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request & { id?: string }>();
    const page = pageContext(req);
    const body = toErrorBody(exception, req, page.lang);
    if (body.statusCode >= 500) {
      this.logger.error({ err: exception, requestId: req?.id }, `Page failed: ${req?.method} ${req?.url}`);
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    if (body.statusCode === 503 && !res.getHeader('Retry-After')) res.setHeader('Retry-After', '5');
    res.status(body.statusCode).type('text/html; charset=utf-8').setHeader('Cache-Control', 'no-store');
    res.send(renderErrorPage(page, body));
  }
}
