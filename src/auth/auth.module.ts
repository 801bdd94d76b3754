import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { AccountLinksModule } from '../account-links/account-links.module.js';
import { LeaderboardModule } from '../leaderboard/leaderboard.module.js';
import { PlayersModule } from '../players/players.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { JwtStrategy } from './strategies/jwt.strategy.js';
import { TokenVerifier } from './token-verifier.js';
import { LocalStrategy } from './strategies/local.strategy.js';
import { RevokedTokensRepository } from './revoked-tokens.repository.js';
import { TokenStanding } from './token-standing.js';

@Module({
  imports: [
    PassportModule,
    PlayersModule,
    LeaderboardModule,
    RateLimitModule,
    AccountLinksModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256', expiresIn: config.jwtExpiresIn as `${number}d` },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, JwtStrategy, TokenVerifier, LocalStrategy, RevokedTokensRepository, TokenStanding],
  exports: [AuthService, TokenVerifier, TokenStanding],
})
export class AuthModule {}
