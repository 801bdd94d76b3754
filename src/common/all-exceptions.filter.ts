import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable.js';
import { AppError, clip, ErrorBody, ErrorCode } from './errors.js';

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

/** body-parser's error types, in the API's words (what was expected, nothing echoed). */
const PARSER_MESSAGE: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'charset.unsupported': 'Request bodies must be JSON in UTF-8 (Content-Type: application/json; charset=utf-8).',
  'encoding.unsupported': 'Request bodies may be sent as is or with Content-Encoding gzip, deflate or br.',
  'entity.too.large': 'The request body is too large (16 KiB at most).',
  'request.size.invalid': 'The request body is shorter or longer than its Content-Length.',
  'request.aborted': 'The request body was cut off.',
  'entity.verify.failed': 'The request body could not be read.',
  'stream.encoding.set': 'The request body could not be read.',
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
 * An error of body-parser and friends (http-errors: a 4xx `status` and a `type`) as an AppError
 * in the API's words; null for anything else. Never the parser's own words: they quote the body,
 * a charset or an encoding back.
 */
export function parserError(exception: unknown): AppError | null {
  if (exception instanceof AppError || exception instanceof HttpException) return null;
  const err = exception as { status?: unknown; statusCode?: unknown; type?: unknown } | null;
  const status = typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 0;
  if (status < 400 || status >= 500) return null;
  const code = CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED';
  const message = (typeof err?.type === 'string' ? PARSER_MESSAGE[err.type] : undefined) ?? DEFAULT_MESSAGE[code] ?? 'The request could not be read.';
  return new AppError(code, message);
}

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
    if (status === 404 && req && message.startsWith('Cannot ')) message = `No route ${clip(req.method, 10)} ${clip(req.originalUrl.split('?')[0])}.`;
    // Nest turns the router's URIError (a bad %-escape in a path parameter) and body-parser's
    // SyntaxError into a 400 carrying their own words, which quote the input back.
    else if (status === 400 && /^Failed to decode param/.test(message)) message = 'A path parameter is not valid percent-encoded UTF-8.';
    else if (status === 400 && /JSON/.test(message)) message = PARSER_MESSAGE['entity.parse.failed'];
    else if (code === 'VALIDATION_FAILED') message = clip(message, 200);
    else if (code === 'UNAUTHENTICATED' || code === 'RATE_LIMITED' || message === 'Forbidden resource') {
      message = DEFAULT_MESSAGE[code] ?? message;
    }
    return { statusCode: status >= 500 && status !== 503 ? 500 : status, code, message };
  }
  const parsing = parserError(exception);
  if (parsing) return toErrorBody(parsing);
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
