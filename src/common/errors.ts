/** Stable, machine-readable error codes of the HTTP contract (API.md) with their status. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  GUEST_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  USERNAME_TAKEN: 409,
  NOT_YOUR_TURN: 409,
  STALE_PLY: 409,
  GAME_OVER: 409,
  ALREADY_QUEUED: 409,
  ALREADY_IN_GAME: 409,
  ROOM_FULL: 409,
  GAME_IN_PROGRESS: 409,
  TOO_LATE_TO_ABORT: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  ILLEGAL_MOVE: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  details?: unknown;
}

/** A domain error: a plain class that the global filter turns into the API's error shape. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found.`);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const validationFailed = (message: string, details?: unknown) =>
  new AppError('VALIDATION_FAILED', message, details);
