/**
 * fetch() for the JSON API: the bearer token, the API's error shape as ApiError, and patience.
 *
 * A 503 (SERVICE_UNAVAILABLE: the database is unreachable, the request changed nothing) is retried
 * with backoff, honouring Retry-After; so is a network error for requests that are safe to repeat
 * (reads, and moves, which carry their ply). The token is dropped only on a 401 to a request that
 * carried it: never on a 503 or a network error, since a guest's token is their only identity.
 */
import { backoffDelay, retryAfterDelay } from './backoff';
import { errorText } from '../i18n';
import { msg } from '../common/messages';
import { getToken, setToken } from '../common/storage';
import { nameTheComputer } from './computer-names';

/**
 * An API error. Its `message` is what the client shows: its own catalogue's sentence for the
 * error's `code` (errorText), the server's message only for a code the catalogue lacks; the
 * server's message stays in `serverMessage`.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly details: unknown,
    readonly serverMessage: string = message,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  /** Also retry network errors (default: only for GET). */
  idempotent?: boolean;
  /** Tries in all (default 6: about 12 s of backoff). */
  attempts?: number;
}

type Listener = (state: 'unavailable' | 'available' | 'signed-out') => void;
const listeners: Listener[] = [];

/** Hears when the server becomes unavailable or available again, and when the token was refused. */
export function onConnectionState(listener: Listener): void {
  listeners.push(listener);
}

/** The "not answering" banner is up: any answer of the server takes it down, not only the troubled request's. */
let down = false;

function emit(state: 'unavailable' | 'available' | 'signed-out'): void {
  if (state === 'unavailable') down = true;
  if (state === 'available') down = false;
  for (const l of listeners) {
    try {
      l(state);
    } catch (err) {
      console.warn('listener failed', err);
    }
  }
}

/** The server answered (a request, or an event stream that opened): the banner goes at once. */
export function serverAnswered(): void {
  if (down) emit('available');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Details of an ApiError, when they carry the given field. */
export function detail<T = unknown>(err: unknown, field: string): T | undefined {
  if (!(err instanceof ApiError) || typeof err.details !== 'object' || err.details === null) return undefined;
  return (err.details as Record<string, T>)[field];
}

export async function request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const attempts = opts.attempts ?? 6;
  const retryNetwork = opts.idempotent ?? method === 'GET';
  let troubled = false;
  for (let attempt = 1; ; attempt++) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = getToken();
    if (token) headers.Authorization = 'Bearer ' + token;
    const init: RequestInit = { method, headers, cache: 'no-store' };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await fetch(path, init);
    } catch {
      if (retryNetwork && attempt < attempts) {
        troubled = true;
        emit('unavailable');
        await sleep(backoffDelay(attempt));
        continue;
      }
      throw new ApiError(msg('net.unreachable'), 0, 'NETWORK', undefined);
    }
    if (res.status === 503 && attempt < attempts) {
      troubled = true;
      emit('unavailable');
      await sleep(retryAfterDelay(res.headers.get('Retry-After'), attempt));
      continue;
    }
    if (troubled || down) emit('available');
    const raw = res.status === 204 ? '' : await res.text();
    let data: unknown = null;
    if (raw) {
      try {
        data = JSON.parse(raw);
      } catch {
        data = null;
      }
    }
    if (!res.ok) {
      const e = (data ?? {}) as { message?: unknown; code?: unknown; details?: unknown };
      if (res.status === 401 && token && token === getToken()) {
        setToken(null);
        emit('signed-out');
      }
      const code = typeof e.code === 'string' ? e.code : undefined;
      const server =
        typeof e.message === 'string' ? e.message : res.status === 503 ? msg('net.unavailable') : msg('net.status', { status: String(res.status) });
      // A refusal that says how long to wait: the server's sentence (in the page's language: the
      // request carried it) says it; the catalogue's generic one would not.
      const waitSaid = code === 'RATE_LIMITED' && typeof (e.details as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds === 'number' && typeof e.message === 'string';
      throw new ApiError(waitSaid ? server : errorText(code, server), res.status, code, nameTheComputer(e.details), server);
    }
    return nameTheComputer(data) as T;
  }
}

/** A server-rendered HTML fragment fetched with the token, or the status that refused it (0: unreachable). */
export type HtmlAnswer = { readonly html: string } | { readonly status: number };

/**
 * GETs an HTML fragment that the server renders for the signed-in player (the moderator page's
 * panels): no token is a 401 without a request; one try, the caller shows the status.
 */
export async function requestHtml(path: string): Promise<HtmlAnswer> {
  const token = getToken();
  if (!token) return { status: 401 };
  try {
    const res = await fetch(path, { headers: { Accept: 'text/html', Authorization: 'Bearer ' + token }, cache: 'no-store' });
    return res.ok ? { html: await res.text() } : { status: res.status };
  } catch {
    return { status: 0 };
  }
}
