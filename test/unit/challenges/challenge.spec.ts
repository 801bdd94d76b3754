import { describe, expect, it } from '@jest/globals';
import { challengeClock, isOpen, rematchAction, rematchTerms, seatsFor, stateAt } from '../../../src/challenges/domain/challenge';
import { type RankedPlayerFacts, rankedRefusal } from '../../../src/matchmaking/domain/ranked-rules';

const now = new Date('2026-12-02T12:00:00Z');
const player = (id: string, extra: Partial<RankedPlayerFacts> = {}): RankedPlayerFacts => ({
  id, guest: false, bot: false, engineMarkedAt: null, closedAt: null, cooldownUntil: null, rankedOpen: true, ...extra,
});
const free = { gamesBetween24h: 0, linked: false };

describe('challenge terms', () => {
  it('rated: a preset clock, 5+3 by default; no clock or a custom one is refused. Casual: any clock in bounds, or none', () => {
    expect(challengeClock(true, undefined)).toEqual({ clock: { baseSeconds: 300, incrementSeconds: 3 } });
    expect(challengeClock(true, '1+2')).toEqual({ clock: { baseSeconds: 60, incrementSeconds: 2 } });
    expect(challengeClock(true, null)).toEqual({ refusal: 'ratedClock' });
    expect(challengeClock(true, '2.5+1')).toEqual({ refusal: 'ratedClock' });
    expect(challengeClock(false, undefined)).toEqual({ clock: null });
    expect(challengeClock(false, '2.5+1')).toEqual({ clock: { baseSeconds: 150, incrementSeconds: 1 } });
  });

  it('colours: the challenger\'s choice; random is a coin', () => {
    const c = { challengerId: 'a', challengedId: 'b' };
    expect(seatsFor({ ...c, colour: 'black' })).toEqual({ blackId: 'a', whiteId: 'b' });
    expect(seatsFor({ ...c, colour: 'white' })).toEqual({ blackId: 'b', whiteId: 'a' });
    expect(seatsFor({ ...c, colour: 'random' }, () => 0.2)).toEqual({ blackId: 'a', whiteId: 'b' });
    expect(seatsFor({ ...c, colour: 'random' }, () => 0.7)).toEqual({ blackId: 'b', whiteId: 'a' });
  });

  it('an open challenge past its deadline reads expired', () => {
    const c = { state: 'open' as const, expiresAt: new Date(now.getTime() + 1000) };
    expect(isOpen(c, now)).toBe(true);
    expect(stateAt(c, new Date(now.getTime() + 1000))).toBe('expired');
    expect(stateAt({ ...c, state: 'declined' }, new Date(now.getTime() + 5000))).toBe('declined');
  });

  it('a rematch: the same clock, colours swapped, rated as the game was; the second ask accepts the first', () => {
    const game = { blackId: 'a', whiteId: 'b', rated: true, clock: { baseSeconds: 300, incrementSeconds: 3 } };
    expect(rematchTerms(game, 'a')).toEqual({ challengedId: 'b', colour: 'white', rated: true, clock: game.clock });
    expect(rematchTerms(game, 'b')).toEqual({ challengedId: 'a', colour: 'black', rated: true, clock: game.clock });
    expect(rematchTerms(game, 'c')).toBeNull();
    expect(rematchAction(null)).toBe('offer');
    expect(rematchAction({ id: 'x' })).toEqual({ accept: 'x' });
  });
});

describe('the ranked rules for a named pair', () => {
  it('names the first rule that refuses, each side\'s own', () => {
    const a = player('a');
    const b = player('b');
    expect(rankedRefusal(a, b, free, now)).toBeNull();
    expect(rankedRefusal(a, a, free, now)?.rule).toBe('self');
    expect(rankedRefusal(player('a', { guest: true }), b, free, now)?.rule).toBe('guestMine');
    expect(rankedRefusal(a, player('b', { guest: true }), free, now)?.rule).toBe('guestTheirs');
    expect(rankedRefusal(player('a', { engineMarkedAt: now }), b, free, now)?.rule).toBe('closedMine');
    expect(rankedRefusal(a, player('b', { closedAt: now }), free, now)?.rule).toBe('closedTheirs');
    const until = new Date(now.getTime() + 60_000);
    expect(rankedRefusal(player('a', { cooldownUntil: until }), b, free, now)).toEqual({ rule: 'cooldownMine', until });
    expect(rankedRefusal(a, player('b', { cooldownUntil: until }), free, now)).toEqual({ rule: 'cooldownTheirs', until });
    expect(rankedRefusal(a, player('b', { cooldownUntil: now }), free, now)).toBeNull(); // over
    expect(rankedRefusal(a, player('b', { bot: true }), free, now)?.rule).toBe('botMix');
    expect(rankedRefusal(a, b, { gamesBetween24h: 0, linked: true }, now)?.rule).toBe('linked');
    expect(rankedRefusal(a, b, { gamesBetween24h: 2, linked: false }, now)).toBeNull();
    expect(rankedRefusal(a, b, { gamesBetween24h: 3, linked: false }, now)?.rule).toBe('pairCap');
  });
});
