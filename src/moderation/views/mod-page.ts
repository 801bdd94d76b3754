/**
 * The moderator page, rendered on the server: a shell at /mod (no data: the page's script fetches
 * the panels with the moderator's token) and two HTML panels for moderators only, the overview
 * (open reports, the players furthest outside their band) and one player's view (statistics,
 * move times, analysed games, reports, the audit log and the actions).
 */
import { escapeHtml, formatDate, formatInt, isoDate, playerHref } from '../../pages/views/format.js';
import { layout } from '../../pages/views/layout.js';
import { MOD_ACTIONS } from '../domain/moderation.js';
import type { AuditEntryDto, ModPlayerViewDto, OutliersDto, ReportDto, StatisticsDto } from '../dto/moderation.dto.js';
import { moderationMessage as t, type ModerationMessageKey } from '../messages.en.js';

const e = escapeHtml;
const pct = (x: number | null): string => (x === null ? '—' : `${(x * 100).toFixed(1)} %`);
const discs = (x: number | null): string => (x === null ? '—' : x.toFixed(2));
const num = (x: number | null, digits = 2): string => (x === null ? '—' : x.toFixed(digits));
const modPlayerHref = (username: string): string => `/mod?player=${encodeURIComponent(username)}`;
const replayHref = (gameId: string): string => `/play/${encodeURIComponent(gameId)}`;

/** The shell: the script fills #mod-root with a panel. */
export function renderModShell(): string {
  const body = [
    '<section class="mod" id="mod-root" data-testid="mod-root">',
    `<h1>${e(t('mod.title'))}</h1>`,
    `<p class="subtle" data-testid="mod-status" role="status">${e(t('mod.loading'))}</p>`,
    '</section>',
  ].join('\n');
  return layout(t('mod.title'), body);
}

function reportRows(reports: readonly ReportDto[], withReported: boolean): string {
  return reports
    .map(
      (r) =>
        `<tr data-testid="report-row"><td>${formatDate(r.createdAt)}</td><td><a href="${e(playerHref(r.reporter))}">${e(r.reporter)}</a></td>` +
        (withReported ? `<td><a href="${e(modPlayerHref(r.reported))}" data-mod-player="${e(r.reported)}">${e(r.reported)}</a></td>` : '') +
        `<td>${e(r.reason)}</td><td>${e(r.text ?? '')}</td><td><a href="${e(replayHref(r.gameId))}">${e(r.gameId.slice(0, 8))}</a></td>` +
        (withReported ? '' : `<td>${e(t(r.status === 'open' ? 'mod.reports.open' : 'mod.reports.closed'))}</td>`) +
        '</tr>',
    )
    .join('');
}

function reportsTable(reports: readonly ReportDto[], withReported: boolean, testid: string): string {
  const head =
    `<th scope="col">${e(t('mod.reports.when'))}</th><th scope="col">${e(t('mod.reports.reporter'))}</th>` +
    (withReported ? `<th scope="col">${e(t('mod.reports.reported'))}</th>` : '') +
    `<th scope="col">${e(t('mod.reports.reason'))}</th><th scope="col">${e(t('mod.reports.text'))}</th><th scope="col">${e(t('mod.reports.game'))}</th>` +
    (withReported ? '' : `<th scope="col">${e(t('mod.reports.status'))}</th>`);
  return `<div class="table-wrap"><table class="mod-table" data-testid="${testid}"><thead><tr>${head}</tr></thead><tbody>${reportRows(reports, withReported)}</tbody></table></div>`;
}

function figure(value: string, median: number | undefined, fmt: (x: number) => string): string {
  return median === undefined ? value : `${value} <span class="subtle">(${e(t('mod.median', { median: fmt(median) }))})</span>`;
}

function statisticsCells(s: StatisticsDto): string {
  const m = s.band.metrics;
  return (
    `<td class="num">${figure(pct(s.exact.bestShare), m.exactBestShare?.median, (x) => pct(x))}<br><span class="subtle">${e(t('mod.moves', { moves: s.exact.moves }))}</span></td>` +
    `<td class="num">${figure(discs(s.exact.meanLoss), m.exactMeanLoss?.median, (x) => discs(x))}</td>` +
    `<td class="num">${figure(pct(s.estimated.bestShare), m.estimatedBestShare?.median, (x) => pct(x))}<br><span class="subtle">${e(t('mod.moves', { moves: s.estimated.moves }))}</span></td>` +
    `<td class="num">${figure(discs(s.estimated.meanLoss), m.estimatedMeanLoss?.median, (x) => discs(x))}</td>`
  );
}

const STAT_HEADS: ModerationMessageKey[] = ['mod.exactBest', 'mod.exactLoss', 'mod.estimatedBest', 'mod.estimatedLoss'];

/** Open reports and the players furthest outside their rating band. */
export function renderModOverview(reports: readonly ReportDto[], outliers: OutliersDto): string {
  const parts = [`<h2>${e(t('mod.reports.heading'))}</h2>`];
  parts.push(reports.length === 0 ? `<p class="card empty" data-testid="reports-empty">${e(t('mod.reports.empty'))}</p>` : reportsTable(reports, true, 'open-reports'));
  parts.push(`<h2>${e(t('mod.outliers.heading'))}</h2>`, `<p class="subtle">${e(t('mod.outliers.note'))}</p>`);
  if (outliers.players.length === 0) {
    parts.push(`<p class="card empty" data-testid="outliers-empty">${e(t('mod.outliers.empty'))}</p>`);
  } else {
    const head = ['mod.player', 'mod.rating', 'mod.score', 'mod.band', 'mod.games', ...STAT_HEADS].map((k) => `<th scope="col">${e(t(k as ModerationMessageKey))}</th>`).join('');
    const rows = outliers.players
      .map(
        (o) =>
          `<tr data-testid="outlier-row"><td><a href="${e(modPlayerHref(o.username))}" data-mod-player="${e(o.username)}">${e(o.username)}</a></td>` +
          `<td class="num">${formatInt(o.rating)}</td><td class="num" data-testid="outlier-score">${num(o.statistics.score)}</td>` +
          `<td>${formatInt(o.statistics.band.from)}–${formatInt(o.statistics.band.to - 1)}</td><td class="num">${formatInt(o.statistics.games)}</td>` +
          `${statisticsCells(o.statistics)}</tr>`,
      )
      .join('');
    parts.push(`<div class="table-wrap"><table class="mod-table" data-testid="outliers"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`);
  }
  return parts.join('\n');
}

function auditTable(log: readonly AuditEntryDto[]): string {
  if (log.length === 0) return `<p class="card empty" data-testid="audit-empty">${e(t('mod.player.audit.empty'))}</p>`;
  const head = ['mod.player.audit.when', 'mod.player.audit.who', 'mod.player.audit.action', 'mod.player.audit.reason']
    .map((k) => `<th scope="col">${e(t(k as ModerationMessageKey))}</th>`)
    .join('');
  const rows = log
    .map(
      (a) =>
        `<tr data-testid="audit-row"><td>${formatDate(a.createdAt)}</td><td>${e(a.moderator ?? t('mod.player.audit.command'))}</td>` +
        `<td data-testid="audit-action">${e(t(`mod.action.${a.action}` as ModerationMessageKey))}</td><td>${e(a.reason)}</td></tr>`,
    )
    .join('');
  return `<div class="table-wrap"><table class="mod-table" data-testid="audit-log"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** One player: marks, statistics, move times, analysed games, reports, the audit log and the actions. */
export function renderModPlayer(v: ModPlayerViewDto): string {
  const p = v.player;
  const marks = [
    p.engineMarkedAt ? `<p class="notice" data-testid="mark-engine">${e(t('mod.player.marks.engine', { date: isoDate(p.engineMarkedAt) ?? '' }))}</p>` : '',
    p.closedAt ? `<p class="notice" data-testid="mark-closed">${e(t('mod.player.marks.closed', { date: isoDate(p.closedAt) ?? '' }))}</p>` : '',
    p.moderator ? `<p class="badge">${e(t('mod.player.marks.moderator'))}</p>` : '',
  ].join('');
  const s = v.statistics;
  const statHead = ['mod.score', 'mod.band', 'mod.games', ...STAT_HEADS].map((k) => `<th scope="col">${e(t(k as ModerationMessageKey))}</th>`).join('');
  const stats =
    `<div class="table-wrap"><table class="mod-table" data-testid="player-statistics"><thead><tr>${statHead}</tr></thead><tbody><tr>` +
    `<td class="num" data-testid="player-score">${num(s.score)}</td><td>${formatInt(s.band.from)}–${formatInt(s.band.to - 1)}</td>` +
    `<td class="num">${formatInt(s.games)}</td>${statisticsCells(s)}</tr></tbody></table></div>`;
  const times =
    v.moveTimes.moves === 0
      ? `<p class="subtle">${e(t('mod.times.none'))}</p>`
      : `<p data-testid="move-times">${e(
          t('mod.times.summary', { moves: v.moveTimes.moves, mean: num(v.moveTimes.meanSeconds, 1), median: num(v.moveTimes.medianSeconds, 1), variation: num(v.moveTimes.variation) }),
        )}</p>`;
  const gameHead = ['mod.player.games.finished', 'mod.player.games.color', 'mod.player.games.counted', 'mod.player.games.bestShare', 'mod.player.games.meanLoss', 'mod.player.games.errors', 'mod.player.games.replay']
    .map((k) => `<th scope="col">${e(t(k as ModerationMessageKey))}</th>`)
    .join('');
  const games =
    v.recentGames.length === 0
      ? `<p class="card empty">${e(t('mod.player.games.empty'))}</p>`
      : `<div class="table-wrap"><table class="mod-table" data-testid="analysed-games"><thead><tr>${gameHead}</tr></thead><tbody>${v.recentGames
          .map(
            (g) =>
              `<tr><td>${formatDate(g.finishedAt)}</td><td>${e(g.color)}</td><td class="num">${g.summary.counted}</td><td class="num">${pct(g.summary.bestShare)}</td>` +
              `<td class="num">${discs(g.summary.meanLoss)}</td><td class="num">${g.summary.inaccuracies}/${g.summary.mistakes}/${g.summary.blunders}</td>` +
              `<td><a href="${e(replayHref(g.gameId))}" data-testid="replay-link">${e(t('mod.player.games.replay'))}</a></td></tr>`,
          )
          .join('')}</tbody></table></div>`;
  const reports = v.reports.length === 0 ? `<p class="card empty">${e(t('mod.player.reports.empty'))}</p>` : reportsTable(v.reports, false, 'player-reports');
  const options = MOD_ACTIONS.map((a) => `<option value="${a}">${e(t(`mod.actions.${a}` as ModerationMessageKey))}</option>`).join('');
  const actions =
    `<form class="card mod-actions" data-testid="mod-actions" data-mod-action="${e(p.username)}">` +
    `<label for="mod-action">${e(t('mod.actions.action'))}</label><select id="mod-action" name="action">${options}</select>` +
    `<label for="mod-reason">${e(t('mod.actions.reason'))}</label><input id="mod-reason" name="reason" required maxlength="500">` +
    `<button type="submit">${e(t('mod.actions.heading'))}</button>` +
    '<p class="subtle" role="status" data-testid="mod-action-status"></p>' +
    '</form>';
  return [
    `<p><a href="/mod" data-mod-home>${e(t('mod.back'))}</a></p>`,
    `<h2 data-testid="mod-player-name">${e(t('mod.player.heading', { name: p.username }))} <a class="subtle" href="${e(playerHref(p.username))}">${formatInt(p.rating)}</a></h2>`,
    marks,
    `<h3>${e(t('mod.player.stats.heading'))}</h3>`,
    stats,
    `<h3>${e(t('mod.times.heading'))}</h3>`,
    times,
    `<h3>${e(t('mod.player.games.heading'))}</h3>`,
    games,
    `<h3>${e(t('mod.player.reports.heading'))}</h3>`,
    reports,
    `<h3>${e(t('mod.actions.heading'))}</h3>`,
    actions,
    `<h3>${e(t('mod.player.audit.heading'))}</h3>`,
    auditTable(v.auditLog),
  ].join('\n');
}
