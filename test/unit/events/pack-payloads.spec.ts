import { describe, expect, it } from '@jest/globals';
import { packPayloads } from '../../../src/events/notify.js';
import type { TopicEvent } from '../../../src/events/topics.js';

describe('packPayloads (NOTIFY payloads of a publishAll)', () => {
  const event = (i: number, size = 10): TopicEvent => ({ topic: `player:${i}`, event: 'matched', id: i, data: { pad: 'x'.repeat(size) } as never });

  it('packs events into JSON arrays under 7,000 bytes, in order, losing none', () => {
    const events = Array.from({ length: 500 }, (_, i) => event(i, 300));
    const payloads = packPayloads(events);
    expect(payloads.length).toBeGreaterThan(1);
    expect(payloads.every((p) => Buffer.byteLength(p) <= 7000)).toBe(true);
    expect(payloads.flatMap((p) => JSON.parse(p) as TopicEvent[])).toEqual(events);
  });

  it('one event is one array; an event larger than a payload goes alone', () => {
    expect(packPayloads([event(1)]).map((p) => JSON.parse(p))).toEqual([[event(1)]]);
    const big = event(2, 7500);
    expect(packPayloads([event(1), big, event(3)]).map((p) => JSON.parse(p))).toEqual([[event(1)], [big], [event(3)]]);
    expect(packPayloads([])).toEqual([]);
  });
});
