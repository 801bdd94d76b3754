import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiResponse, getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import { ERROR_STATUS, type ErrorCode } from './errors.js';

/** The API's error shape in the OpenAPI schema (every 4xx and the 503). */
export class ErrorDto {
  @ApiProperty({ example: 409 }) statusCode: number;
  @ApiProperty({ enum: Object.keys(ERROR_STATUS), example: 'NOT_YOUR_TURN', description: 'Stable, machine-readable' })
  code: ErrorCode;
  @ApiProperty({ example: "It is white's turn." }) message: string;
  @ApiProperty({
    required: false,
    type: Object,
    additionalProperties: true,
    description: 'e.g. {game} with STALE_PLY and GAME_OVER (the current game), {gameId} with ALREADY_IN_GAME',
  })
  details?: Record<string, unknown>;
}

const errorContent = { 'application/json': { schema: { $ref: getSchemaPath(ErrorDto) } } };

/**
 * Documents a route's error responses: one response per status, with the API's error shape, its
 * description listing the codes (and a note each), e.g.
 * `@ApiErrors('NOT_FOUND', ['STALE_PLY', 'details.game is the current game'])`.
 */
export function ApiErrors(...errors: (ErrorCode | [ErrorCode, string])[]): MethodDecorator & ClassDecorator {
  const byStatus = new Map<number, string[]>();
  for (const e of errors) {
    const [code, note] = typeof e === 'string' ? [e, undefined] : e;
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), note ? `${code}: ${note}` : code]);
  }
  // Errors are JSON even where the route answers text (a transcript, an event stream).
  return applyDecorators(...[...byStatus].map(([status, codes]) => ApiResponse({ status, content: errorContent, description: codes.join('; ') })));
}

/**
 * The error responses every route shares, added to each operation of the document that lacks them:
 * 503 SERVICE_UNAVAILABLE (with Retry-After) everywhere under /api; 401 where a bearer token is
 * required; 400, 413 and 415 for a JSON body; 400 for query parameters.
 */
export function addCommonErrors(document: OpenAPIObject): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method];
      if (!op) continue;
      const add = (status: number, description: string, extra: object = {}) => {
        op.responses[status] ??= { description, content: errorContent, ...extra };
      };
      if (op.requestBody) {
        add(400, 'VALIDATION_FAILED: the body breaks a rule (details name the fields); unknown fields are refused');
        add(413, 'PAYLOAD_TOO_LARGE: the body is over 16 KiB');
        add(415, 'UNSUPPORTED_MEDIA_TYPE: bodies are JSON only (Content-Type: application/json)');
      } else if (op.parameters?.some((p) => 'in' in p && p.in === 'query')) {
        add(400, 'VALIDATION_FAILED: a query parameter breaks a rule');
      }
      if (op.security?.some((s) => 'bearer' in s)) add(401, 'UNAUTHENTICATED: no token, or not a valid one');
      add(503, 'SERVICE_UNAVAILABLE: the database cannot be reached; nothing changed. Retry after Retry-After seconds and keep your token', {
        headers: { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } } },
      });
    }
  }
  return document;
}
