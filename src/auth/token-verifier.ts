import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey, KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { AppError } from '../common/errors.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import type { TokenPayload } from './auth.service.js';
import { TokenStanding } from './token-standing.js';

/** At most this many verified tokens remembered (cleared when full: about 3 MB). */
const VERIFIED_REMEMBERED = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who a verified token names, without a database lookup. */
export interface TokenPrincipal {
  id: string;
  username: string;
  guest: boolean;
  /** The token's own id and expiry (sign-out revokes this token alone); null in tokens made before they had one. */
  jti: string | null;
  expiresAt: Date | null;
}

/**
 * Verifies a bearer token exactly as the `jwt` passport strategy does (HS256 only, expiry, the
 * secret as a KeyObject) but with no player lookup and no passport round: for routes where the
 * token and a seat check suffice (a move: the game row names its seated players). On the move
 * path, passport's per-request machinery cost ~3.5% of the app's CPU (bench --profile).
 *
 * Standing is checked here, for every route that acts for a player (the `jwt` strategy asks
 * {@link standing} too): a revoked token or a closed account's is 401, from memory (TokenStanding).
 */
@Injectable()
export class TokenVerifier {
  private readonly key: KeyObject;
  /**
   * Tokens whose signature this copy has verified, with their payload: a player sends the same
   * token with every move, and an HMAC check with jsonwebtoken's decoding was ~3 % of a move's CPU.
   * Only a token that verified is remembered (an identical string verifies identically).
   */
  private readonly verified = new Map<string, TokenPayload>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly standingOf: TokenStanding,
  ) {
    this.key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
  }

  /** The principal of an `Authorization: Bearer …` header; 401 UNAUTHENTICATED otherwise. */
  verify(authorization: string | undefined): TokenPrincipal {
    const match = /^Bearer ([A-Za-z0-9_.-]{1,4096})$/.exec(authorization ?? '');
    if (!match) throw new AppError('UNAUTHENTICATED', { key: 'api.auth.tokenRequired' });
    const token = match[1];
    let payload = this.verified.get(token);
    // A token's signature is checked once; its expiry on every use (jsonwebtoken's rule: expired from `exp` on).
    if (payload === undefined || (typeof payload.exp === 'number' && Math.floor(Date.now() / 1000) >= payload.exp)) {
      try {
        payload = jwt.verify(token, this.key, { algorithms: ['HS256'] }) as TokenPayload;
      } catch {
        this.verified.delete(token);
        throw new AppError('UNAUTHENTICATED', { key: 'api.auth.tokenRequired' });
      }
      if (this.verified.size >= VERIFIED_REMEMBERED) this.verified.clear();
      this.verified.set(token, payload);
    }
    // Standing (revoked, closed account) is read on every use: it changes while a token is valid.
    this.standing(payload);
    const jti = typeof payload.jti === 'string' ? payload.jti : null;
    const expiresAt = typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : null;
    return { id: payload.sub, username: String(payload.name ?? ''), guest: payload.guest === true, jti, expiresAt };
  }

  /** A verified token's payload still stands: it names a player, is not revoked, and the account is open; else 401. */
  standing(payload: TokenPayload): void {
    if (typeof payload?.sub !== 'string' || !UUID.test(payload.sub)) {
      throw new AppError('UNAUTHENTICATED', { key: 'api.auth.tokenInvalid' });
    }
    const refusal = this.standingOf.refusal(payload);
    if (refusal) throw new AppError('UNAUTHENTICATED', refusal);
  }
}
