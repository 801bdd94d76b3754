import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';

/** What a stream route is handed: Express's request and response, which are node's own. */
export type StreamRequest = Request;
export type StreamResponse = Response;

/** The node request of a stream route. */
export function nodeRequest(req: StreamRequest): IncomingMessage {
  return req;
}

/** Writes server-sent events on a node response (Express's), with a comment heartbeat. */
export class SseStream {
  private heartbeat: NodeJS.Timeout;
  private closedFlag = false;
  private readonly onCloseCallbacks: (() => void)[] = [];
  private readonly res: ServerResponse;

  constructor(request: StreamRequest, response: StreamResponse, heartbeatSeconds: number, onHeartbeat?: () => void) {
    const req = nodeRequest(request);
    const res = (this.res = response);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.write(': connected\n\n');
    this.heartbeat = setInterval(() => {
      res.write(': heartbeat\n\n');
      onHeartbeat?.();
    }, heartbeatSeconds * 1000);
    req.on('close', () => this.close());
    res.on('close', () => this.close());
    // A client that went away while the route was still reading the database: close at once, or
    // the stream (and its place under the per-player and per-address caps) would never be freed.
    if (req.socket?.destroyed || res.destroyed) queueMicrotask(() => this.close());
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  send(event: string, data: unknown, id?: number): void {
    if (this.closedFlag) return;
    const lines = [`event: ${event}`];
    if (id !== undefined) lines.push(`id: ${id}`);
    lines.push(`data: ${JSON.stringify(data)}`);
    this.res.write(`${lines.join('\n')}\n\n`);
  }

  onClose(callback: () => void): void {
    this.onCloseCallbacks.push(callback);
  }

  close(): void {
    if (this.closedFlag) return;
    this.closedFlag = true;
    clearInterval(this.heartbeat);
    for (const cb of this.onCloseCallbacks) cb();
    this.res.end();
  }
}

/** The Last-Event-ID header, else ?lastEventId=, as sent (either adapter's request). */
export function rawLastEventId(req: StreamRequest): string | undefined {
  const header = req.headers['last-event-id'];
  if (typeof header === 'string') return header;
  const query = req.query as Record<string, unknown> | undefined;
  return typeof query?.lastEventId === 'string' ? query.lastEventId : undefined;
}

/** Last-Event-ID header (or ?lastEventId=) as a non-negative integer, else null. */
export function lastEventId(req: StreamRequest): number | null {
  const raw = rawLastEventId(req);
  if (raw === undefined || !/^\d{1,9}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}
