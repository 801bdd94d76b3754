import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { HelmetOptions } from 'helmet';
import { compressAnswers } from './common/compression.js';
import { etagsOnConditionalMethods } from './common/etags.js';
import { securityHeaders } from './common/security-headers.js';
import { jsonBodies } from './common/json-body.js';
import { middlewareChain } from './common/middleware-chain.js';
import { Logger } from 'nestjs-pino';
import type { Logger as Logger_ } from 'pino';
import { AppModule, ROOT_LOGGER } from './app.module.js';
import { requestLogging } from './common/request-logging.js';
import { addCommonErrors, ErrorDto } from './common/api-errors.js';
import { parserError, toErrorBody } from './common/error-body.js';
import { setErrorHeaders } from './common/error-writers.js';
import { AppError, clip, unsupportedMediaType } from './common/errors.js';
import { controlCharacterIn, createValidationPipe, MAX_BODY_DEPTH, nestsDeeperThan, tooDeep } from './common/validation.js';
import { AppConfig } from './config/config.js';
import { eventModels, eventsExtension } from './events/event-map.js';
import { EVENT_CLASSES } from './app/event-classes.js';
import { languageCookieMiddleware } from './i18n/http/request-language.js';
import { CSP_DIRECTIVES, swaggerUiCsp } from './pages/csp.js';

/** A request body's largest size (16 kB). */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** A request carries a body when it says so (Transfer-Encoding, or a Content-Length above 0). */
export function hasBody(req: Pick<Request, 'headers'>): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length.trim() !== '0';
}

/** application/json, with parameters (charset) left to the JSON parser. */
export function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && contentType.split(';')[0].trim().toLowerCase() === 'application/json';
}

/** helmet's settings: the strict CSP of src/pages/csp.ts, HSTS and COOP only behind TLS. */
export function helmetOptions(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        ...CSP_DIRECTIVES,
        // Upgrading to https breaks a plain-HTTP server on any host but localhost: only behind TLS.
        'upgrade-insecure-requests': config.tlsBehindProxy ? [] : null,
      },
    },
    strictTransportSecurity: config.tlsBehindProxy ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
    // Browsers ignore (and complain about) COOP on an origin that is not secure.
    crossOriginOpenerPolicy: config.tlsBehindProxy,
  };
}

/** Builds the fully configured app (not yet listening): used by `serve`, the tests and benchmarks. */
export async function createApp(config: AppConfig & { databaseUrl: string }): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  // X-Forwarded-For is believed only from configured proxies (TRUST_PROXY): otherwise any client
  // could name its own address and reset its rate limit.
  app.set('trust proxy', config.trustProxy);
  // helmet's headers are set below; helmet also hid X-Powered-By.
  app.disable('x-powered-by');
  // The middlewares in front of every request, in this order, as one layer of the router
  // (src/common/middleware-chain.ts: a layer each cost every request the router's work ten times).
  app.use(
    middlewareChain([
      // First, so every answer (a refused body too) has its request id and its log line.
      requestLogging(app.get<Logger_>(ROOT_LOGGER)) as unknown as RequestHandler,
      etagsOnConditionalMethods(app.getHttpAdapter().getInstance()),
      // No 'unsafe-inline': the pages' script and styles are bundled static files (src/pages/csp.ts).
      // helmet's headers, computed once (src/common/security-headers.ts).
      securityHeaders(helmetOptions(config)),
      compressAnswers(),
      swaggerUiCsp('/docs'),
      languageCookieMiddleware({ secure: config.tlsBehindProxy, persistPseudo: config.nodeEnv === 'test' }),
      // Bodies are JSON only: a form or text body (which a cross-site page can send without a
      // preflight) is 415 before anything reads it.
      (req: Request, _res: Response, next: NextFunction) => {
        next(hasBody(req) && !isJson(req.headers['content-type']) ? unsupportedMediaType(req.headers['content-type']) : undefined);
      },
      jsonBodies(BODY_LIMIT_BYTES),
      // The JSON parser's errors in the API's words, before Nest would pass on the parser's own.
      (err: unknown, _req: Request, _res: Response, next: NextFunction) => next(parserError(err) ?? err),
      // Too deep a body is a 400 before any guard or pipe transforms it (class-transformer recurses);
      // so is a control character anywhere in the body, the path or the query (NUL cannot be stored).
      (req: Request, _res: Response, next: NextFunction) => {
        next(nestsDeeperThan(req.body, MAX_BODY_DEPTH) ? tooDeep() : (controlCharacterIn(req) ?? undefined));
      },
    ]),
  );
  app.useGlobalPipes(createValidationPipe());

  const openApiDocument = () => {
    const document = addCommonErrors(
      SwaggerModule.createDocument(
        app,
        new DocumentBuilder()
          .setTitle('Outflank')
          .setDescription('A rated Reversi (Othello) ladder: players, queues, rooms, games, Glicko-2 ratings.')
          .setVersion('1')
          .addBearerAuth()
          .build(),
        { extraModels: [ErrorDto, ...eventModels(EVENT_CLASSES)] },
      ),
    );
    // The event map (topic kind → event name → payload schema): npm run api:types generates the clients' events.d.ts from it.
    return Object.assign(document, { 'x-events': eventsExtension(EVENT_CLASSES) });
  };
  // Built on the first request for /docs or /docs-json and kept (SwaggerModule calls the factory
  // once): scanning every controller and model cost each start-up more CPU than the rest of it.
  // BaseLayout: Swagger UI without its top bar, whose logo is an inline <style> the CSP refuses.
  SwaggerModule.setup('docs', app, openApiDocument, { jsonDocumentUrl: 'docs-json', swaggerOptions: { layout: 'BaseLayout' } });

  await app.init();
  // Registered after every route: unknown paths outside /api, and anything that escaped Nest's
  // filters, still get the API's error shape.
  app.use((req: Request, res: Response) => {
    res.status(404).json(toErrorBody(new AppError('NOT_FOUND', { key: 'api.request.noRoute', values: { method: clip(req.method, 10), path: clip(req.path) } }), req));
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const body = toErrorBody(err, req);
    if (res.headersSent) return res.end();
    setErrorHeaders(res, body);
    res.status(body.statusCode).json(body);
  });
  return app;
}
