import { describe, expect, it } from '@jest/globals';
import { knownJson, sharedJson } from '../../../src/common/json-text.js';
import { eventText, notifyParameter, packPayloads, PAYLOAD_SEPARATOR, payloadHead, unpackPayload } from '../../../src/events/notify.js';
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

  describe('eventText (an event as JSON, its game from sharedJson)', () => {
    const game = () => ({ id: 'g1', board: '.'.repeat(64), legalMoves: ['d3', 'c4'], clocks: null, createdAt: new Date(0).toISOString(), note: 'a"\\\u0001' });
    const parsed = (e: TopicEvent) => JSON.parse(eventText(e)) as unknown;
    const asJson = (e: TopicEvent) => JSON.parse(JSON.stringify(e)) as unknown;

    it("is the event JSON.stringify writes, its game's text remembered for the answer", () => {
      const g = game();
      const move = { topic: 'game:g1', event: 'move', data: { ply: 3, square: 'd3', color: 'black', game: g }, id: 4 } as unknown as TopicEvent;
      expect(knownJson(g)).toBeUndefined();
      const text = eventText(move);
      expect(text).toBe(JSON.stringify(move));
      expect(JSON.parse(text)).toEqual(asJson(move));
      expect(knownJson(g)).toBe(JSON.stringify(g));
      // A game's end carries the game itself: its known text; the seat event's keys come before its game.
      const end = { topic: 'game:g1', event: 'end', data: g, id: 5 } as unknown as TopicEvent;
      expect(eventText(end)).toBe(JSON.stringify(end));
      const seat = { topic: 'game:g1', event: 'seat', data: { gameId: 'g1', standIn: true, standInAt: null, game: g }, id: undefined } as unknown as TopicEvent;
      expect(eventText(seat)).toBe(JSON.stringify(seat));
      // Its second use took the text: the view no longer keeps it alive.
      expect(knownJson(g)).toBeUndefined();
      expect(sharedJson(g)).toBe(JSON.stringify(g));
      expect(sharedJson(g)).toBe(JSON.stringify(g));
      expect(knownJson(g)).toBeUndefined();
    });

    it('writes the game from the text already known, and falls back to JSON.stringify for any other event', () => {
      const g = game();
      sharedJson(g);
      const onlyGame = { topic: 'game:g1', event: 'move', data: { game: g } } as unknown as TopicEvent;
      expect(parsed(onlyGame)).toEqual(asJson(onlyGame));
      // Known texts are reused as they are: the text is of the object as it was (it is never changed).
      expect(eventText(onlyGame)).toContain(`"game":${JSON.stringify(g)}`);
      const others = [
        event(1),
        { topic: 'game:g1', event: 'move', data: { ply: 1, game: null } },
        { topic: 'game:g1', event: 'move', data: [g] },
        { topic: 'game:g1', event: 'move', data: 'text' },
        { topic: 'game:g1', event: 'move', data: { game: g }, extra: { a: 1 } },
        { topic: 'game:g1', event: 'move', data: { game: g, toJSON: () => ({ other: 1 }) } },
      ] as unknown as TopicEvent[];
      for (const e of others) expect(eventText(e)).toBe(JSON.stringify(e));
      expect(packPayloads([onlyGame, event(2)], COPY).flatMap((p) => unpackPayload(p).events)).toEqual([asJson(onlyGame), event(2)]);
    });
  });
});
