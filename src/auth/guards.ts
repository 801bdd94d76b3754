import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AppError, validationFailed } from '../common/errors.js';
import { validationErrorsToAppError } from '../common/validation.js';
import { LoginDto } from './dto/auth.dto.js';

function unauthenticated(err: unknown): Error {
  return err instanceof AppError ? err : new AppError('UNAUTHENTICATED', 'A valid bearer token is required.');
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

/** passport-local for login, after the body passed the same validation as every other route. */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const body = context.switchToHttp().getRequest().body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw validationFailed('The request body must be a JSON object.');
    const errors = await validate(plainToInstance(LoginDto, body), { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length > 0) throw validationErrorsToAppError(errors);
    return (await super.canActivate(context)) as boolean;
  }

  handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) throw err instanceof AppError ? err : new AppError('UNAUTHENTICATED', 'Wrong username or password.');
    return user;
  }
}
