import { Module } from '@nestjs/common';
import { LoginFailuresRepository } from './login-failures.repository.js';
import { PgThrottlerStorage } from './pg-throttler-storage.js';

/** The auth routes' rate limits (per address, and per account for sign-ins), counted in PostgreSQL so all app copies share them. */
@Module({
  providers: [PgThrottlerStorage, LoginFailuresRepository],
  exports: [PgThrottlerStorage, LoginFailuresRepository],
})
export class RateLimitModule {}
