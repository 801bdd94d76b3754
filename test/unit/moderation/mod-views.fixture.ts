import type { BoostReport } from '../../../src/fair-play/domain/boosting';
import type { SandbaggerReport } from '../../../src/fair-play/flagged';
/** A moderator's view of one player and an overview, as the moderation service returns them (for the view tests). */
import type { ModPlayerViewDto, OutliersDto, ReportDto, StatisticsDto } from '../../../src/moderation/dto/moderation.dto';

const band = (median: number) => ({ players: 12, p10: median - 0.2, p25: median - 0.1, median, p75: median + 0.1, p90: median + 0.2 });

export const statistics: StatisticsDto = {
  games: 14,
  exact: { moves: 120, bestShare: 0.975, meanLoss: 0.12 },
  estimated: { moves: 240, bestShare: 0.81, meanLoss: 0.9 },
  score: 4.25,
  deviations: { exactBestShare: 5, exactMeanLoss: 4, estimatedBestShare: 3, estimatedMeanLoss: 2 },
  band: { from: 1500, to: 1600, metrics: { exactBestShare: band(0.7), exactMeanLoss: band(1.8), estimatedBestShare: band(0.45), estimatedMeanLoss: band(3.1) } },
};

export const reports: ReportDto[] = [
  {
    id: '00000000-0000-4000-8000-00000000000a', gameId: '00000000-0000-4000-8000-000000000001', reporter: 'bob', reported: 'alice',
    reason: 'engine', text: 'too precise', weight: 1, status: 'open', createdAt: '2024-03-01T10:00:00Z', closedAt: null,
  },
];

export const outliers: OutliersDto = { players: [{ username: 'alice', rating: 1555, statistics }] };

export const playerView: ModPlayerViewDto = {
  player: {
    id: '00000000-0000-4000-8000-0000000000aa', username: 'alice', rating: 1555, games: 30, moderator: false,
    engineMarkedAt: '2024-03-02T10:00:00Z', closedAt: '2024-03-03T10:00:00Z', createdAt: '2024-01-01T00:00:00Z',
  },
  statistics,
  moveTimes: { moves: 360, meanSeconds: 4.2, medianSeconds: 4, variation: 0.08 },
  recentGames: [
    { gameId: '00000000-0000-4000-8000-000000000001', color: 'black', opponent: 'dave', finishedAt: '2024-03-01T09:00:00Z', summary: { counted: 26, meanLoss: 0.3, bestShare: 0.92, inaccuracies: 1, mistakes: 0, blunders: 0 }, moveSeconds: [4, 4, 5] },
  ],
  reports: [{ ...reports[0], status: 'closed', closedAt: '2024-03-02T10:00:00Z' }],
  auditLog: [
    { id: '00000000-0000-4000-8000-0000000000b1', action: 'engine', moderator: 'carol', reason: 'exact phase perfect', message: null, details: null, createdAt: '2024-03-02T10:00:00Z', seenAt: null },
    { id: '00000000-0000-4000-8000-0000000000b2', action: 'grant-moderator', moderator: null, reason: 'granted with the outflank command', message: null, details: null, createdAt: '2024-01-02T10:00:00Z', seenAt: null },
  ],
};

/** An account flagged for sandbagging (issue #21) and the two accounts that gained from it. */
export const flagged: SandbaggerReport[] = [
  {
    player: { id: 'p-carol', username: 'carol' },
    losses: 8,
    cheapLosses: 6,
    share: 0.75,
    cooldownUntil: new Date('2030-01-02T10:00:00.000Z'),
    lastCheapLossAt: new Date('2030-01-01T10:00:00.000Z'),
    beneficiaries: [
      { id: 'p-main', username: 'mainacct', games: 5, points: 96.4 },
      { id: 'p-dave', username: 'dave', games: 1, points: 11.2 },
    ],
    gameIds: ['g1', 'g2'],
  },
];

/** An account the boosting detector lists, with two of its feeders. */
export const boosted: BoostReport[] = [
  {
    player: { id: 'p-main', username: 'mainacct' },
    score: 7.5,
    wins: 9,
    fedWins: 8,
    fedPoints: 40,
    share: 0.8,
    lastFedAt: new Date('2030-01-01T10:00:00.000Z'),
    feeders: [
      { playerId: 'p-f1', username: 'erin', games: 5, points: 30.4, signals: ['gaveUpEarly', 'instantMoves'], gameIds: ['g3'] },
      { playerId: 'p-f2', username: 'frank', games: 3, points: 9.6, signals: ['onlyOpponent'], gameIds: ['g4'] },
    ],
  },
];
