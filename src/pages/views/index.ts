export { escapeHtml, formatDate, formatDelta, formatInt, formatRating, formatRecord, isoDate, playerHref, transcriptHref } from './format.js';
export { layout } from './layout.js';
export { renderRatingChart, niceStep, yTicks, CHART, type RatingHistoryPoint } from './chart.js';
export { renderLeaderboard, pageHref, type LeaderboardEntryView, type LeaderboardView } from './leaderboard.js';
export { renderPlayer, renderNotFound, type PlayerPageView, type PlayerSummaryView, type RecentGameView, type GameOutcome } from './player.js';
