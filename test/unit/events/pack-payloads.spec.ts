import { describe, expect, it } from '@jest/globals';
import { notifyParameter, packPayloads, PAYLOAD_SEPARATOR, payloadHead, unpackPayload } from '../../../src/events/notify.js';
import type { TopicEvent } from '../../../src/events/topics.js';

describe('packPayloads (the NOTIFY payloads of a batch of the publisher)', () => {
  const event = (i: number, size = 10): TopicEvent => ({ topic: `player:${i}`, event: 'matched', id: i, data: { pad: 'x'.repeat(size) } as never });
  const COPY = '0b7c1a2e-9d6f-4f2a-8c3e-5a4b3c2d1e0f';

  it('packs events under 7,000 bytes a payload, in order, losing none, each naming the sending copy', () => {
    const events = Array.from({ length: 500 }, (_, i) => event(i, 300));
    const payloads = packPayloads(events, COPY);
    expect(payloads.length).toBeGreaterThan(1);
    expect(payloads.every((p) => Buffer.byteLength(p) <= 7000)).toBe(true);
    expect(payloads.map((p) => unpackPayload(p).copy)).toEqual(payloads.map(() => COPY));
    // The sender tells its own payloads by their first bytes, unparsed; another copy's differ there.
    expect(payloads.every((p) => p.startsWith(payloadHead(COPY)))).toBe(true);
    expect(payloads.some((p) => p.startsWith(payloadHead('another-copy')))).toBe(false);
    expect(payloads.flatMap((p) => unpackPayload(p).events)).toEqual(events);
  });

  it('one event is one payload; an event larger than a payload goes alone', () => {
    expect(packPayloads([event(1)], COPY).map((p) => JSON.parse(p))).toEqual([{ copy: COPY, events: [event(1)] }]);
    const big = event(2, 7500);
    expect(packPayloads([event(1), big, event(3)], COPY).map((p) => unpackPayload(p).events)).toEqual([[event(1)], [big], [event(3)]]);
    expect(packPayloads([], COPY)).toEqual([]);
  });

  it("is NOTIFY_SQL's one parameter as the same payloads joined by a separator no payload holds", () => {
    const events = [...Array.from({ length: 60 }, (_, i) => event(i, 300)), { ...event(61), data: { text: 'a\u0001b"\\c\u0000' } as never }];
    const payloads = packPayloads(events, COPY);
    expect(payloads.length).toBeGreaterThan(1);
    expect(payloads.some((p) => p.includes(PAYLOAD_SEPARATOR))).toBe(false);
    expect(notifyParameter(events, COPY).split(PAYLOAD_SEPARATOR)).toEqual(payloads);
    expect(payloads.flatMap((p) => unpackPayload(p).events)).toEqual(events);
    expect(notifyParameter([event(1)], COPY)).toBe(packPayloads([event(1)], COPY)[0]);
  });

  it("reads an earlier version's payloads (a bare array, one event) as sent by no known copy", () => {
    expect(unpackPayload(JSON.stringify([event(1), event(2)]))).toEqual({ copy: null, events: [event(1), event(2)] });
    expect(unpackPayload(JSON.stringify(event(3)))).toEqual({ copy: null, events: [event(3)] });
  });
});
