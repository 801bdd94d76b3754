import { describe, expect, it } from '@jest/globals';
import { Clock } from '../../../src/common/clock';
import { loadConfig } from '../../../src/config/config';
import type { RankedWin } from '../../../src/fair-play/domain/boosting';
import { FairPlayService } from '../../../src/fair-play/fair-play.service';
import type { RankedHistoryRepository } from '../../../src/games/ranked-history.repository';

const NOW = new Date('2030-01-10T12:00:00.000Z');
const DAY_MS = 24 * 3_600_000;

/** A feeding win: a one-hour-old loser resigning after ten instant moves, its only opponent. */
const win = (winner: string, loser: string, i: number): RankedWin => ({
  gameId: `g${i}`, endedAt: new Date(NOW.getTime() - i * 60_000), winnerId: winner, winnerUsername: winner, loserId: loser, loserUsername: loser,
  winnerGain: 10, reason: 'resign', loserOwnMoves: 10, loserAgeHours: 1, loserRatedGamesBefore: 0, loserMedianMoveMs: 200, loserRankedOpponents: 1,
});

/** The service on a stand-in repository that records what it was asked and answers `wins`. */
function serviceWith(env: Record<string, string>, wins: RankedWin[]) {
  const asked: { since: Date; youngHours: number; provisionalGames: number }[] = [];
  const games = {
    winsOverNewcomers: async (since: Date, youngHours: number, provisionalGames: number) => {
      asked.push({ since, youngHours, provisionalGames });
      return wins;
    },
  } as unknown as RankedHistoryRepository;
  const config = loadConfig({ JWT_SECRET: 'a-secret-of-at-least-16-chars', ...env });
  return { service: new FairPlayService(games, { now: () => NOW } as Clock, config), asked };
}

describe('the boosting detector reads its thresholds from the configuration', () => {
  // Two feeders, three fed wins, 30 points: listed by the defaults (2 feeders, 3 fed wins).
  const wins = [win('main', 'f1', 1), win('main', 'f1', 2), win('main', 'f2', 3)];

  it('with the defaults: the last 30 days, 7 days young, 10 games provisional; listed from 2 feeders and 3 fed wins', async () => {
    const { service, asked } = serviceWith({}, wins);
    const listed = await service.boosters(NOW);
    expect(asked).toEqual([{ since: new Date(NOW.getTime() - 30 * DAY_MS), youngHours: 168, provisionalGames: 10 }]);
    expect(listed.map((r) => [r.player.username, r.feeders.length, r.fedWins])).toEqual([['main', 2, 3]]);
  });

  it('with BOOST_* set: the window and the newcomer thresholds are what the repository is asked for, and the listing thresholds apply', async () => {
    const { service, asked } = serviceWith({ BOOST_RECENT_DAYS: '7', BOOST_YOUNG_HOURS: '24', BOOST_PROVISIONAL_GAMES: '3', BOOST_MIN_FEEDERS: '3' }, wins);
    expect(await service.boosters(NOW)).toEqual([]);
    expect(asked).toEqual([{ since: new Date(NOW.getTime() - 7 * DAY_MS), youngHours: 24, provisionalGames: 3 }]);
    // Fewer fed wins needed, and fewer points, with 2 feeders again: listed.
    const lower = serviceWith({ BOOST_MIN_FED_WINS: '4', BOOST_MIN_FED_POINTS: '30' }, wins);
    expect((await lower.service.boosters(NOW)).map((r) => r.player.username)).toEqual(['main']);
    const higher = serviceWith({ BOOST_MIN_FED_WINS: '4', BOOST_MIN_FED_POINTS: '31' }, wins);
    expect(await higher.service.boosters(NOW)).toEqual([]);
    // A loss after the loser's 5th move is no early give-up with BOOST_EARLY_MOVES=5, and 200-ms moves are not instant under 100 ms.
    const strict = serviceWith({ BOOST_EARLY_MOVES: '5', BOOST_INSTANT_MOVE_MS: '100' }, wins);
    expect((await strict.service.boosters(NOW))[0].feeders.map((f) => f.signals)).toEqual([['onlyOpponent'], ['onlyOpponent']]);
  });
});
