import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { frameOf, SSE_MAX_BUFFERED_BYTES, sseFrame, SseStream, type StreamRequest, type StreamResponse } from '../../../src/common/sse.js';

/** A node request and response as SseStream uses them: what it writes is kept as text. */
function fakeExchange() {
  const req = Object.assign(new EventEmitter(), { socket: { destroyed: false }, headers: {}, query: {} });
  const written: string[] = [];
  const res = Object.assign(new EventEmitter(), {
    statusCode: 0,
    destroyed: false,
    writableLength: 0,
    ended: false,
    headers: {} as Record<string, string>,
    setHeader(name: string, value: string) {
      this.headers[name] = value;
    },
    write(chunk: Buffer | string) {
      written.push(String(chunk));
      return true;
    },
    end() {
      this.ended = true;
    },
  });
  return { req: req as unknown as StreamRequest, res: res as unknown as StreamResponse, raw: res, written };
}

const heartbeats = (written: string[]) => written.filter((w) => w === ': heartbeat\n\n').length;

describe('SseStream: server-sent events on a node response', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('writes the headers with a first comment, and events as event/id/data frames', () => {
    const { req, res, raw, written } = fakeExchange();
    const sse = new SseStream(req, res, 15);
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['Content-Type']).toBe('text/event-stream; charset=utf-8');
    expect(written).toEqual([': connected\n\n']);
    sse.send('move', { ply: 3 }, 3);
    sse.send('hello', null);
    expect(written.slice(1)).toEqual(['event: move\nid: 3\ndata: {"ply":3}\n\n', 'event: hello\ndata: null\n\n']);
    sse.close();
    expect(raw.ended).toBe(true);
  });

  it('serialises an event once, however many streams it goes to', () => {
    const event = { event: 'move', data: { game: { board: 'x'.repeat(64) } }, id: 7 };
    const frame = frameOf(event);
    expect(frameOf(event)).toBe(frame);
    expect(frame.equals(sseFrame('move', event.data, 7))).toBe(true);
    const streams = [fakeExchange(), fakeExchange(), fakeExchange()];
    const open = streams.map((s) => new SseStream(s.req, s.res, 15));
    for (const sse of open) sse.sendFrame(frameOf(event));
    for (const s of streams) expect(s.written[1]).toBe(frame.toString());
    for (const sse of open) sse.close();
  });

  it('gives each stream one heartbeat a period, the streams of a burst spread over the period', () => {
    jest.useFakeTimers();
    const streams = Array.from({ length: 9 }, () => fakeExchange());
    let beats = 0;
    const open = streams.map((s) => new SseStream(s.req, s.res, 3, () => beats++));
    // One slot a second: a third of the streams each second, never all nine together.
    jest.advanceTimersByTime(1000);
    expect(streams.reduce((n, s) => n + heartbeats(s.written), 0)).toBe(3);
    jest.advanceTimersByTime(2000);
    for (const s of streams) expect(heartbeats(s.written)).toBe(1);
    jest.advanceTimersByTime(3000);
    for (const s of streams) expect(heartbeats(s.written)).toBe(2);
    expect(beats).toBe(18);
    // A closed stream has no more heartbeats; the others keep theirs.
    open[0].close();
    jest.advanceTimersByTime(3000);
    expect(heartbeats(streams[0].written)).toBe(2);
    for (const s of streams.slice(1)) expect(heartbeats(s.written)).toBe(3);
    for (const sse of open) sse.close();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('closes a stream whose client stopped reading instead of buffering without end', () => {
    const { req, res, raw, written } = fakeExchange();
    const sse = new SseStream(req, res, 15);
    let closed = 0;
    sse.onClose(() => closed++);
    sse.send('move', { ply: 1 }, 1);
    expect(sse.closed).toBe(false);
    raw.writableLength = SSE_MAX_BUFFERED_BYTES + 1;
    sse.send('move', { ply: 2 }, 2);
    expect(sse.closed).toBe(true);
    expect(closed).toBe(1);
    expect(raw.ended).toBe(true);
    expect(written.some((w) => w.includes('"ply":2'))).toBe(false);
  });

  it('closes at once when the client left while the route was still reading', async () => {
    const { req, res, raw } = fakeExchange();
    raw.destroyed = true;
    const sse = new SseStream(req, res, 15);
    await Promise.resolve();
    expect(sse.closed).toBe(true);
  });
});
