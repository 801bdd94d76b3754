import { describe, expect, it } from '@jest/globals';
import { liveOffer, nextColors, normaliseRoomCode, otherSeat, rematchRequest, roomCode, ROOM_CODE_ALPHABET } from '../../../src/rooms/domain/room-rules.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe('room rules (pure)', () => {
  it.each([
    ['no offer', null, null, null],
    ['a standing offer', 'a', at(1), { offeredBy: 'a', expiresAt: at(1) }],
    ['an offer lapsing right now reads as none', 'a', at(0), null],
    ['a lapsed offer reads as none', 'a', at(-60_000), null],
    ['a half-written offer (no expiry) reads as none', 'a', null, null],
  ] as const)('liveOffer: %s', (_label, by, expiresAt, expected) => {
    expect(liveOffer(by, expiresAt, NOW)).toEqual(expected);
  });

  it.each([
    ['nobody offered: an offer', null, 'a', 'offer'],
    ['my own offer stands: nothing changes', { offeredBy: 'a', expiresAt: at(1) }, 'a', 'already-offered'],
    ["the other seat's offer stands: the game starts", { offeredBy: 'b', expiresAt: at(1) }, 'a', 'start'],
  ] as const)('rematchRequest: %s', (_label, offer, player, expected) => {
    expect(rematchRequest(offer, player)).toBe(expected);
  });

  it.each([
    ['seat 1 → seat 2', 'a', 'b', 'a', 'b'],
    ['seat 2 → seat 1', 'a', 'b', 'b', 'a'],
    ['one seat taken', 'a', null, 'a', null],
    ['not seated', 'a', 'b', 'c', null],
  ] as const)('otherSeat: %s', (_label, seat1, seat2, player, expected) => {
    expect(otherSeat(seat1, seat2, player)).toBe(expected);
  });

  it('colours: the host is Black first, then they swap (or stay)', () => {
    expect(nextColors('a', 'b', null, true)).toEqual({ blackId: 'a', whiteId: 'b' });
    expect(nextColors('a', 'b', { blackId: 'a', whiteId: 'b' }, true)).toEqual({ blackId: 'b', whiteId: 'a' });
    expect(nextColors('a', 'b', { blackId: 'b', whiteId: 'a' }, false)).toEqual({ blackId: 'b', whiteId: 'a' });
  });

  it('codes: six characters of the alphabet; normalised to upper case', () => {
    const code = roomCode(new Uint8Array([0, 1, 2, 255, 31, 32, 99, 99]));
    expect(code).toHaveLength(6);
    expect([...code].every((c) => ROOM_CODE_ALPHABET.includes(c))).toBe(true);
    expect(normaliseRoomCode(' k7qx2m ')).toBe('K7QX2M');
    expect(normaliseRoomCode('x;drop')).toBeNull();
  });
});
