import type { NextFunction, Request, Response } from 'express';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import { toErrorBody } from './common/all-exceptions.filter.js';
import { AppError } from './common/errors.js';
import { createValidationPipe } from './common/validation.js';
import { AppConfig } from './config/config.js';

export const BODY_LIMIT = '16kb';

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
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'script-src': ["'self'", "'unsafe-inline'"],
          'style-src': ["'self'", "'unsafe-inline'", 'https:'],
          // Upgrading to https breaks a plain-HTTP server on any host but localhost: only behind TLS.
          'upgrade-insecure-requests': config.tlsBehindProxy ? [] : null,
        },
      },
      strictTransportSecurity: config.tlsBehindProxy ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
      // Browsers ignore (and complain about) COOP on an origin that is not secure.
      crossOriginOpenerPolicy: config.tlsBehindProxy,
    }),
  );
  app.useBodyParser('json', { limit: BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: false });
  app.useGlobalPipes(createValidationPipe());

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Outflank')
      .setDescription('A rated Reversi (Othello) ladder: players, queues, rooms, games, Glicko-2 ratings.')
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });

  await app.init();
  // Registered after every route: unknown paths outside /api, and anything that escaped Nest's
  // filters, still get the API's error shape.
  app.use((req: Request, res: Response) => {
    res.status(404).json(toErrorBody(new AppError('NOT_FOUND', `No route ${req.method} ${req.path}.`)));
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const body = toErrorBody(err, req);
    if (res.headersSent) return res.end();
    res.status(body.statusCode).json(body);
  });
  return app;
}
