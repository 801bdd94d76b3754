import { translator } from '../i18n/catalogues/index.js';
import type { MessageKey } from '../i18n/keys.js';
import type { PageLanguage } from '../i18n/languages.js';

/** Stable, machine-readable error codes of the HTTP contract (docs/api.md) with their status. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  GUEST_NOT_ALLOWED: 403,
  RANKED_NOT_YET: 403,
  RANKED_REFUSED: 403,
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

/** A message of the catalogues (`api.*`), with its placeholders' values: nested messages are allowed. */
export interface MessageRef {
  key: MessageKey;
  values?: Record<string, string | number | MessageRef>;
}

/** A message in a language: nested messages first. */
export function renderMessage(ref: MessageRef, lang: PageLanguage): string {
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(ref.values ?? {})) values[k] = typeof v === 'object' ? renderMessage(v, lang) : v;
  return translator(lang).t(ref.key, values);
}

/**
 * A domain error: a plain class that the global filter turns into the API's error shape. Its
 * message is a catalogue message (`{key, values}`), rendered in the request's language by the
 * filter (`message` is the English text, for logs); a plain string is sent as it is.
 */
export class AppError extends Error {
  readonly i18n?: MessageRef;

  constructor(
    readonly code: ErrorCode,
    message: string | MessageRef,
    readonly details?: unknown,
  ) {
    super(typeof message === 'string' ? message : renderMessage(message, 'en'));
    this.name = 'AppError';
    if (typeof message !== 'string') this.i18n = message;
  }

  /** The message in a language (the catalogue's, or the plain string as given). */
  messageIn(lang: PageLanguage): string {
    return this.i18n ? renderMessage(this.i18n, lang) : this.message;
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

/** A missing player, room or game, by the name the client gave (clipped). */
export const notFound = (kind: 'player' | 'room' | 'game', name: string) => {
  const values: Record<string, string> = kind === 'player' ? { name: clip(name) } : kind === 'room' ? { code: clip(name) } : { id: clip(name) };
  return new AppError('NOT_FOUND', { key: `api.notFound.${kind}`, values });
};
export const unsupportedMediaType = (contentType: string | undefined) =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    contentType ? { key: 'api.request.mediaType', values: { contentType: clip(contentType) } } : { key: 'api.request.noMediaType' },
  );
export const forbidden = (message: MessageRef) => new AppError('FORBIDDEN', message);
export const validationFailed = (message: MessageRef, details?: unknown) => new AppError('VALIDATION_FAILED', message, details);
