import { describe, expect, it } from '@jest/globals';
import {
  abortCooldown, abortCooldownSeconds, type AbortRule, type EndedRankedGame, isCheapLoss, rankedCooldown, type RankedLoss, sandbagging,
  type SandbagRule,
} from '../../../src/fair-play/domain/cooldown.js';

const NOW = new Date('2026-11-30T12:00:00Z');
const ago = (s: number) => new Date(NOW.getTime() - s * 1000);
const ABORTS: AbortRule = { free: 2, baseSeconds: 60, maxSeconds: 3600 };
const SANDBAG: SandbagRule = { moves: 10, share: 0.5, cooldownHours: 1 };

/** Games that ended 1, 2, 3… minutes ago, newest first: 'A' aborted by the player, '.' anything else. */
function history(pattern: string, spacingSeconds = 60): EndedRankedGame[] {
  return [...pattern].map((c, i) => ({ endedAt: ago((i + 1) * spacingSeconds), abortedByMe: c === 'A' }));
}

describe('abort cooldown: more than 2 aborts among the last 10 ranked games of 24 h', () => {
  it.each<[number, number]>([
    [0, 0], [1, 0], [2, 0], [3, 60], [4, 120], [5, 240], [6, 480], [7, 960], [8, 1920], [9, 3600], [10, 3600], [12, 3600],
  ])('%s aborts: %s s', (aborts, seconds) => {
    expect(abortCooldownSeconds(aborts, ABORTS)).toBe(seconds);
  });

  it.each<[string, string, number, number, number | null]>([
    // label, newest first, spacing (s), → aborts counted, until (seconds from now) or null
    ['two aborts are free', 'AA', 10, 2, null],
    ['a third abort: a minute after the latest', 'AAA', 10, 3, 50],
    ['a minute has passed since the latest of three', 'AAA', 60, 3, null],
    ['four aborts: two minutes', 'AAAA', 10, 4, 110],
    ['finished games in between still count the aborts among the last 10', 'A.A.A', 10, 3, 50],
    ['only the last 10 games: older aborts fall out', '..........AAAA', 1, 0, null],
    ['only the last 24 h', 'AAAAA', 6 * 3600, 4, null],
    ['twelve in a row: capped at the last 10', 'AAAAAAAAAAAA', 1, 10, 3599],
  ])('%s', (_label, pattern, spacing, aborts, until) => {
    const c = abortCooldown(history(pattern, spacing), NOW, ABORTS);
    expect(c.aborts).toBe(aborts);
    expect(c.until).toEqual(until === null ? null : new Date(NOW.getTime() + until * 1000));
  });

  it('the order the games come in does not matter', () => {
    const games = history('A.AA', 10);
    expect(abortCooldown([...games].reverse(), NOW, ABORTS)).toEqual(abortCooldown(games, NOW, ABORTS));
  });
});

function loss(over: Partial<RankedLoss> & { agoSeconds?: number } = {}): RankedLoss {
  const { agoSeconds = 60, ...rest } = over;
  return { gameId: 'g', endedAt: ago(agoSeconds), reason: 'resign', ownMoves: 1, winnerId: 'main', winnerGain: 150, ...rest };
}

describe('sandbagging: most ranked losses by resignation or abandonment before one\'s own 10th move', () => {
  it.each<[string, Pick<RankedLoss, 'reason' | 'ownMoves'>, boolean]>([
    ['resigned after 1 move', { reason: 'resign', ownMoves: 1 }, true],
    ['resigned after 9 moves', { reason: 'resign', ownMoves: 9 }, true],
    ['resigned after 10 moves', { reason: 'resign', ownMoves: 10 }, false],
    ['abandoned after 3 moves', { reason: 'abandoned', ownMoves: 3 }, true],
    ['lost on the board after 4 moves (wiped out)', { reason: 'board', ownMoves: 4 }, false],
  ])('a cheap loss? %s → %s', (_label, l, cheap) => {
    expect(isCheapLoss(l, SANDBAG)).toBe(cheap);
  });

  it.each<[string, RankedLoss[], boolean, number, number | null]>([
    // label, losses, → flagged, cooldown hours, until (seconds from now)
    ['no losses', [], false, 0, null],
    ['a fresh account whose one loss is a resignation after one move', [loss()], true, 1, 3600 - 60],
    ['two cheap losses: two hours', [loss(), loss({ agoSeconds: 120 })], true, 2, 7200 - 60],
    ['half the losses cheap: not more than half', [loss(), loss({ reason: 'board', ownMoves: 30 })], false, 0, null],
    ['two of three cheap', [loss(), loss({ agoSeconds: 90 }), loss({ reason: 'board', ownMoves: 30, agoSeconds: 100 })], true, 2, 7200 - 60],
    ['flagged, cooldown over (still listed)', [loss({ agoSeconds: 7200 })], true, 1, null],
    ['losses older than 30 days do not count', [loss({ agoSeconds: 31 * 86_400 })], false, 0, null],
    ['ten cheap losses: at most a week', Array.from({ length: 10 }, (_, i) => loss({ agoSeconds: 60 + i })), true, 168, 168 * 3600 - 60],
  ])('%s', (_label, losses, flagged, hours, until) => {
    const v = sandbagging(losses, NOW, SANDBAG);
    expect(v.flagged).toBe(flagged);
    expect(v.cooldownHours).toBe(hours);
    expect(v.until).toEqual(until === null ? null : new Date(NOW.getTime() + until * 1000));
  });

  it('only the latest 20 losses are looked at', () => {
    const honest = Array.from({ length: 20 }, (_, i) => loss({ reason: 'board', ownMoves: 30, agoSeconds: 60 + i }));
    const oldCheap = Array.from({ length: 30 }, (_, i) => loss({ agoSeconds: 3600 + i }));
    expect(sandbagging([...oldCheap, ...honest], NOW, SANDBAG)).toMatchObject({ losses: 20, flagged: false });
  });
});

describe('rankedCooldown: the longer one still running', () => {
  const a = { aborts: 3, seconds: 60, until: new Date(NOW.getTime() + 60_000) };
  const s = sandbagging([loss()], NOW, SANDBAG);
  it.each<[string, Parameters<typeof rankedCooldown>, string | null]>([
    ['none', [{ aborts: 0, seconds: 0, until: null }, sandbagging([], NOW, SANDBAG)], null],
    ['aborts only', [a, sandbagging([], NOW, SANDBAG)], 'aborts'],
    ['both: the sandbagging hour is longer', [a, s], 'sandbagging'],
  ])('%s', (_label, args, reason) => {
    expect(rankedCooldown(...args)?.reason ?? null).toBe(reason);
  });
});
