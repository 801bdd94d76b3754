export { escapeHtml, formatDate, formatDelta, formatInt, formatRating, formatRecord, isoDate, isoTime, playerHref, replayHref, transcriptHref, formatWhen, relativeParts } from './format.js';
export { layout, languageHref, LOGO_SVG, NAV_LINKS, type NavKey, type PageContext } from './layout.js';
export { renderRatingChart, niceStep, yTicks, xAxisLabels, CHART, type XLabelKind, type RatingHistoryPoint } from './chart.js';
export { renderLeaderboard, pageHref, ruleHtml, type LeaderboardEntryView, type LeaderboardRuleView, type LeaderboardView } from './leaderboard.js';
export { renderHomeHero } from './home.js';
export { renderErrorPage, renderNotFoundPage } from './error.js';
export { renderPlayer, renderNotFound, type PlayerPageView, type PlayerSummaryView, type RecentGameView, type GameOutcome } from './player.js';
