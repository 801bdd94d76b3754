/** Moderation's rules as plain data and functions: reports, actions, and the refund of an engine user's gains. */

export const REPORT_REASONS = ['engine', 'stalling', 'abuse', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportStatus = 'open' | 'closed';

/** What a moderator can do to a player from the page or the API; reopen and unmark undo close and engine. */
export const MOD_ACTIONS = ['engine', 'dismiss', 'warn', 'close', 'reopen', 'unmark'] as const;
export type ModeratorAction = (typeof MOD_ACTIONS)[number];
/** Every kind of audit-log entry: the moderators' actions and the `outflank` command's role changes. */
export type ModActionKind = ModeratorAction | 'grant-moderator' | 'revoke-moderator';

/**
 * A report from a guest or an account younger than YOUNG_ACCOUNT_HOURS counts this much in the
 * queue (a full one counts 1), and such reports from one address share an hourly cap (REPORTS_PER_ADDRESS).
 */
export const WEAK_REPORT_WEIGHT = 0.25;
/** In the queue, one address's reports against a player count at most 1, and only weak ones at most this. */
export const WEAK_SOURCE_CAP = 0.5;
export const YOUNG_ACCOUNT_HOURS = 24;

/** How much a report counts, from what its reporter was when filing it. */
export function reportWeight(reporter: { guest: boolean; createdAt: Date }, now: Date): number {
  const young = now.getTime() - reporter.createdAt.getTime() < YOUNG_ACCOUNT_HOURS * 3_600_000;
  return reporter.guest || young ? WEAK_REPORT_WEIGHT : 1;
}

/** At most this many reports by one player within REPORT_WINDOW_SECONDS (all app copies together). */
export const REPORTS_PER_WINDOW = 5;
export const REPORT_WINDOW_SECONDS = 3600;

/** The action a reversal undoes; another moderator than the one who did it must undo it. */
export const UNDOES: Partial<Record<ModeratorAction, ModeratorAction>> = { reopen: 'close', unmark: 'engine' };

/** Whether an account may queue for ranked games. */
export function mayPlayRanked(player: { engineMarkedAt: Date | null; closedAt: Date | null }): boolean {
  return player.engineMarkedAt === null && player.closedAt === null;
}
