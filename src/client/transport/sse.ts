/**
 * Server-sent events over fetch(): EventSource cannot send the Authorization header, which tells
 * the server a seated player is present (so no CPU stands in for them). Reconnects with backoff
 * and Last-Event-ID; a stream silent for longer than three heartbeats counts as dropped. Only
 * 401/403/404 stop it; a 503 or a network error keeps trying (and keeps the token).
 */
import { backoffDelay } from './backoff';
import { serverAnswered } from './http';
import { parseEventBlock, SseBuffer } from './sse-parse';
import { getToken } from '../common/storage';

export type StreamStatus = 'live' | 'reconnecting' | 'closed';

export interface StreamOptions {
  onEvent(name: string, data: unknown, id: number | null): void;
  lastEventId?: () => number | null;
  onOpen?: (again: boolean) => void;
  onStatus?: (status: StreamStatus) => void;
  onFatal?: (status: number) => void;
  anonymous?: boolean;
  /**
   * Only a signed-in player may open it: once this device holds no token (signed out meanwhile),
   * the stream ends as the 401 it would get, without asking the server.
   */
  needsToken?: boolean;
}

export interface Stream {
  close(): void;
}

export function openStream(path: string, opts: StreamOptions): Stream {
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let lastByte = Date.now();
  let opened = 0;
  const watchdog = setInterval(() => {
    if (controller && Date.now() - lastByte > 50_000) controller.abort();
  }, 5000);
  const status = (s: StreamStatus) => opts.onStatus?.(s);

  function dispatch(block: string): void {
    const ev = parseEventBlock(block);
    if (!ev) return;
    try {
      opts.onEvent(ev.name, ev.data, ev.id);
    } catch (err) {
      console.warn('event handler failed', err);
    }
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = null;
    const mine = new AbortController();
    controller = mine;
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    const token = opts.anonymous ? null : getToken();
    if (!token && opts.needsToken) {
      shutdown();
      status('closed');
      opts.onFatal?.(401);
      return;
    }
    if (token) headers.Authorization = 'Bearer ' + token;
    const last = opts.lastEventId?.();
    if (last !== null && last !== undefined) headers['Last-Event-ID'] = String(last);
    try {
      lastByte = Date.now();
      const res = await fetch(path, { headers, cache: 'no-store', signal: mine.signal });
      if (res.status === 401 || res.status === 403 || res.status === 404) {
        shutdown();
        status('closed');
        opts.onFatal?.(res.status);
        return;
      }
      if (!res.ok || !res.body) throw new Error('stream answered ' + res.status);
      attempt = 0;
      opened++;
      status('live');
      // The server answers again: a "not answering" banner of any request goes now.
      serverAnswered();
      opts.onOpen?.(opened > 1);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      const buffer = new SseBuffer();
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        lastByte = Date.now();
        for (const block of buffer.push(decoder.decode(chunk.value, { stream: true }))) dispatch(block);
      }
      throw new Error('stream ended');
    } catch {
      if (stopped || mine !== controller) return;
      status('reconnecting');
      attempt++;
      timer = setTimeout(() => void connect(), backoffDelay(attempt));
    }
  }

  const kick = () => {
    if (!stopped && timer) void connect();
  };
  // Offline: drop the stream now (it may hang silently); online: reconnect at once.
  const offline = () => {
    if (controller && !stopped) controller.abort();
  };
  function shutdown(): void {
    stopped = true;
    if (timer) clearTimeout(timer);
    clearInterval(watchdog);
    window.removeEventListener('online', kick);
    window.removeEventListener('offline', offline);
  }
  window.addEventListener('online', kick);
  window.addEventListener('offline', offline);
  void connect();
  return {
    close() {
      shutdown();
      controller?.abort();
    },
  };
}
