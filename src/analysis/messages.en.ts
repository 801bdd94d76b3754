/**
 * English messages of the analysis, the replay's analysis views and the GGF export (keys →
 * ICU-style messages with {named} arguments), until the i18n catalogues (issue #19) take them over.
 * Shared by the server and the browser client (pure).
 */
import { formatMessage, type MessageArgs } from '../common/message-format.js';

export const ANALYSIS_MESSAGES = {
  'analysis.heading': 'Analysis',
  'analysis.pending': 'The engine has not been through this game yet; it usually takes a few seconds after the end.',
  'analysis.none': 'No analysis: aborted games and games still in play are not analysed.',
  'analysis.failed': 'The analysis could not be loaded.',
  'analysis.graph.label': 'Evaluation over the game, in discs for Black (above the middle line Black is ahead); dashed: estimated, solid: exact',
  'analysis.graph.exactFrom': 'exact from {empties} empties',
  'analysis.move.best': 'best move',
  'analysis.move.bestWas': 'best was {squares}',
  'analysis.move.loss': '−{loss} discs',
  'analysis.move.forced': 'only move',
  'analysis.move.pass': 'pass',
  'analysis.move.cpu': 'played by the CPU stand-in',
  'analysis.move.estimate': 'estimate',
  'analysis.move.exact': 'exact',
  'analysis.move.value': 'value {value} (best {bestValue})',
  'analysis.class.inaccuracy': 'inaccuracy',
  'analysis.class.mistake': 'mistake',
  'analysis.class.blunder': 'blunder',
  'analysis.symbol.inaccuracy': '?!',
  'analysis.symbol.mistake': '?',
  'analysis.symbol.blunder': '??',
  'analysis.summary.caption': 'Summary per player (over their own moves that had a choice)',
  'analysis.summary.player': 'Player',
  'analysis.summary.counted': 'Moves',
  'analysis.summary.bestShare': 'Best moves',
  'analysis.summary.meanLoss': 'Mean loss (discs)',
  'analysis.summary.inaccuracies': 'Inaccuracies',
  'analysis.summary.mistakes': 'Mistakes',
  'analysis.summary.blunders': 'Blunders',
  'analysis.summary.note':
    'Values are final disc differences under best play. From {empties} empties the endgame solver proves them (exact); before that they are estimates of a {depth}-ply search with a modest evaluation and can be wrong by several discs.',
  'analysis.download.ggf': 'Download GGF',
  'analysis.download.transcript': 'Download transcript',
  'analysis.report.button': 'Report opponent',
  'analysis.report.reason': 'Reason',
  'analysis.report.reason.engine': 'Used an engine',
  'analysis.report.reason.stalling': 'Stalling',
  'analysis.report.reason.abuse': 'Abuse',
  'analysis.report.reason.other': 'Other',
  'analysis.report.text': 'Details (optional)',
  'analysis.report.send': 'Send report',
  'analysis.report.sent': 'Thank you: the moderators will look at this game.',
  'analysis.report.already': 'You have already reported this game.',
  'analysis.report.error': 'The report could not be sent: {message}',
  'analysis.error.notFinished': 'Only a finished game can be reported.',
} as const;

export type AnalysisMessageKey = keyof typeof ANALYSIS_MESSAGES;

/** The message with its arguments filled in (ICU subset: src/common/message-format.ts). */
export function analysisMessage(key: AnalysisMessageKey, args: MessageArgs = {}): string {
  return formatMessage(ANALYSIS_MESSAGES[key], args);
}
