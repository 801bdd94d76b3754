import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';

/** What a stream route is handed: Express's request and response, which are node's own. */
export type StreamRequest = Request;
export type StreamResponse = Response;

/** The node request of a stream route. */
export function nodeRequest(req: StreamRequest): IncomingMessage {
  return req;
}

/** One server-sent event as written on the wire (`event:`, `id:` if any, `data:` as JSON). */
export function sseFrame(event: string, data: unknown, id?: number): Buffer {
  return Buffer.from(`event: ${event}\n${id !== undefined ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
}

/**
 * The frames of events already written once: an event that goes to many streams (a game's watchers)
 * is serialised once and the same bytes are written to each.
 */
const frames = new WeakMap<object, Buffer>();

/** The frame of an event object, made on its first use and kept while the event lives. */
export function frameOf(e: { event: string; data: unknown; id?: number }): Buffer {
  let frame = frames.get(e);
  if (!frame) frames.set(e, (frame = sseFrame(e.event, e.data, e.id)));
  return frame;
}

/**
 * Bytes a stream may have waiting for its client to read them: past it the client is not keeping
 * up (or gone without a word), and the stream is closed rather than buffered without end; the
 * client reconnects with Last-Event-ID and catches up from the database.
 */
export const SSE_MAX_BUFFERED_BYTES = 1024 * 1024;

const HEARTBEAT = Buffer.from(': heartbeat\n\n');
const CONNECTED = Buffer.from(': connected\n\n');

/**
 * The heartbeats of every stream with one period: one timer, and the streams spread over its
 * slots, so each gets its heartbeat once a period and a burst of streams opened together never
 * sends its heartbeats together (thousands of writes in one turn of the event loop would hold
 * every live event behind them).
 */
class HeartbeatWheel {
  private readonly slots: Set<SseStream>[];
  private next = 0;
  private members = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly periodMs: number,
    private readonly onEmpty: () => void,
  ) {
    this.slots = Array.from({ length: Math.max(1, Math.min(60, Math.round(periodMs / 1000))) }, () => new Set());
  }

  /** Joins the least full slot; returns the leave. */
  join(stream: SseStream): () => void {
    let slot = this.slots[0];
    for (const s of this.slots) if (s.size < slot.size) slot = s;
    slot.add(stream);
    this.members += 1;
    if (!this.timer) {
      this.timer = setInterval(() => this.tick(), this.periodMs / this.slots.length);
      // Open streams keep the server alive, not their heartbeats.
      this.timer.unref();
    }
    return () => {
      if (!slot.delete(stream)) return;
      if (--this.members === 0) {
        clearInterval(this.timer!);
        this.timer = null;
        this.onEmpty();
      }
    };
  }

  private tick(): void {
    const slot = this.slots[this.next];
    this.next = (this.next + 1) % this.slots.length;
    for (const stream of slot) stream.beat();
  }
}

const wheels = new Map<number, HeartbeatWheel>();

function joinHeartbeats(periodMs: number, stream: SseStream): () => void {
  let wheel = wheels.get(periodMs);
  if (!wheel) wheels.set(periodMs, (wheel = new HeartbeatWheel(periodMs, () => wheels.delete(periodMs))));
  return wheel.join(stream);
}

/** Writes server-sent events on a node response (Express's), with a comment heartbeat. */
export class SseStream {
  private readonly leaveHeartbeats: () => void;
  private closedFlag = false;
  private readonly onCloseCallbacks: (() => void)[] = [];
  private readonly res: ServerResponse;

  constructor(
    request: StreamRequest,
    response: StreamResponse,
    heartbeatSeconds: number,
    private readonly onHeartbeat?: () => void,
  ) {
    const req = nodeRequest(request);
    const res = (this.res = response);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    // The headers and the first comment leave in one packet.
    res.write(CONNECTED);
    this.leaveHeartbeats = joinHeartbeats(heartbeatSeconds * 1000, this);
    const close = () => this.close();
    req.on('close', close);
    res.on('close', close);
    // A client that went away while the route was still reading the database: close at once, or
    // the stream (and its place under the per-player and per-address caps) would never be freed.
    if (req.socket?.destroyed || res.destroyed) queueMicrotask(close);
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  /** The heartbeat comment (HeartbeatWheel). */
  beat(): void {
    if (this.write(HEARTBEAT)) this.onHeartbeat?.();
  }

  send(event: string, data: unknown, id?: number): void {
    this.write(sseFrame(event, data, id));
  }

  /** Writes an event's frame (frameOf): the same bytes for every stream it goes to. */
  sendFrame(frame: Buffer): void {
    this.write(frame);
  }

  private write(chunk: Buffer): boolean {
    if (this.closedFlag) return false;
    if (this.res.writableLength > SSE_MAX_BUFFERED_BYTES) {
      this.close();
      return false;
    }
    this.res.write(chunk);
    return true;
  }

  onClose(callback: () => void): void {
    this.onCloseCallbacks.push(callback);
  }

  close(): void {
    if (this.closedFlag) return;
    this.closedFlag = true;
    this.leaveHeartbeats();
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
