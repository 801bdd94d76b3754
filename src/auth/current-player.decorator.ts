import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Player } from '../players/entities/player.entity.js';

/** The authenticated player (set by the passport guards). */
export const CurrentPlayer = createParamDecorator((_data: unknown, ctx: ExecutionContext): Player => {
  return ctx.switchToHttp().getRequest().user;
});
