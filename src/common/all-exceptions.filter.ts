import { ArgumentsHost, Catch, ExceptionFilter, Inject, Logger, Optional } from '@nestjs/common';
import type { Request, Response } from 'express';
import { toErrorBody } from './error-body.js';
import { HTML_ERROR_PAGES, type HtmlErrorPages, isFastifyReply, sendOnFastify, setErrorHeaders } from './error-writers.js';

/** The one global error filter: the body (error-body.ts), a log line for a 5xx, the writers (error-writers.ts). */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(@Optional() @Inject(HTML_ERROR_PAGES) private readonly pages?: HtmlErrorPages) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request & { id?: string }>();
    const body = toErrorBody(exception, req);
    if (body.code === 'SERVICE_UNAVAILABLE') {
      // Expected while the database is down: one line per request, no stack trace.
      this.logger.warn({ requestId: req?.id, reason: String((exception as Error)?.message ?? exception) }, `Database unavailable on ${req?.method} ${req?.url}`);
    } else if (body.statusCode >= 500) {
      this.logger.error({ err: exception, requestId: req?.id }, `Unhandled error on ${req?.method} ${req?.url}`);
    }
    if (isFastifyReply(res)) return sendOnFastify(res, body);
    if (res.headersSent) {
      res.end();
      return;
    }
    // An unknown page asked for by a browser: a page, not JSON (the API keeps its JSON 404).
    const html = this.pages?.render(req, body); // null unless a 404 a browser asked for
    if (html) {
      res.status(404).type('text/html; charset=utf-8').setHeader('Cache-Control', 'no-store');
      res.setHeader('Vary', 'Accept');
      res.send(html);
      return;
    }
    setErrorHeaders(res, body);
    res.status(body.statusCode).json(body);
  }
}
