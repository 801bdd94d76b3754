import { describe, expect, it } from '@jest/globals';
import { formatBoosters } from '../../../src/cli/fair-play-cli';
import { boosters, DEFAULT_BOOST_RULE, feedSignals, type RankedWin } from '../../../src/fair-play/domain/boosting';

const NOW = new Date('2030-01-10T12:00:00.000Z');
let n = 0;
/** A ranked win of `winner` over `loser`, by default the feeding kind: a 1-hour-old loser resigning after 10 instant moves, its only opponent. */
const win = (winner: string, loser: string, over: Partial<RankedWin> = {}): RankedWin => ({
  gameId: `g${++n}`,
  endedAt: new Date(NOW.getTime() - n * 60_000),
  winnerId: winner,
  winnerUsername: winner,
  loserId: loser,
  loserUsername: loser,
  winnerGain: 0,
  reason: 'resign',
  loserOwnMoves: 10,
  loserAgeHours: 1,
  loserRatedGamesBefore: 0,
  loserMedianMoveMs: 200,
  loserRankedOpponents: 1,
  ...over,
});

describe('the boosting detector', () => {
  it('a win over a new or provisional loser who lost fast has its signals; an established loser or a fought game has none', () => {
    expect(feedSignals(win('m', 'f'), DEFAULT_BOOST_RULE)).toEqual(['gaveUpEarly', 'instantMoves', 'onlyOpponent']);
    // Established: old and with many rated games.
    expect(feedSignals(win('m', 'f', { loserAgeHours: 24 * 30, loserRatedGamesBefore: 50 }), DEFAULT_BOOST_RULE)).toEqual([]);
    // Old, but provisional: still a newcomer.
    expect(feedSignals(win('m', 'f', { loserAgeHours: 24 * 30, loserRatedGamesBefore: 3 }), DEFAULT_BOOST_RULE)).toHaveLength(3);
    // A new player who played it out on the board, thinking, against several opponents.
    expect(feedSignals(win('m', 'f', { reason: 'board', loserOwnMoves: 30, loserMedianMoveMs: 8000, loserRankedOpponents: 4 }), DEFAULT_BOOST_RULE)).toEqual([]);
    expect(feedSignals(win('m', 'f', { reason: 'time', loserOwnMoves: 19, loserMedianMoveMs: null, loserRankedOpponents: 2 }), DEFAULT_BOOST_RULE)).toEqual(['gaveUpEarly']);
  });

  it('lists an account fed by several new accounts, with its feeders (most games first), and not one that beat one newcomer once', () => {
    const wins = [
      ...['f1', 'f1', 'f1', 'f2', 'f2', 'f3', 'f4'].map((f) => win('main', f, { winnerGain: 5 })),
      win('main', 'rival', { reason: 'board', loserOwnMoves: 30, loserMedianMoveMs: 9000, loserRankedOpponents: 9, loserAgeHours: 2000, loserRatedGamesBefore: 40, winnerGain: 15 }),
      win('lucky', 'f9'),
    ];
    const listed = boosters(wins);
    expect(listed.map((r) => r.player.username)).toEqual(['main']);
    const [main] = listed;
    expect(main).toMatchObject({ wins: 8, fedWins: 7, fedPoints: 35, score: 7 });
    expect(main.share).toBeCloseTo(35 / 50);
    expect(main.feeders.map((f) => [f.username, f.games, f.points])).toEqual([['f1', 3, 15], ['f2', 2, 10], ['f3', 1, 5], ['f4', 1, 5]]);
    expect(main.feeders[0].signals).toEqual(['gaveUpEarly', 'instantMoves', 'onlyOpponent']);
    expect(formatBoosters(listed)).toContain('fed by: f1 3 game(s), +15');
  });

  it('two feeders are enough when their wins bring 100 points or more; one feeder never is (two newcomers meet); none from an empty record', () => {
    expect(boosters([win('main', 'f1', { winnerGain: 60 }), win('main', 'f2', { winnerGain: 45 })]).map((r) => r.fedPoints)).toEqual([105]);
    expect(boosters([win('main', 'f1', { winnerGain: 60 }), win('main', 'f2', { winnerGain: 30 })])).toEqual([]);
    expect(boosters([win('main', 'f1', { winnerGain: 160 }), win('main', 'f1', { winnerGain: 100 }), win('main', 'f1', { winnerGain: 90 })])).toEqual([]);
    expect(boosters([])).toEqual([]);
    expect(formatBoosters([])).toBe('No account is listed for boosting.\n');
  });
});
