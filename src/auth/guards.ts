import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { isDatabaseUnavailable } from '../common/database-unavailable.js';
import { AppError, validationFailed, type MessageRef } from '../common/errors.js';
import { validationErrorsToAppError } from '../common/validation.js';
import { LoginDto } from './dto/auth.dto.js';
import { TokenVerifier } from './token-verifier.js';

/**
 * A strategy's error as the guard throws it: our own errors and a database that cannot be
 * reached (503, the token may well be good) pass through; anything else is a 401.
 */
function authError(err: unknown, message: MessageRef): unknown {
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

/** A verified token, no player lookup (req.user is a TokenPrincipal): where a seat check suffices. */
@Injectable()
export class TokenAuthGuard implements CanActivate {
  constructor(private readonly tokens: TokenVerifier) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: unknown }>();
    req.user = this.tokens.verify(req.headers.authorization);
    return true;
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

/** passport-local for login, after the body passed the same validation as every other route. */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const body = context.switchToHttp().getRequest().body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw validationFailed({ key: 'api.request.bodyNotObject' });
    const errors = await validate(plainToInstance(LoginDto, body), { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length > 0) throw validationErrorsToAppError(errors);
    return (await super.canActivate(context)) as boolean;
  }

  handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) throw authError(err, { key: 'api.auth.wrongPassword' });
    return user;
  }
}
