import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { AppError } from '../../common/errors.js';
import { Player } from '../../players/entities/player.entity.js';
import { AuthService } from '../auth.service.js';

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'username', passwordField: 'password' });
  }

  async validate(username: string, password: string): Promise<Player> {
    const player = await this.auth.validateCredentials(username, password);
    if (!player) throw new AppError('UNAUTHENTICATED', { key: 'api.auth.wrongPassword' });
    if (player.closedAt) throw new AppError('UNAUTHENTICATED', { key: 'api.moderation.closedAccount' });
    return player;
  }
}
