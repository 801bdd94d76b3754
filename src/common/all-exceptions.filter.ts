import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable.js';
import { AppError, ErrorBody, ErrorCode } from './errors.js';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

const DEFAULT_MESSAGE: Partial<Record<ErrorCode, string>> = {
  UNAUTHENTICATED: 'A valid bearer token is required.',
  FORBIDDEN: 'You are not allowed to do that.',
  RATE_LIMITED: 'Too many requests; try again later.',
  PAYLOAD_TOO_LARGE: 'The request body is too large (16 KiB at most).',
};

function messageOf(response: unknown, fallback: string): string {
  if (typeof response === 'string') return response;
  if (response && typeof response === 'object' && 'message' in response) {
    const m = (response as { message: unknown }).message;
    if (typeof m === 'string') return m;
    if (Array.isArray(m)) return m.join('; ');
  }
  return fallback;
}

const DATABASE_UNAVAILABLE: ErrorBody = {
  statusCode: 503,
  code: 'SERVICE_UNAVAILABLE',
  message: 'The database cannot be reached right now; retry in a few seconds (your token stays valid).',
};

/**
 * Maps anything thrown to the error shape of API.md: a database that cannot be reached is a 503,
 * unknown errors become a logged, generic 500.
 */
export function toErrorBody(exception: unknown, req?: Request): ErrorBody {
  if (isDatabaseUnavailable(exception)) return { ...DATABASE_UNAVAILABLE };
  if (exception instanceof AppError) {
    const body: ErrorBody = { statusCode: exception.status, code: exception.code, message: exception.message };
    if (exception.details !== undefined) body.details = exception.details;
    return body;
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED');
    let message = messageOf(exception.getResponse(), exception.message);
    if (status === 404 && req && message.startsWith('Cannot ')) message = `No route ${req.method} ${req.originalUrl.split('?')[0]}.`;
    else if (code === 'UNAUTHENTICATED' || code === 'RATE_LIMITED' || message === 'Forbidden resource') {
      message = DEFAULT_MESSAGE[code] ?? message;
    }
    return { statusCode: status >= 500 && status !== 503 ? 500 : status, code, message };
  }
  // Errors from body-parser and friends (http-errors): 4xx with `expose` and a `type`.
  const err = exception as { status?: unknown; statusCode?: unknown; type?: unknown; expose?: unknown };
  const status = typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 0;
  if (status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED';
    const message =
      err.type === 'entity.parse.failed'
        ? 'The request body is not valid JSON.'
        : DEFAULT_MESSAGE[code] ?? (typeof (exception as Error).message === 'string' ? (exception as Error).message : 'Bad request.');
    return { statusCode: status, code, message };
  }
  return { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side; it has been logged.' };
}

/**
 * Headers that go with an error body: JSON (also on routes that declare another type, like the
 * transcript's text/plain), Retry-After on 429 (unless set) and 503.
 */
export function setErrorHeaders(res: Response, body: ErrorBody): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (body.code === 'RATE_LIMITED' && !res.getHeader('Retry-After')) {
    const wait = (body.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    res.setHeader('Retry-After', typeof wait === 'number' && wait > 0 ? String(Math.ceil(wait)) : '60');
  }
  if (body.code === 'SERVICE_UNAVAILABLE' && !res.getHeader('Retry-After')) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

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
    if (res.headersSent) {
      res.end();
      return;
    }
    setErrorHeaders(res, body);
    res.status(body.statusCode).json(body);
  }
}
