import type { Request, Response } from 'express';

/** Writes server-sent events on an Express response, with a comment heartbeat. */
export class SseStream {
  private heartbeat: NodeJS.Timeout;
  private closedFlag = false;
  private readonly onCloseCallbacks: (() => void)[] = [];

  constructor(
    req: Request,
    private readonly res: Response,
    heartbeatSeconds: number,
    onHeartbeat?: () => void,
  ) {
    res.status(200);
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

/** Last-Event-ID header (or ?lastEventId=) as a non-negative integer, else null. */
export function lastEventId(req: Request): number | null {
  const raw = req.header('last-event-id') ?? (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : undefined);
  if (raw === undefined || !/^\d{1,9}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}
