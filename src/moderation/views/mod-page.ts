/**
 * The moderator page, rendered on the server in the request's language: a shell at /mod (no data:
 * the page's script fetches the panels with the moderator's token) and two HTML panels for
 * moderators only, the overview (open reports, the players furthest outside their band) and one
 * player's view (statistics, move times, analysed games, reports, the audit log and the actions).
 * Every text comes from the catalogues' `mod` section.
 */
import type { MessageKey } from '../../i18n/keys.js';
import { DASH, escapeHtml, formatDate, formatInt, formatWhen, playerHref, replayHref } from '../../pages/views/format.js';
import { layout, type PageContext } from '../../pages/views/layout.js';
import { MOD_ACTIONS } from '../domain/moderation.js';
import type { SandbaggerReport } from '../../fair-play/flagged.js';
import { type BoostReport, DEFAULT_BOOST_RULE } from '../../fair-play/domain/boosting.js';
import type { AuditEntryDto, ModPlayerViewDto, OutliersDto, ReportDto, StatisticsDto } from '../dto/moderation.dto.js';

const e = escapeHtml;
const modPlayerHref = (username: string): string => `/mod?player=${encodeURIComponent(username)}`;

/** Numbers as the page's language writes them (Latin digits everywhere, see docs/languages.md). */
function formats(page: PageContext) {
  const n = (x: number | null, digits: number): string =>
    x === null ? DASH : page.t.number(x, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return {
    pct: (x: number | null): string => (x === null ? DASH : page.t.number(x, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })),
    discs: (x: number | null): string => n(x, 2),
    num: n,
  };
}

const th = (page: PageContext, key: MessageKey): string => `<th scope="col">${page.t.html(key)}</th>`;

/** The shell: the script fills #mod-root with a panel. */
export function renderModShell(page: PageContext): string {
  const body = [
    '<section class="mod" id="mod-root" data-testid="mod-root">',
    `<h1>${page.t.html('mod.title')}</h1>`,
    `<p class="subtle" data-testid="mod-status" data-part="status" role="status">${page.t.html('mod.loading')}</p>`,
    '</section>',
  ].join('\n');
  return layout(page, page.t.t('mod.title'), body);
}

function reportRows(page: PageContext, reports: readonly ReportDto[], withReported: boolean): string {
  const { t } = page;
  return reports
    .map(
      (r) =>
        `<tr data-testid="report-row"><td>${formatDate(r.createdAt, t)}</td><td><a href="${e(playerHref(r.reporter))}">${e(r.reporter)}</a></td>` +
        (withReported ? `<td><a href="${e(modPlayerHref(r.reported))}" data-mod-player="${e(r.reported)}">${e(r.reported)}</a></td>` : '') +
        `<td>${t.html('mod.reason', { reason: r.reason })}</td><td>${e(r.text ?? '')}</td><td><a href="${e(replayHref(r.gameId))}">${e(r.gameId.slice(0, 8))}</a></td>` +
        (withReported ? '' : `<td>${t.html('mod.status', { status: r.status })}</td>`) +
        '</tr>',
    )
    .join('');
}

function reportsTable(page: PageContext, reports: readonly ReportDto[], withReported: boolean, testid: string): string {
  const keys: MessageKey[] = ['mod.colFiled', 'mod.colReporter', ...(withReported ? ['mod.colReported' as const] : []), 'mod.colReason', 'mod.colDetails', 'mod.colGame', ...(withReported ? [] : ['mod.colStatus' as const])];
  const head = keys.map((k) => th(page, k)).join('');
  return `<div class="table-wrap"><table class="mod-table" data-testid="${testid}"><thead><tr>${head}</tr></thead><tbody>${reportRows(page, reports, withReported)}</tbody></table></div>`;
}

function statisticsCells(page: PageContext, s: StatisticsDto): string {
  const { pct, discs } = formats(page);
  const m = s.band.metrics;
  const figure = (value: string, median: number | undefined, fmt: (x: number) => string): string =>
    median === undefined ? value : `${value} <span class="subtle">(${page.t.html('mod.median', { median: fmt(median) })})</span>`;
  const moves = (count: number) => `<br><span class="subtle">${page.t.html('mod.moves', { moves: count })}</span>`;
  return (
    `<td class="num">${figure(pct(s.exact.bestShare), m.exactBestShare?.median, pct)}${moves(s.exact.moves)}</td>` +
    `<td class="num">${figure(discs(s.exact.meanLoss), m.exactMeanLoss?.median, discs)}</td>` +
    `<td class="num">${figure(pct(s.estimated.bestShare), m.estimatedBestShare?.median, pct)}${moves(s.estimated.moves)}</td>` +
    `<td class="num">${figure(discs(s.estimated.meanLoss), m.estimatedMeanLoss?.median, discs)}</td>`
  );
}

const STAT_HEADS: MessageKey[] = ['mod.colExactBest', 'mod.colExactLoss', 'mod.colEstimatedBest', 'mod.colEstimatedLoss'];
const band = (s: StatisticsDto): string => `${formatInt(s.band.from)}–${formatInt(s.band.to - 1)}`;

/** Open reports and the players furthest outside their rating band. */
/** The accounts flagged for sandbagging, each with who gained from its cheap losses. */
function flaggedSection(page: PageContext, flagged: readonly SandbaggerReport[]): string {
  const { t } = page;
  const parts = [`<h2>${t.html('mod.flaggedTitle')}</h2>`, `<p class="subtle">${t.html('mod.flaggedNote')}</p>`];
  if (flagged.length === 0) return [...parts, `<p class="card empty" data-testid="flagged-empty">${t.html('mod.flaggedEmpty')}</p>`].join('\n');
  const keys: MessageKey[] = ['mod.colPlayer', 'mod.colCheapLosses', 'mod.colCooldownUntil', 'mod.colGained'];
  const rows = flagged
    .map(
      (f) =>
        `<tr data-testid="flagged-row"><td><a href="${e(modPlayerHref(f.player.username))}" data-mod-player="${e(f.player.username)}">${e(f.player.username)}</a></td>` +
        `<td class="num">${t.html('mod.cheapLosses', { cheap: f.cheapLosses, losses: f.losses })}</td>` +
        `<td>${f.cooldownUntil ? formatDate(f.cooldownUntil.toISOString(), t) : t.html('mod.cooldownOver')}</td>` +
        `<td data-testid="flagged-gained">${f.beneficiaries.map((b) => `<a href="${e(playerHref(b.username))}">${t.html('mod.gained', { username: b.username, points: Math.round(b.points), games: b.games })}</a>`).join(', ')}</td></tr>`,
    )
    .join('');
  const head = keys.map((k) => th(page, k)).join('');
  return [...parts, `<div class="table-wrap"><table class="mod-table" data-testid="flagged"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`].join('\n');
}

/** The boosting detector's accounts, each with the new accounts that lost to it (its feeders). */
function boostersSection(page: PageContext, boosters: readonly BoostReport[], days: number): string {
  const { t } = page;
  const parts = [`<h2>${t.html('mod.boostersTitle')}</h2>`, `<p class="subtle">${t.html('mod.boostersNote', { days })}</p>`];
  if (boosters.length === 0) return [...parts, `<p class="card empty" data-testid="boosters-empty">${t.html('mod.boostersEmpty')}</p>`].join('\n');
  const keys: MessageKey[] = ['mod.colPlayer', 'mod.colScore', 'mod.colFedWins', 'mod.colFeeders'];
  const rows = boosters
    .map(
      (b) =>
        `<tr data-testid="booster-row"><td><a href="${e(modPlayerHref(b.player.username))}" data-mod-player="${e(b.player.username)}">${e(b.player.username)}</a></td>` +
        `<td class="num">${formats(page).num(b.score, 2)}</td>` +
        `<td class="num">${t.html('mod.cheapLosses', { cheap: b.fedWins, losses: b.wins })}</td>` +
        `<td data-testid="booster-feeders">${b.feeders
          .map((f) => `<a href="${e(modPlayerHref(f.username))}" data-mod-player="${e(f.username)}">${t.html('mod.gained', { username: f.username, points: Math.round(f.points), games: f.games })}</a>`)
          .join(', ')}</td></tr>`,
    )
    .join('');
  const head = keys.map((k) => th(page, k)).join('');
  return [...parts, `<div class="table-wrap"><table class="mod-table" data-testid="boosters"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`].join('\n');
}

/** Which page of the report queue (its reported players) the overview shows. */
export interface ReportsPaging {
  page: number;
  limit: number;
  total: number;
}

/** Links to the queue's previous and next pages (/mod?page=…), and which reported players this page holds. */
function reportsPager(page: PageContext, paging: ReportsPaging): string {
  const { t } = page;
  const pages = Math.max(1, Math.ceil(paging.total / paging.limit));
  if (pages <= 1 && paging.page <= 1) return '';
  const link = (n: number, rel: 'prev' | 'next', key: MessageKey) =>
    `<a rel="${rel}" data-testid="reports-${rel}" href="${e(`/mod?page=${n}`)}">${t.html(key)}</a>`;
  const off = (key: MessageKey) => `<span class="disabled" aria-disabled="true">${t.html(key)}</span>`;
  const from = Math.min(paging.total, (paging.page - 1) * paging.limit + 1);
  const to = Math.min(paging.total, paging.page * paging.limit);
  return (
    `<nav class="pager" data-testid="reports-pager" aria-label="${e(t.t('mod.reportsTitle'))}">` +
    (paging.page > 1 ? link(paging.page - 1, 'prev', 'leaderboard.previous') : off('leaderboard.previous')) +
    ` <span data-testid="reports-page">${t.html('mod.reportsPage', { from, to, total: paging.total })}</span> ` +
    (paging.page < pages ? link(paging.page + 1, 'next', 'leaderboard.next') : off('leaderboard.next')) +
    '</nav>'
  );
}

export function renderModOverview(
  page: PageContext, reports: readonly ReportDto[], outliers: OutliersDto, flagged: readonly SandbaggerReport[] = [], boosters: readonly BoostReport[] = [],
  paging: ReportsPaging | null = null, boostDays = DEFAULT_BOOST_RULE.recentDays,
): string {
  const { t } = page;
  const { num } = formats(page);
  const parts = [`<h2>${t.html('mod.reportsTitle')}</h2>`];
  parts.push(reports.length === 0 ? `<p class="card empty" data-testid="reports-empty">${t.html('mod.reportsEmpty')}</p>` : reportsTable(page, reports, true, 'open-reports'));
  if (paging) parts.push(reportsPager(page, paging));
  parts.push(`<h2>${t.html('mod.outliersTitle')}</h2>`, `<p class="subtle">${t.html('mod.outliersNote')}</p>`);
  if (outliers.players.length === 0) {
    parts.push(`<p class="card empty" data-testid="outliers-empty">${t.html('mod.outliersEmpty')}</p>`);
  } else {
    const keys: MessageKey[] = ['mod.colPlayer', 'mod.colRating', 'mod.colScore', 'mod.colBand', 'mod.colGames', ...STAT_HEADS];
    const head = keys.map((k) => th(page, k)).join('');
    const rows = outliers.players
      .map(
        (o) =>
          `<tr data-testid="outlier-row"><td><a href="${e(modPlayerHref(o.username))}" data-mod-player="${e(o.username)}">${e(o.username)}</a></td>` +
          `<td class="num">${formatInt(o.rating)}</td><td class="num" data-testid="outlier-score">${num(o.statistics.score, 2)}</td>` +
          `<td>${band(o.statistics)}</td><td class="num">${formatInt(o.statistics.games)}</td>` +
          `${statisticsCells(page, o.statistics)}</tr>`,
      )
      .join('');
    parts.push(`<div class="table-wrap"><table class="mod-table" data-testid="outliers"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`);
  }
  parts.push(flaggedSection(page, flagged));
  parts.push(boostersSection(page, boosters, boostDays));
  return parts.join('\n');
}

/** The audit log's action names: the two role changes of the command go by shorter select keys. */
const auditAction = (action: AuditEntryDto['action']): string => (action === 'grant-moderator' ? 'grant' : action === 'revoke-moderator' ? 'revoke' : action);

function auditTable(page: PageContext, log: readonly AuditEntryDto[]): string {
  const { t } = page;
  if (log.length === 0) return `<p class="card empty" data-testid="audit-empty">${t.html('mod.auditEmpty')}</p>`;
  const head = (['mod.colWhen', 'mod.colWho', 'mod.colAction', 'mod.colWhy'] as const).map((k) => th(page, k)).join('');
  const rows = log
    .map(
      (a) =>
        `<tr data-testid="audit-row"><td>${formatDate(a.createdAt, t)}</td><td>${a.moderator === null ? t.html('mod.byCommand') : e(a.moderator)}</td>` +
        `<td data-testid="audit-action" data-action="${e(a.action)}">${t.html('mod.action', { action: auditAction(a.action) })}</td><td>${e(a.reason)}${a.message === null ? '' : `<br><span class="subtle" data-testid="audit-message">${t.html('mod.toPlayer', { message: a.message })}</span>`}</td></tr>`,
    )
    .join('');
  return `<div class="table-wrap"><table class="mod-table" data-testid="audit-log"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** One player: marks, statistics, move times, analysed games, reports, the audit log and the actions. */
export function renderModPlayer(page: PageContext, v: ModPlayerViewDto): string {
  const { t } = page;
  const { pct, discs, num } = formats(page);
  const p = v.player;
  const date = (iso: string) => ({ date: () => formatDate(iso, t) });
  const marks = [
    p.engineMarkedAt ? `<p class="notice" data-testid="mark-engine">${t.html('mod.markedEngine', {}, date(p.engineMarkedAt))}</p>` : '',
    p.closedAt ? `<p class="notice" data-testid="mark-closed">${t.html('mod.markedClosed', {}, date(p.closedAt))}</p>` : '',
    p.moderator ? `<p class="badge">${t.html('mod.moderatorBadge')}</p>` : '',
  ].join('');
  const s = v.statistics;
  const statHead = (['mod.colScore', 'mod.colBand', 'mod.colGames', ...STAT_HEADS] as MessageKey[]).map((k) => th(page, k)).join('');
  const stats =
    `<div class="table-wrap"><table class="mod-table" data-testid="player-statistics"><thead><tr>${statHead}</tr></thead><tbody><tr>` +
    `<td class="num" data-testid="player-score">${num(s.score, 2)}</td><td>${band(s)}</td>` +
    `<td class="num">${formatInt(s.games)}</td>${statisticsCells(page, s)}</tr></tbody></table></div>`;
  const mt = v.moveTimes;
  const times =
    mt.moves === 0
      ? `<p class="subtle">${t.html('mod.timesNone')}</p>`
      : `<p data-testid="move-times">${t.html('mod.timesSummary', { moves: formatInt(mt.moves), mean: num(mt.meanSeconds, 1), median: num(mt.medianSeconds, 1), variation: num(mt.variation, 2) })}</p>`;
  const gameHead = (['mod.colFinished', 'mod.colOpponent', 'mod.colColour', 'mod.colMoves', 'mod.colBest', 'mod.colMeanLoss', 'mod.colErrors', 'mod.replay'] as const).map((k) => th(page, k)).join('');
  const games =
    v.recentGames.length === 0
      ? `<p class="card empty">${t.html('mod.gamesEmpty')}</p>`
      : `<div class="table-wrap"><table class="mod-table" data-testid="analysed-games"><thead><tr>${gameHead}</tr></thead><tbody>${v.recentGames
          .map(
            (g) =>
              `<tr data-testid="analysed-game"><td>${formatWhen(g.finishedAt, t)}</td><td>${g.opponent === null ? DASH : `<a href="${e(modPlayerHref(g.opponent))}" data-mod-player="${e(g.opponent)}">${e(g.opponent)}</a>`}</td><td>${t.html('mod.colour', { colour: g.color })}</td><td class="num">${formatInt(g.summary.counted)}</td><td class="num">${pct(g.summary.bestShare)}</td>` +
              `<td class="num">${discs(g.summary.meanLoss)}</td><td class="num">${g.summary.inaccuracies}/${g.summary.mistakes}/${g.summary.blunders}</td>` +
              `<td><a href="${e(replayHref(g.gameId))}" data-testid="replay-link">${t.html('mod.replay')}</a></td></tr>`,
          )
          .join('')}</tbody></table></div>`;
  const reports = v.reports.length === 0 ? `<p class="card empty">${t.html('mod.playerReportsEmpty')}</p>` : reportsTable(page, v.reports, false, 'player-reports');
  // No action is chosen until the moderator chooses one (the form says so in the page's language:
  // novalidate keeps the browser's own bubble, in the browser's language, away).
  const options =
    `<option value="" selected>${t.html('mod.actionChoose')}</option>` +
    MOD_ACTIONS.map((a) => `<option value="${a}">${t.html('mod.actionOption', { action: a })}</option>`).join('');
  const actions =
    `<form class="card mod-actions" data-testid="mod-actions" data-part="action-form" data-mod-action="${e(p.username)}" novalidate>` +
    `<label for="mod-action">${t.html('mod.actionField')}</label><select id="mod-action" name="action" required>${options}</select>` +
    `<label for="mod-reason">${t.html('mod.reasonField')}</label><input id="mod-reason" name="reason" required maxlength="500">` +
    // The warning's own words: the reason above stays the moderators' note.
    `<label for="mod-message">${t.html('mod.messageField')}</label><textarea id="mod-message" name="message" maxlength="500" rows="2"></textarea>` +
    `<button type="submit" class="pl-btn pl-btn-primary">${t.html('mod.actionsTitle')}</button>` +
    '<p class="subtle" role="status" data-part="action-status" data-testid="mod-action-status"></p>' +
    '</form>';
  return [
    `<p><a href="/mod" data-mod-home>${t.html('mod.back')}</a></p>`,
    `<h2 data-testid="mod-player-name">${t.html('mod.playerTitle', { name: p.username })} <a class="subtle" href="${e(playerHref(p.username))}">${formatInt(p.rating)}</a></h2>`,
    marks,
    `<h3>${t.html('mod.statsTitle')}</h3>`,
    stats,
    `<h3>${t.html('mod.timesTitle')}</h3>`,
    times,
    `<h3>${t.html('mod.gamesTitle')}</h3>`,
    games,
    `<h3>${t.html('mod.playerReportsTitle')}</h3>`,
    reports,
    `<h3>${t.html('mod.actionsTitle')}</h3>`,
    actions,
    `<h3>${t.html('mod.auditTitle')}</h3>`,
    auditTable(page, v.auditLog),
  ].join('\n');
}
