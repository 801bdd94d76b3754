import { Injectable } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerRequest } from '@nestjs/throttler';
import { AppError } from '../common/errors.js';

/** The throttler of guest accounts (POST /api/auth/guest): a count and a limit of their own. */
export const GUEST_THROTTLER = 'guests';

/**
 * The auth routes' throttler: a refused request is 429 RATE_LIMITED saying, in the reader's
 * language, how long to wait (also `details.retryAfterSeconds` and Retry-After); for guests, why
 * a whole room of them can meet the limit (one shared address) and what else to do.
 */
@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {
  /** Which throttler refused a request (the library tells its name to handleRequest only). */
  private readonly refusing = new WeakMap<ExecutionContext, string>();

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    this.refusing.set(request.context, request.throttler.name ?? 'default');
    return super.handleRequest(request);
  }

  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const seconds = Math.max(1, Math.ceil(detail.timeToBlockExpire || detail.timeToExpire || 1));
    const key = this.refusing.get(context) === GUEST_THROTTLER ? 'api.auth.guestsThrottled' : 'api.auth.addressThrottled';
    throw new AppError('RATE_LIMITED', { key, values: { seconds } }, { retryAfterSeconds: seconds });
  }
}
