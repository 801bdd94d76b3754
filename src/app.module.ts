import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { requestId } from './common/request-id.js';
import { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { dataSourceOptions } from './database/data-source.js';
import { HealthModule } from './health/health.module.js';

@Module({})
export class AppModule {
  /** The whole app for one validated configuration whose database URL is already known. */
  static forRoot(config: AppConfig & { databaseUrl: string }): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            genReqId: requestId,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password'],
            autoLogging: { ignore: (req) => req.url === '/health' },
            serializers: {
              req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
          },
        }),
        TypeOrmModule.forRoot({ ...dataSourceOptions(config.databaseUrl, config.dbPoolSize), retryAttempts: 3, retryDelay: 500 }),
        ThrottlerModule.forRoot({ throttlers: [{ name: 'default', ttl: 60_000, limit: 1_000_000 }] }),
        HealthModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_GUARD, useClass: ThrottlerGuard },
      ],
    };
  }
}
