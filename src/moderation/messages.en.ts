/**
 * English messages of moderation on the server (API error messages, the moderator page's panels,
 * profiles, the `outflank players moderator` command): keys → ICU MessageFormat messages, until
 * the i18n catalogues (issue #19) take them over. The browser client's texts are in
 * src/client/shared/messages.en.ts.
 */
import { IntlMessageFormat } from 'intl-messageformat';

export const MODERATION_MESSAGES = {
  // API errors
  'error.notAPlayerOfTheGame': 'Only the players of this game can report from it.',
  'error.alreadyReported': 'You already have an open report on this game.',
  'error.reportLimit': 'You have filed {limit} reports within the last hour, the most allowed; try again in {minutes} minutes.',
  'error.moderatorsOnly': 'Only moderators may do this.',
  'error.notYourself': 'Moderators cannot act on their own account.',
  'error.alreadyMarked': 'This account is already marked as an engine user.',
  'error.alreadyClosed': 'This account is already closed.',
  'error.playerNotFound': 'No player is called "{name}".',
  'error.noticeNotFound': 'You have no unseen notice with this id.',
  'error.engineUserRanked': 'This account was marked as an engine user by a moderator and can no longer play ranked games.',
  'error.closedAccount': 'This account is closed.',
  // Profile
  'profile.engine': 'This account was marked as an engine user by the moderators: it plays no ranked games and is not on the leaderboard.',
  'profile.closed': 'This account is closed.',
  // The moderator page
  'mod.title': 'Moderation',
  'mod.loading': 'Loading…',
  'mod.reports.heading': 'Open reports',
  'mod.reports.empty': 'No open reports.',
  'mod.reports.when': 'Filed',
  'mod.reports.reporter': 'Reporter',
  'mod.reports.reported': 'Reported',
  'mod.reports.reason': 'Reason',
  'mod.reports.text': 'Details',
  'mod.reports.game': 'Game',
  'mod.reports.status': 'Status',
  'mod.reports.open': 'open',
  'mod.reports.closed': 'closed',
  'mod.outliers.heading': 'Furthest outside their rating band',
  'mod.outliers.empty': 'Not enough analysed rated games yet.',
  'mod.outliers.note':
    'Score: how many band spreads better than the median of players of similar rating (exact phase counted twice); above 3 is rare among honest players. A strong or improving player looks the same for a while, and an engine used for a few moves a game barely shows: look at the games.',
  'mod.player': 'Player',
  'mod.rating': 'Rating',
  'mod.score': 'Score',
  'mod.band': 'Band',
  'mod.games': 'Analysed games',
  'mod.exactBest': 'Best moves (exact)',
  'mod.exactLoss': 'Mean loss (exact)',
  'mod.estimatedBest': 'Best moves (estimated)',
  'mod.estimatedLoss': 'Mean loss (estimated)',
  'mod.moves': '{moves} moves',
  'mod.median': 'band median {median}',
  'mod.times.heading': 'Move times',
  'mod.times.summary': '{moves} moves: mean {mean} s, median {median} s, variation {variation} (standard deviation / mean; very even times are low)',
  'mod.times.none': 'No timed moves.',
  'mod.player.heading': 'Player {name}',
  'mod.player.marks.engine': 'Marked as an engine user on {date}.',
  'mod.player.marks.closed': 'Closed on {date}.',
  'mod.player.marks.moderator': 'Moderator.',
  'mod.player.stats.heading': 'Statistics over the latest analysed rated games',
  'mod.player.games.heading': 'Recent analysed games',
  'mod.player.games.empty': 'No analysed rated games.',
  'mod.player.games.finished': 'Finished',
  'mod.player.games.color': 'Colour',
  'mod.player.games.counted': 'Moves',
  'mod.player.games.bestShare': 'Best',
  'mod.player.games.meanLoss': 'Mean loss',
  'mod.player.games.errors': 'Inacc./mist./blund.',
  'mod.player.games.replay': 'Analysed replay',
  'mod.player.reports.heading': 'Reports about this player',
  'mod.player.reports.empty': 'No reports.',
  'mod.player.audit.heading': 'Audit log',
  'mod.player.audit.empty': 'No moderator action yet.',
  'mod.player.audit.when': 'When',
  'mod.player.audit.who': 'Who',
  'mod.player.audit.action': 'Action',
  'mod.player.audit.reason': 'Why',
  'mod.player.audit.command': 'the outflank command',
  'mod.actions.heading': 'Act',
  'mod.actions.action': 'Action',
  'mod.actions.reason': 'Reason (written to the audit log)',
  'mod.actions.engine': 'Mark as engine user',
  'mod.actions.dismiss': 'Dismiss the reports',
  'mod.actions.warn': 'Warn',
  'mod.actions.close': 'Close account',
  'mod.action.engine': 'marked as engine user',
  'mod.action.dismiss': 'dismissed the reports',
  'mod.action.warn': 'warned',
  'mod.action.close': 'closed the account',
  'mod.action.grant-moderator': 'made a moderator',
  'mod.action.revoke-moderator': 'no longer a moderator',
  'mod.back': 'Back to the moderation page',
  // The command
  'cli.usage': 'Usage: outflank players moderator <name> --grant|--revoke',
  'cli.notFound': 'No player is called "{name}".',
  'cli.granted': '{name} is now a moderator.',
  'cli.revoked': '{name} is no longer a moderator.',
  'cli.unchanged.granted': '{name} was already a moderator.',
  'cli.unchanged.revoked': '{name} was not a moderator.',
  'cli.reason.grant': 'granted with the outflank command',
  'cli.reason.revoke': 'revoked with the outflank command',
} as const;

export type ModerationMessageKey = keyof typeof MODERATION_MESSAGES;

const compiled = new Map<ModerationMessageKey, IntlMessageFormat>();

/** The message formatted with its arguments (ICU MessageFormat, by intl-messageformat). */
export function moderationMessage(key: ModerationMessageKey, args: Record<string, string | number> = {}): string {
  let format = compiled.get(key);
  if (!format) compiled.set(key, (format = new IntlMessageFormat(MODERATION_MESSAGES[key], 'en')));
  return String(format.format(args));
}
