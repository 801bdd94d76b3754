/**
 * Anything thrown, as the error body of docs/api.md (status, code, message in the request's
 * language): no response is touched here; the writers (error-writers.ts) send it.
 */
import { HttpException } from '@nestjs/common';
import type { Request } from 'express';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { requestLanguage } from '../i18n/http/request-language.js';
import type { MessageKey } from '../i18n/keys.js';
import type { PageLanguage } from '../i18n/languages.js';
import { AppError, clip, ErrorBody, ErrorCode, renderMessage } from './errors.js';

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

/** The catalogue's message for a code, when a framework error's own words are not to be sent. */
const DEFAULT_MESSAGE: Partial<Record<ErrorCode, MessageKey>> = {
  UNAUTHENTICATED: 'api.default.UNAUTHENTICATED',
  FORBIDDEN: 'api.default.FORBIDDEN',
  RATE_LIMITED: 'api.default.RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'api.default.PAYLOAD_TOO_LARGE',
  NOT_FOUND: 'api.default.NOT_FOUND',
};

/** body-parser's error types, in the API's words (what was expected, nothing echoed). */
const PARSER_MESSAGE: Record<string, MessageKey> = {
  'entity.parse.failed': 'api.request.notJson',
  'charset.unsupported': 'api.request.charset',
  'encoding.unsupported': 'api.request.encoding',
  'entity.too.large': 'api.default.PAYLOAD_TOO_LARGE',
  'request.size.invalid': 'api.request.sizeMismatch',
  'request.aborted': 'api.request.aborted',
  'entity.verify.failed': 'api.request.unreadableBody',
  'stream.encoding.set': 'api.request.unreadableBody',
};

/**
 * Fastify's own errors of the same kinds, by code (the experimental Fastify adapter,
 * src/app.fastify.ts): the same words as body-parser's and the router's under Express.
 */
const FASTIFY_MESSAGE: Record<string, MessageKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'api.default.PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'api.request.sizeMismatch',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'api.request.notJson',
  FST_ERR_CTP_INVALID_JSON_BODY: 'api.request.notJson',
  FST_ERR_BAD_URL: 'api.request.badPathEncoding',
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

/**
 * An error of body-parser and friends (http-errors: a 4xx `status` and a `type`) as an AppError
 * in the API's words; null for anything else. Never the parser's own words: they quote the body,
 * a charset or an encoding back.
 */
export function parserError(exception: unknown): AppError | null {
  if (exception instanceof AppError || exception instanceof HttpException) return null;
  const err = exception as { status?: unknown; statusCode?: unknown; type?: unknown; code?: unknown } | null;
  const status = typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 0;
  if (status < 400 || status >= 500) return null;
  const code = CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED';
  const key =
    (typeof err?.type === 'string' ? PARSER_MESSAGE[err.type] : undefined) ??
    (typeof err?.code === 'string' && err.code.startsWith('FST_') ? FASTIFY_MESSAGE[err.code] : undefined) ??
    DEFAULT_MESSAGE[code] ??
    'api.default.unreadable';
  return new AppError(code, { key });
}

/**
 * Maps anything thrown to the error shape of docs/api.md: a database that cannot be reached is a 503,
 * unknown errors become a logged, generic 500. The `message` is in the request's language (the
 * signed-in player's saved language, the language cookie, Accept-Language, English); the `code`
 * never changes.
 */
export function toErrorBody(exception: unknown, req?: Request, lang: PageLanguage = requestLanguage(req).lang): ErrorBody {
  return errorBodyIn(exception, lang, req);
}

function errorBodyIn(exception: unknown, lang: PageLanguage, req?: Request): ErrorBody {
  const say = (key: MessageKey, values?: Record<string, string>) => renderMessage({ key, values }, lang);
  if (isDatabaseUnavailable(exception)) return { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: say('api.default.SERVICE_UNAVAILABLE') };
  if (exception instanceof AppError) {
    const body: ErrorBody = { statusCode: exception.status, code: exception.code, message: exception.messageIn(lang) };
    if (exception.details !== undefined) body.details = exception.details;
    return body;
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED');
    let message = messageOf(exception.getResponse(), exception.message);
    if (status === 404 && req && message.startsWith('Cannot ')) message = say('api.request.noRoute', { method: clip(req.method, 10), path: clip(req.originalUrl.split('?')[0]) });
    // Nest turns the router's URIError (a bad %-escape in a path parameter) and body-parser's
    // SyntaxError into a 400 carrying their own words, which quote the input back.
    else if (status === 400 && /^Failed to decode param/.test(message)) message = say('api.request.badPathEncoding');
    else if (status === 400 && /JSON/.test(message)) message = say('api.request.notJson');
    else if (code === 'VALIDATION_FAILED') message = clip(message, 200);
    else if (code === 'UNAUTHENTICATED' || code === 'RATE_LIMITED' || message === 'Forbidden resource') {
      const key = DEFAULT_MESSAGE[code];
      if (key) message = say(key);
    }
    return { statusCode: status >= 500 && status !== 503 ? 500 : status, code, message };
  }
  const parsing = parserError(exception);
  if (parsing) return errorBodyIn(parsing, lang);
  return { statusCode: 500, code: 'INTERNAL_ERROR', message: say('api.default.INTERNAL_ERROR') };
}
