import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { AppError } from '../../common/errors.js';
import { Player } from '../../players/entities/player.entity.js';
import { AuthService } from '../auth.service.js';
import { readDeviceId } from '../device-cookie.js';

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'username', passwordField: 'password', passReqToCallback: true });
  }

  async validate(req: Request, username: string, password: string): Promise<Player> {
    const player = await this.auth.validateCredentials(username, password, readDeviceId(req));
    if (!player) throw new AppError('UNAUTHENTICATED', { key: 'api.auth.wrongPassword' });
    if (player.closedAt) throw new AppError('UNAUTHENTICATED', { key: 'api.moderation.closedAccount' });
    return player;
  }
}
