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
  ALREADY_REPORTED: 409,
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

/** Longest piece of a client's input (a name, a value, a path) that a message repeats. */
export const ECHO_MAX = 40;

/**
 * A client-supplied string as a message may repeat it: at most {@link ECHO_MAX} characters
 * (then "…"), control characters shown as escapes.
 */
export function clip(value: string, max = ECHO_MAX): string {
  const printable = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return printable.length > max ? `${printable.slice(0, max)}…` : printable;
}

/** `what` names the missing thing, e.g. `Player "bob"`; a long name from the client is clipped. */
export const notFound = (what: string) => {
  const quoted = /^([A-Za-z ]+)"([\s\S]*)"$/.exec(what);
  return new AppError('NOT_FOUND', `${quoted ? `${quoted[1]}"${clip(quoted[2])}"` : clip(what)} was not found.`);
};
export const unsupportedMediaType = (contentType: string | undefined) =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Request bodies must be JSON (Content-Type: application/json)${contentType ? `, got "${clip(contentType)}"` : ', and this one has no Content-Type'}.`,
  );
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const validationFailed = (message: string, details?: unknown) =>
  new AppError('VALIDATION_FAILED', message, details);
