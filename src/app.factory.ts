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
import { CSP_DIRECTIVES, swaggerUiCsp } from './pages/csp.js';

export const BODY_LIMIT = '16kb';

/** Builds the fully configured app (not yet listening): used by `serve`, the tests and benchmarks. */
export async function createApp(config: AppConfig & { databaseUrl: string }): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', 'loopback');
  // No 'unsafe-inline': the pages' script and styles are bundled static files (src/pages/csp.ts).
  app.use(helmet({ contentSecurityPolicy: { directives: { ...CSP_DIRECTIVES } } }));
  app.use(swaggerUiCsp('/docs'));
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
  // BaseLayout: Swagger UI without its top bar, whose logo is an inline <style> the CSP refuses.
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json', swaggerOptions: { layout: 'BaseLayout' } });

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
