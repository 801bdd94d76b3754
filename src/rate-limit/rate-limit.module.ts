import { Module } from '@nestjs/common';
import { PgThrottlerStorage } from './pg-throttler-storage.js';

/** The auth routes' rate limits, counted in PostgreSQL so all app copies share them. */
@Module({
  providers: [PgThrottlerStorage],
  exports: [PgThrottlerStorage],
})
export class RateLimitModule {}
