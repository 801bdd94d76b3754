import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppError } from '../../common/errors.js';
import { APP_CONFIG, AppConfig } from '../../config/config.js';
import { Player } from '../../players/entities/player.entity.js';
import { PlayersService } from '../../players/players.service.js';
import type { TokenPayload } from '../auth.service.js';
import { TokenVerifier } from '../token-verifier.js';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly players: PlayersService,
    private readonly tokens: TokenVerifier,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to parse
      // it as a public key on every request, which cost ~0.8 ms of CPU per request. passport-jwt
      // hands it to jsonwebtoken.verify, which takes a KeyObject; only its types say string | Buffer.
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  /** A valid signature is not enough: the token must still stand (TokenVerifier.standing) and the player exist. */
  async validate(payload: TokenPayload): Promise<Player> {
    this.tokens.standing(payload);
    const player = await this.players.findById(payload.sub);
    if (!player) throw new AppError('UNAUTHENTICATED', { key: 'api.auth.playerGone' });
    // A moderator closed the account: its tokens stop working wherever the player is looked up.
    if (player.closedAt) throw new AppError('UNAUTHENTICATED', { key: 'api.moderation.closedAccount' });
    // The row at hand is fresher than the cache: a token older than the player's version is revoked.
    if ((typeof payload.tv === 'number' ? payload.tv : 0) < player.tokenVersion) throw new AppError('UNAUTHENTICATED', { key: 'api.auth.tokenRevoked' });
    return player;
  }
}
