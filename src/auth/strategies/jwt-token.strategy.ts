import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppError } from '../../common/errors.js';
import { APP_CONFIG, AppConfig } from '../../config/config.js';
import type { TokenPayload } from '../auth.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who a verified token names, without a database lookup. */
export interface TokenPrincipal {
  id: string;
  username: string;
  guest: boolean;
}

/**
 * The same verification as the `jwt` strategy, minus the player lookup: for routes where the
 * token and a seat check suffice (a move: the game row names its seated players).
 */
@Injectable()
export class JwtTokenStrategy extends PassportStrategy(Strategy, 'jwt-token') {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(payload: TokenPayload): TokenPrincipal {
    if (typeof payload?.sub !== 'string' || !UUID.test(payload.sub)) {
      throw new AppError('UNAUTHENTICATED', 'The token is not valid.');
    }
    return { id: payload.sub, username: String(payload.name ?? ''), guest: payload.guest === true };
  }
}
