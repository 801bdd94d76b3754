import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { requestId } from './common/request-id.js';
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
      ],
    };
  }
}
