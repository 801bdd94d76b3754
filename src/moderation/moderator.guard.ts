import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AppError } from '../common/errors.js';
import type { Player } from '../players/entities/player.entity.js';

/** After JwtAuthGuard (which loads the player): moderators only, 403 FORBIDDEN for anyone else. */
@Injectable()
export class ModeratorGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const player = context.switchToHttp().getRequest<{ user?: Player }>().user;
    if (!player?.moderator) throw new AppError('FORBIDDEN', { key: 'api.moderation.moderatorsOnly' });
    return true;
  }
}
