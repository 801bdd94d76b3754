import { describe, expect, it } from '@jest/globals';
import { formatFlagged } from '../../../src/cli/fair-play-cli';
import { flaggedAccounts } from '../../../src/fair-play/flagged';
import type { RankedLossRow } from '../../../src/games/ranked-history.repository';

const NOW = new Date('2030-01-10T12:00:00.000Z');
const RULE = { moves: 10, share: 0.5, cooldownHours: 1 };
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
let n = 0;
const loss = (loser: string, winner: string, over: Partial<RankedLossRow> = {}): RankedLossRow => ({
  gameId: `g${++n}`,
  endedAt: minutesAgo(10),
  reason: 'resign',
  loserId: loser,
  loserUsername: loser,
  winnerId: winner,
  winnerUsername: winner,
  winnerGain: 20,
  ownMoves: 1,
  ...over,
});

describe("the moderators' list of flagged accounts (issue #21)", () => {
  it('lists each account whose cheap losses are more than the share, with who gained, most cheap losses first', () => {
    const rows = [
      loss('fresh1', 'main', { winnerGain: 40.04, endedAt: minutesAgo(30) }),
      loss('fresh2', 'main', { winnerGain: 35 }),
      loss('fresh2', 'other', { winnerGain: 5, endedAt: minutesAgo(5) }),
      // One cheap loss among three: not flagged.
      loss('honest', 'main'),
      loss('honest', 'x', { reason: 'board', ownMoves: 30 }),
      loss('honest', 'y', { reason: 'resign', ownMoves: 25 }),
    ];
    const list = flaggedAccounts(rows, NOW, RULE);
    expect(list.map((r) => r.player.username)).toEqual(['fresh2', 'fresh1']);
    expect(list[0]).toMatchObject({ losses: 2, cheapLosses: 2, share: 1, lastCheapLossAt: minutesAgo(5) });
    expect(list[0].beneficiaries).toEqual([
      { id: 'main', username: 'main', games: 1, points: 35 },
      { id: 'other', username: 'other', games: 1, points: 5 },
    ]);
    expect(list[1].beneficiaries).toEqual([{ id: 'main', username: 'main', games: 1, points: 40 }]);
    // Two cheap losses double the hour: the cooldown ends two hours after the latest.
    expect(list[0].cooldownUntil).toEqual(new Date(minutesAgo(5).getTime() + 2 * 3600_000));
  });

  it('the command prints one line per account, then who gained and the games', () => {
    const list = flaggedAccounts([loss('fresh1', 'main', { gameId: 'g-a', winnerGain: 12.5 })], NOW, RULE);
    expect(formatFlagged(list)).toBe(
      'fresh1: 1 cheap of 1 ranked losses (100%), last 2030-01-10T11:50:00.000Z, ranked cooldown until 2030-01-10T12:50:00.000Z\n' +
        '  gained: main +12.5 in 1 game(s)\n' +
        '  games: g-a\n' +
        '1 flagged account(s).\n',
    );
    expect(formatFlagged([])).toBe('No account is flagged for sandbagging.\n');
  });
});
