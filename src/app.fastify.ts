import type { IncomingMessage, ServerResponse } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { hasBody, helmetOptions, isJson } from './app.factory.js';
import { AppModule } from './app.module.js';
import { parserError, toErrorBody } from './common/error-body.js';
import { unsupportedMediaType } from './common/errors.js';
import { requestId } from './common/request-id.js';
import { createValidationPipe, MAX_BODY_DEPTH, nestsDeeperThan, tooDeep } from './common/validation.js';
import { AppConfig } from './config/config.js';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The same 16 KB as BODY_LIMIT ('16kb' in body-parser's words). */
const BODY_LIMIT_BYTES = 16 * 1024;

/** body-parser's errors as body-parser makes them (a status and a type): parserError puts them in the API's words. */
const parserFailure = (status: number, type: string) => parserError({ status, type }) ?? new Error(type);

/**
 * EXPERIMENTAL, for benchmarks only (`bench/moves.ts --adapter express,fastify`): the app on
 * @nestjs/platform-fastify (a devDependency: nothing that `serve` loads imports this file). `serve` and the
 * tests use {@link createApp} (Express), the only one whose every route, header and answer is proved.
 *
 * Ported: helmet's headers with the strict CSP, JSON-only bodies (415 before anything reads them),
 * body-parser's JSON (strict, 16 KB, UTF-8, its errors in the API's words), the depth check, the
 * ValidationPipe, the global error filter (Fastify replies included), the 404 of unknown paths, the
 * event streams (SseStream writes on the hijacked reply's node response) and Last-Event-ID. So the
 * API's JSON routes, guards and streams answer as on Express.
 *
 * Not ported (Express-only, they fail or differ here): /docs (Swagger UI and its CSP hashes), the
 * language cookie middleware (`?lang=` on pages), the pages, the static assets and the page error
 * filter, GET /metrics (writes with res.send), the compression of answers, gzip/deflate request bodies and charsets other
 * than UTF-8 (body-parser decodes them; here they are 415), and Express's ETags on GET answers.
 */
export async function createFastifyApp(config: AppConfig & { databaseUrl: string }): Promise<INestApplication> {
  const secure = helmet(helmetOptions(config));
  const adapter = new FastifyAdapter({
    // Fastify's types take no hop count: n hops is "trust the n nearest", as Express reads a number.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // What Fastify's router refuses (a bad %-escape in the path) never reaches a hook or the filter:
    // the same headers and error body here.
    frameworkErrors: (error: Error, req: FastifyRequest<any, any, any>, reply: FastifyReply<any, any, any>) => {
      secure(req.raw as IncomingMessage, reply.raw as ServerResponse, () => {
        const body = toErrorBody(error, req as never);
        reply.status(body.statusCode).header('Content-Type', 'application/json; charset=utf-8').send(body);
      });
    },
  });
  const app = await NestFactory.create(AppModule.forRoot(config), adapter, { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  // helmet writes its headers on node's response: Fastify's reply adds its own to them.
  app.use(secure);
  // The request id as on Express (kept from X-Request-Id when sane, echoed): @fastify/middie hands
  // the middleware Fastify's own id as req.id, which pino-http (nestjs-pino's middleware, next) keeps.
  app.use((req: IncomingMessage & { id?: unknown }, res: ServerResponse, next: () => void) => {
    req.id = requestId(req, res);
    next();
  });
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  // Bodies are JSON only: anything else is 415 before it is read (after the headers above, as on Express).
  fastify.addHook('preParsing', async (req) => {
    if (hasBody(req.raw) && !isJson(req.headers['content-type'])) throw unsupportedMediaType(req.headers['content-type']);
    // body-parser refuses a declared length over the limit before reading (Fastify's own 413 would reach
    // the filter as an HttpException in Fastify's words; it stays for chunked bodies only).
    if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT_BYTES) throw parserFailure(413, 'entity.too.large');
  });
  // body-parser's JSON, not Fastify's: strict (an object or an array), `__proto__` left to the
  // ValidationPipe (which refuses it as an unknown field), an empty body as no body.
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (req, body, done) => {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') return done(parserFailure(415, 'charset.unsupported'), undefined);
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0) return done(null, {});
    const first = /^[\x20\x09\x0a\x0d]*(.)/.exec(text)?.[1];
    if (first !== '{' && first !== '[') return done(parserFailure(400, 'entity.parse.failed'), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(parserFailure(400, 'entity.parse.failed'), undefined);
    }
  });
  // Too deep a body is a 400 before any guard or pipe transforms it (class-transformer recurses).
  fastify.addHook('preValidation', async (req) => {
    if (nestsDeeperThan(req.body, MAX_BODY_DEPTH)) throw tooDeep();
  });
  app.useGlobalPipes(createValidationPipe());
  await app.init();
  return app;
}
