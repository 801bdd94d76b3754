/** Moderation's rules as plain data and functions: reports, actions, and the refund of an engine user's gains. */

export const REPORT_REASONS = ['engine', 'stalling', 'abuse', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportStatus = 'open' | 'closed';

/** What a moderator can do to a player from the page or the API. */
export const MOD_ACTIONS = ['engine', 'dismiss', 'warn', 'close'] as const;
export type ModeratorAction = (typeof MOD_ACTIONS)[number];
/** Every kind of audit-log entry: the moderators' actions and the `outflank` command's role changes. */
export type ModActionKind = ModeratorAction | 'grant-moderator' | 'revoke-moderator';

/** At most this many reports by one player within REPORT_WINDOW_SECONDS (all app copies together). */
export const REPORTS_PER_WINDOW = 5;
export const REPORT_WINDOW_SECONDS = 3600;

/** One ranked game of a player against the engine user, as the refund reads it. */
export interface LostGame {
  gameId: string;
  /** The player's rating change in that game (negative: points lost). */
  delta: number;
}

/**
 * The points an engine user's ranked opponent gets back: the sum of what they lost to it (games
 * where their rating went down; games they gained in stay as they are). 0 when nothing was lost.
 */
export function refundOf(games: readonly LostGame[]): { points: number; gameIds: string[] } {
  const lost = games.filter((g) => g.delta < 0);
  return { points: lost.reduce((s, g) => s - g.delta, 0), gameIds: lost.map((g) => g.gameId) };
}

/** Whether an account may queue for ranked games. */
export function mayPlayRanked(player: { engineMarkedAt: Date | null; closedAt: Date | null }): boolean {
  return player.engineMarkedAt === null && player.closedAt === null;
}
