import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  colourBalance, historyFrom, MAX_RANKED_GAMES_PER_PAIR_24H, pairKey, pairUnranked, pairWave, type PairingHistory,
  RANKED_WINDOW, type TicketPair, type WaitingTicket, windowOf, windowRuleWithMax,
} from '../../../src/matchmaking/domain/pairing.js';
import { seededRandom } from '../engine/helpers.js';

const NOW = Date.parse('2026-11-30T12:00:00Z');

/** A ticket for player `id` (ticket id `t-<id>`) with `rating`, joined `waited` seconds before NOW. */
function ticket(id: string, rating: number, waited = 0, extra: Partial<WaitingTicket> = {}): WaitingTicket {
  return { ticketId: `t-${id}`, playerId: id, rating, joinedAt: new Date(NOW - waited * 1000), bot: false, turnSeconds: null, ...extra };
}

const none = historyFrom();
/** Pairs as [black player, white player]. */
const players = (pairs: Array<TicketPair<WaitingTicket>>): string[][] => pairs.map((p) => [p.blackTicket.playerId, p.whiteTicket.playerId]);
/** Pairs as sorted player pairs (colours ignored). */
const unordered = (pairs: Array<TicketPair<WaitingTicket>>): string[][] => players(pairs).map((p) => [...p].sort());

describe('windowOf: ±100, +50 per full 5 s waited, at most ±350 (the cap)', () => {
  it.each([
    [0, 100],
    [4.999, 100],
    [5, 150],
    [9.9, 150],
    [12, 200],
    [20, 300],
    [25, 350],
    [35, 350],
    [600, 350],
    [-30, 100], // a clock slightly behind the ticket: no negative wait
  ])('after %p s the half width is %p', (waited, halfWidth) => {
    expect(windowOf(ticket('a', 1500, waited), NOW)).toEqual({ halfWidth, min: 1500 - halfWidth, max: 1500 + halfWidth });
  });

  it('accepts Date or milliseconds for both times, and another rule', () => {
    const t = { rating: 1800, joinedAt: NOW - 10_000 };
    expect(windowOf(t, new Date(NOW)).halfWidth).toBe(200);
    expect(windowOf(t, NOW, { initial: 50, step: 10, stepSeconds: 1, max: 80 }).halfWidth).toBe(80);
    expect(RANKED_WINDOW).toEqual({ initial: 100, step: 50, stepSeconds: 5, max: 350 });
    expect(windowOf(t, NOW + 3_600_000, windowRuleWithMax(500)).halfWidth).toBe(500);
  });

  it.each<[string, number | null, number]>([
    ['no cooldown: from joining', null, 350],
    ['a cooldown that ended 5 s ago: from its end', NOW - 5000, 150],
    ['a cooldown still running: the first window', NOW + 60_000, 100],
    ['a cooldown that ended before the ticket joined: from joining', NOW - 3_600_000, 350],
  ])('a ticket on cooldown: %s', (_label, eligibleAt, halfWidth) => {
    expect(windowOf({ rating: 1500, joinedAt: NOW - 600_000, eligibleAt }, NOW).halfWidth).toBe(halfWidth);
  });
});

describe('pairWave (ranked)', () => {
  // [name, tickets, history, expected pairs (sorted player ids; colours checked separately)]
  const cases: Array<[string, WaitingTicket[], PairingHistory, string[][]]> = [
    ['nobody: no pairs', [], none, []],
    ['one ticket: no pairs', [ticket('a', 1500)], none, []],
    ['a gap of 100 fits two new tickets', [ticket('a', 1500), ticket('b', 1600)], none, [['a', 'b']]],
    ['a gap of 101 does not', [ticket('a', 1500), ticket('b', 1601)], none, []],
    ['after 5 s both accept 150', [ticket('a', 1500, 5), ticket('b', 1650, 5)], none, [['a', 'b']]],
    ['both windows must hold the gap: a long wait does not drag a newcomer 300 away', [ticket('a', 1500, 60), ticket('b', 1800, 0)], none, []],
    ['... but does once the newcomer has waited 20 s too', [ticket('a', 1500, 60), ticket('b', 1800, 20)], none, [['a', 'b']]],
    ['the window stops at the cap, ±350', [ticket('a', 1500, 3600), ticket('b', 1851, 3600)], none, []],
    ['… which it reaches after 25 s', [ticket('a', 1500, 25), ticket('b', 1850, 25)], none, [['a', 'b']]],
    ['the booster: a 1886 and a 1500 are never paired, however long both wait', [ticket('main', 1886, 86_400), ticket('fresh', 1500, 86_400)], none, []],
    ['linked accounts (one address or device) are never paired', [ticket('a', 1500), ticket('b', 1500)], historyFrom({ linked: new Set([pairKey('b', 'a')]) }), []],
    ['a link sends a to the next closest', [ticket('a', 1500), ticket('b', 1501), ticket('c', 1420)], historyFrom({ linked: new Set([pairKey('a', 'b')]) }), [['a', 'c']]],
    ['a ticket on cooldown waits', [ticket('a', 1500, 60, { eligibleAt: NOW + 1000 }), ticket('b', 1500)], none, []],
    ['… and is paired once its cooldown is over', [ticket('a', 1500, 60, { eligibleAt: NOW }), ticket('b', 1500)], none, [['a', 'b']]],
    ['… with a window counted from the end of the cooldown, not from joining', [ticket('a', 1500, 600, { eligibleAt: NOW - 5000 }), ticket('b', 1700, 600)], none, []],
    ['closest ratings first', [ticket('a', 1500), ticket('b', 1540), ticket('c', 1560), ticket('d', 1600)], none, [['b', 'c'], ['a', 'd']]],
    ['closest first even when it leaves a ticket out', [ticket('a', 1500), ticket('b', 1560), ticket('c', 1570)], none, [['b', 'c']]],
    ['equal gaps: the pair with the longest-waiting ticket first', [ticket('a', 1500, 3), ticket('b', 1550, 1), ticket('c', 1600, 2)], none, [['a', 'b']]],
    ['equal gaps, mirrored', [ticket('a', 1500, 2), ticket('b', 1550, 1), ticket('c', 1600, 3)], none, [['b', 'c']]],
    ['no ticket paired twice: three close tickets make one pair', [ticket('a', 1500), ticket('b', 1510), ticket('c', 1520)], none, [['a', 'b']]],
    ['never a player with themselves (two tickets of one player)', [ticket('a', 1500), { ...ticket('a', 1500), ticketId: 't-a2' }], none, []],
    ['bots only with bots', [ticket('a', 1500, 0, { bot: true }), ticket('b', 1500), ticket('c', 1550, 0, { bot: true })], none, [['a', 'c']]],
    ['a bot and a human are never paired', [ticket('a', 1500, 0, { bot: true }), ticket('b', 1500)], none, []],
    ['the same turn limit only', [ticket('a', 1500, 0, { turnSeconds: 30 }), ticket('b', 1500, 0, { turnSeconds: 60 }), ticket('c', 1500), ticket('d', 1590, 0, { turnSeconds: 30 })], none, [['a', 'd']]],
    ['no limit is its own queue', [ticket('a', 1500, 0, { turnSeconds: null }), ticket('b', 1500, 0, { turnSeconds: 30 })], none, []],
    ['each clock is a pool of its own', [ticket('a', 1500, 0, { clock: '1+2' }), ticket('b', 1500, 0, { clock: '5+3' }), ticket('c', 1550, 0, { clock: '1+2' }), ticket('d', 1500, 0, { clock: null })], none, [['a', 'c']]],
    ['3 games in 24 h: not again', [ticket('a', 1500), ticket('b', 1500)], historyFrom({ gamesBetween: new Map([[pairKey('b', 'a'), 3]]) }), []],
    ['2 games in 24 h: once more is fine', [ticket('a', 1500), ticket('b', 1500)], historyFrom({ gamesBetween: new Map([[pairKey('a', 'b'), 2]]) }), [['a', 'b']]],
    ['the repeat limit sends a to the next closest', [ticket('a', 1500), ticket('b', 1501), ticket('c', 1420)], historyFrom({ gamesBetween: new Map([[pairKey('a', 'b'), 3]]) }), [['a', 'c']]],
  ];

  it.each(cases)('%s', (_name, tickets, history, expected) => {
    expect(unordered(pairWave(tickets, NOW, history, seededRandom(1)))).toEqual(expected);
  });

  it('a player with two tickets is paired once, with the closest other player', () => {
    const pairs = pairWave([ticket('a', 1500), { ...ticket('a', 1500), ticketId: 't-a2' }, ticket('b', 1505), ticket('c', 1495)], NOW, none, seededRandom(1));
    expect(pairs).toHaveLength(1);
    expect(unordered(pairs)[0]).toContain('a');
  });

  it('a player already paired in one queue is not paired in another in the same wave', () => {
    const pairs = pairWave([
      ticket('a', 1500, 0, { turnSeconds: 30 }), ticket('b', 1500, 0, { turnSeconds: 30 }),
      { ...ticket('a', 1500, 0, { turnSeconds: 60 }), ticketId: 't-a60' }, ticket('c', 1500, 0, { turnSeconds: 60 }),
    ], NOW, none, seededRandom(1));
    expect(pairs).toHaveLength(1);
  });

  describe('colour balance: Black to the player with fewer Black games in their last 10', () => {
    it.each([
      [7, 3, 'b'],
      [3, 7, 'a'],
      [0, 10, 'a'],
      [10, 9, 'b'],
    ])('a had Black %p times, b %p times: %s gets Black', (blackA, blackB, expected) => {
      const history = historyFrom({ blackInLast10: new Map([['a', blackA], ['b', blackB]]) });
      for (const rng of [() => 0, () => 0.99]) {
        const [pair] = pairWave([ticket('a', 1500), ticket('b', 1520)], NOW, history, rng);
        expect(pair.blackTicket.playerId).toBe(expected);
      }
    });

    it('a tie is decided by the rng: the lower-rated ticket is Black when rng() < 0.5', () => {
      const tickets = [ticket('a', 1500), ticket('b', 1520)];
      expect(players(pairWave(tickets, NOW, none, () => 0.49))).toEqual([['a', 'b']]);
      expect(players(pairWave(tickets, NOW, none, () => 0.5))).toEqual([['b', 'a']]);
      const even = historyFrom({ blackInLast10: new Map([['a', 5], ['b', 5]]) });
      expect(players(pairWave(tickets, NOW, even, () => 0.7))).toEqual([['b', 'a']]);
    });

    it('ties with a seeded rng split both ways, reproducibly', () => {
      // 200 pairs far apart from each other (1000 rating points), all ties.
      const tickets = Array.from({ length: 200 }, (_, k) => [ticket(`lo${k}`, 1000 * k), ticket(`hi${k}`, 1000 * k + 10)]).flat();
      const lowerBlack = (seed: number) => pairWave(tickets, NOW, none, seededRandom(seed)).filter((p) => p.blackTicket.playerId.startsWith('lo')).length;
      expect(pairWave(tickets, NOW, none, seededRandom(7))).toHaveLength(200);
      expect(lowerBlack(7)).toBe(lowerBlack(7));
      expect(lowerBlack(7)).toBeGreaterThan(70);
      expect(lowerBlack(7)).toBeLessThan(130);
      expect(lowerBlack(8)).toBeGreaterThan(70);
      expect(lowerBlack(8)).toBeLessThan(130);
    });

    it('colourBalance alone', () => {
      const history = historyFrom({ blackInLast10: new Map([['x', 4]]) });
      expect(colourBalance({ playerId: 'x' }, { playerId: 'y' }, history, () => 0).blackTicket.playerId).toBe('y');
    });
  });

  it('carries the caller\'s extra fields through', () => {
    const tickets = [{ ...ticket('a', 1500), queue: 'q1' }, { ...ticket('b', 1500), queue: 'q1' }];
    const [pair] = pairWave(tickets, NOW, none, seededRandom(3));
    expect(pair.blackTicket.queue).toBe('q1');
    expect(new Set([pair.blackTicket, pair.whiteTicket])).toEqual(new Set(tickets));
  });
});

/* ------------------------------------------------------------------ properties */

/** A straightforward reference: every compatible pair, sorted by (gap, older wait, younger wait, order), taken greedily. */
function referenceWave(tickets: WaitingTicket[], now: number, history: PairingHistory, rng: () => number): Array<TicketPair<WaitingTicket>> {
  const ms = (t: WaitingTicket) => (typeof t.joinedAt === 'number' ? t.joinedAt : t.joinedAt.getTime());
  const groupOf = (t: WaitingTicket) => `${t.bot ? 'bot' : 'human'}:${t.turnSeconds ?? 'none'}`;
  const out: Array<TicketPair<WaitingTicket>> = [];
  const paired = new Set<string>();
  for (const g of [...new Set(tickets.map(groupOf))].sort()) {
    const s = tickets.filter((t) => groupOf(t) === g)
      .sort((a, b) => a.rating - b.rating || ms(a) - ms(b) || (a.ticketId < b.ticketId ? -1 : a.ticketId > b.ticketId ? 1 : 0));
    const cands: Array<[number, number]> = [];
    for (let i = 0; i < s.length; i++) {
      for (let j = i + 1; j < s.length; j++) {
        const gap = s[j].rating - s[i].rating;
        if (gap <= windowOf(s[i], now).halfWidth && gap <= windowOf(s[j], now).halfWidth && s[i].playerId !== s[j].playerId
          && history.gamesBetween(s[i].playerId, s[j].playerId) < MAX_RANKED_GAMES_PER_PAIR_24H) cands.push([i, j]);
      }
    }
    const key = ([i, j]: [number, number]) => [s[j].rating - s[i].rating, Math.min(ms(s[i]), ms(s[j])), Math.max(ms(s[i]), ms(s[j])), i, j];
    cands.sort((x, y) => {
      const kx = key(x);
      const ky = key(y);
      for (let k = 0; k < kx.length; k++) if (kx[k] !== ky[k]) return kx[k] - ky[k];
      return 0;
    });
    for (const [i, j] of cands) {
      if (paired.has(s[i].playerId) || paired.has(s[j].playerId)) continue;
      paired.add(s[i].playerId);
      paired.add(s[j].playerId);
      out.push(colourBalance(s[i], s[j], history, rng));
    }
  }
  return out;
}

const arbTickets = fc.array(fc.record({
  player: fc.integer({ min: 0, max: 30 }),
  rating: fc.integer({ min: 1000, max: 2200 }),
  waited: fc.integer({ min: -2_000, max: 90_000 }),
  bot: fc.boolean(),
  turnSeconds: fc.constantFrom(null, 30, 60),
}), { maxLength: 60 }).map((rows) => rows.map((r, k): WaitingTicket => ({
  ticketId: `t${k}`, playerId: `p${r.player}`, rating: r.rating, joinedAt: NOW - r.waited, bot: r.bot, turnSeconds: r.turnSeconds,
})));
const arbHistory = fc.record({
  between: fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 5 })), { maxLength: 80 }),
  black: fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 10 })), { maxLength: 30 }),
}).map(({ between, black }) => historyFrom({
  gamesBetween: new Map(between.map(([a, b, n]) => [pairKey(`p${a}`, `p${b}`), n])),
  blackInLast10: new Map(black.map(([p, n]) => [`p${p}`, n])),
}));

describe('pairWave properties (fast-check)', () => {
  it('no ticket or player twice, every pair compatible, no compatible pair left unpaired, same as the reference', () => {
    fc.assert(fc.property(arbTickets, arbHistory, fc.integer(), (tickets, history, seed) => {
      const pairs = pairWave(tickets, NOW, history, seededRandom(seed));
      const seenTickets = new Set<string>();
      const seenPlayers = new Set<string>();
      const compatible = (a: WaitingTicket, b: WaitingTicket) => a.bot === b.bot && a.turnSeconds === b.turnSeconds && a.playerId !== b.playerId
        && Math.abs(a.rating - b.rating) <= Math.min(windowOf(a, NOW).halfWidth, windowOf(b, NOW).halfWidth)
        && history.gamesBetween(a.playerId, b.playerId) < MAX_RANKED_GAMES_PER_PAIR_24H;
      for (const { blackTicket: b, whiteTicket: w } of pairs) {
        for (const t of [b, w]) {
          expect(seenTickets.has(t.ticketId)).toBe(false);
          expect(seenPlayers.has(t.playerId)).toBe(false);
          seenTickets.add(t.ticketId);
          seenPlayers.add(t.playerId);
        }
        expect(compatible(b, w)).toBe(true);
        if (history.blackInLast10(b.playerId) !== history.blackInLast10(w.playerId)) {
          expect(history.blackInLast10(b.playerId)).toBeLessThan(history.blackInLast10(w.playerId));
        }
      }
      const left = tickets.filter((t) => !seenPlayers.has(t.playerId));
      for (let i = 0; i < left.length; i++) for (let j = i + 1; j < left.length; j++) expect(compatible(left[i], left[j])).toBe(false);
      expect(pairs).toEqual(referenceWave(tickets, NOW, history, seededRandom(seed)));
    }), { numRuns: 300 });
  });
});

describe('pairUnranked: first come, first served', () => {
  const u = (id: string, joinedSecondsAgo: number, extra: Partial<WaitingTicket> = {}) => ticket(id, 1500, joinedSecondsAgo, extra);

  it.each<[string, WaitingTicket[], string[][]]>([
    ['nobody', [], []],
    ['in joining order, ratings ignored; the first to join plays Black', [
      { ...u('c', 10), rating: 2400 }, { ...u('a', 30), rating: 900 }, u('d', 5), u('b', 20),
    ], [['a', 'b'], ['c', 'd']]],
    ['the same turn limit only', [u('a', 30, { turnSeconds: 30 }), u('b', 20, { turnSeconds: 60 }), u('c', 10, { turnSeconds: 30 })], [['a', 'c']]],
    ['the same clock only', [u('a', 30, { clock: '3+2' }), u('b', 20, { clock: '1+2' }), u('c', 10, { clock: '3+2' }), u('d', 5)], [['a', 'c']]],
    ['bots only with bots', [u('a', 30), u('b', 20, { bot: true }), u('c', 10), u('d', 5, { bot: true })], [['a', 'c'], ['b', 'd']]],
    ['never a player with themselves', [u('a', 30), { ...u('a', 20), ticketId: 't-a2' }], []],
    ['a second ticket of a player waits, the next player pairs with the first', [u('a', 30), { ...u('a', 20), ticketId: 't-a2' }, u('b', 10), u('c', 5)], [['a', 'b']]],
    ['an odd one out keeps waiting', [u('a', 30), u('b', 20), u('c', 10)], [['a', 'b']]],
  ])('%s', (_name, tickets, expected) => {
    expect(players(pairUnranked(tickets))).toEqual(expected);
  });

  it('properties: no ticket or player twice, pairs compatible, nobody compatible left waiting', () => {
    fc.assert(fc.property(arbTickets, (tickets) => {
      const pairs = pairUnranked(tickets);
      const seen = new Set<string>();
      for (const { blackTicket: b, whiteTicket: w } of pairs) {
        for (const p of [b.playerId, w.playerId]) {
          expect(seen.has(p)).toBe(false);
          seen.add(p);
        }
        expect(b.bot === w.bot && b.turnSeconds === w.turnSeconds && b.playerId !== w.playerId).toBe(true);
        expect(Number(b.joinedAt) <= Number(w.joinedAt)).toBe(true);
      }
      const left = tickets.filter((t) => !seen.has(t.playerId));
      for (let i = 0; i < left.length; i++) {
        for (let j = i + 1; j < left.length; j++) {
          const a = left[i];
          const b = left[j];
          expect(a.bot === b.bot && a.turnSeconds === b.turnSeconds && a.playerId !== b.playerId).toBe(false);
        }
      }
    }), { numRuns: 300 });
  });
});
