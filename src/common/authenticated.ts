import { createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { AppError, type MessageRef } from './errors.js';

/*
 * The guards every module puts on its routes, and the decorator that hands the route its player.
 * They name passport's `jwt` strategy, which the auth module registers (the token's check, the
 * player's lookup): so a module can require a signed-in player without importing auth, which
 * itself builds on players.
 */

/**
 * A strategy's error as the guard throws it: our own errors and a database that cannot be
 * reached (503, the token may well be good) pass through; anything else is a 401.
 */
export function authError(err: unknown, message: MessageRef): unknown {
  return err instanceof AppError || isDatabaseUnavailable(err) ? err : new AppError('UNAUTHENTICATED', message);
}

function unauthenticated(err: unknown): unknown {
  return authError(err, { key: 'api.auth.tokenRequired' });
}

/** Bearer JWT on every protected route: 401 UNAUTHENTICATED for a missing or bad token. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) throw unauthenticated(err);
    return user;
  }
}

/** Like {@link JwtAuthGuard} but lets anonymous requests through (user undefined). */
@Injectable()
export class OptionalJwtAuthGuard extends AuthGuard('jwt') {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest();
    if (!req.headers.authorization) return true;
    return (await super.canActivate(context)) as boolean;
  }

  handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) throw unauthenticated(err);
    return user;
  }
}

/** The authenticated player (set by the passport guards; the route's parameter says its type). */
export const CurrentPlayer = createParamDecorator((_data: unknown, ctx: ExecutionContext): unknown => {
  return ctx.switchToHttp().getRequest().user;
});
