import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { createRootLogger, LOG_SERIALIZERS } from './common/request-logging.js';
import { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { dataSourceOptions } from './app/data-source.js';
import { HealthModule } from './health/health.module.js';
import { AuthModule } from './auth/auth.module.js';
import { PlayersModule } from './players/players.module.js';
import { EventsModule } from './events/events.module.js';
import { GamesModule } from './games/games.module.js';
import { RoomsModule } from './rooms/rooms.module.js';
import { ComputerModule } from './computer/computer.module.js';
import { ChallengesModule } from './challenges/challenges.module.js';
import { LeaderboardModule } from './leaderboard/leaderboard.module.js';
import { MatchmakingModule } from './matchmaking/matchmaking.module.js';
import { PagesModule } from './pages/pages.module.js';
import { AnalysisModule } from './analysis/analysis.module.js';
import { ModerationModule } from './moderation/moderation.module.js';
import { OpeningsModule } from './openings/openings.module.js';
import { ClockModule } from './common/clock.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { PgThrottlerStorage } from './rate-limit/pg-throttler-storage.js';
import { GUEST_THROTTLER } from './auth/auth-throttler.guard.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';

/** The app's root pino logger (the request middleware derives each request's logger from it). */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

@Module({})
export class AppModule {
  /** The whole app for one validated configuration whose database URL is already known. */
  static forRoot(config: AppConfig & { databaseUrl: string }): DynamicModule {
    const rootLogger = createRootLogger(config.logLevel);
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        // The request middleware is ours (src/common/request-logging.ts, mounted first by createApp):
        // nestjs-pino only binds each request's logger to the async context.
        LoggerModule.forRoot({ pinoHttp: { logger: rootLogger, serializers: LOG_SERIALIZERS, wrapSerializers: false }, useExisting: true }),
        DatabaseModule.forRoot({ dataSource: dataSourceOptions(config.databaseUrl, config.dbPoolSize, config.dbConnectTimeoutSeconds) }),
        // Applied where a route asks for it (AuthThrottlerGuard): login and register count in
        // "default", guest accounts in "guests" (their own, larger limit); counted in PostgreSQL,
        // so the limits hold across app copies.
        ThrottlerModule.forRootAsync({
          imports: [RateLimitModule],
          inject: [PgThrottlerStorage],
          useFactory: (storage: PgThrottlerStorage) => ({
            throttlers: [
              { name: 'default', ttl: config.authRateWindowSeconds * 1000, limit: config.authRateLimit },
              { name: GUEST_THROTTLER, ttl: config.authRateWindowSeconds * 1000, limit: config.guestRateLimit },
            ],
            storage,
          }),
        }),
        ClockModule,
        MetricsModule,
        HealthModule,
        EventsModule,
        AuthModule,
        PlayersModule,
        GamesModule,
        RoomsModule,
        ComputerModule,
        ChallengesModule,
        LeaderboardModule,
        MatchmakingModule,
        AnalysisModule,
        ModerationModule,
        OpeningsModule,
        PagesModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: ROOT_LOGGER, useValue: rootLogger },
      ],
    };
  }
}
