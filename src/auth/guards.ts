import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { authError } from '../common/authenticated.js';
import { validationFailed } from '../common/errors.js';
import { validationErrorsToAppError } from '../common/validation.js';
import { LoginDto } from './dto/auth.dto.js';
import { TokenVerifier } from './token-verifier.js';

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
