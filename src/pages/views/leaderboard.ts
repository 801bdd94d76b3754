import { escapeHtml, formatInt, formatRating, formatWhen, playerHref } from './format.js';
import { renderHomeHero } from './home.js';
import { ratingHelpHtml, ratingHtml } from './rating.js';
import { layout, type PageContext } from './layout.js';

export interface LeaderboardEntryView {
  rank: number;
  username: string;
  rating: number;
  rd: number;
  provisional: boolean;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** ISO time of the player's last rated game. */
  lastActiveAt: string | null;
}

/** The leaderboard's rule, from the server's configuration (what the page states). */
export interface LeaderboardRuleView {
  minGames: number;
  activeDays: number;
  /** RD below which a rating is settled. */
  provisionalRd: number;
  /** A new player's RD. */
  initialRd: number;
  /** About how many rated games take a new player's RD below provisionalRd (../../leaderboard/domain/progress.ts). */
  newcomerGames: number;
}

export interface LeaderboardView {
  entries: LeaderboardEntryView[];
  total: number;
  limit: number;
  offset: number;
  rule?: LeaderboardRuleView;
}

/** Relative link to another page of the leaderboard (works under both / and /leaderboard). */
export function pageHref(limit: number, offset: number): string {
  return `?limit=${limit}&offset=${offset}`;
}

function sanitizePaging(view: LeaderboardView): { limit: number; offset: number; total: number } {
  const limit = Number.isFinite(view.limit) && view.limit >= 1 ? Math.floor(view.limit) : 50;
  const offset = Number.isFinite(view.offset) && view.offset > 0 ? Math.floor(view.offset) : 0;
  const total = Number.isFinite(view.total) && view.total > 0 ? Math.floor(view.total) : 0;
  return { limit, offset, total };
}

function renderRecord(e: LeaderboardEntryView): string {
  return `<span class="w">${formatInt(e.wins)}</span>–<span class="d">${formatInt(e.draws)}</span>–<span class="l">${formatInt(e.losses)}</span>`;
}

function renderRow(page: PageContext, e: LeaderboardEntryView): string {
  const name = escapeHtml(e.username);
  const rating = ratingHtml(page, e);
  return (
    `<tr data-testid="leaderboard-row" data-username="${name}" data-rank="${formatInt(e.rank)}">` +
    `<td class="rank num" data-testid="rank">${formatInt(e.rank)}</td>` +
    `<td class="name" data-testid="username"><a href="${escapeHtml(playerHref(e.username))}">${name}</a></td>` +
    `<td class="num" data-testid="rating" data-value="${formatRating(e.rating, e.provisional)}">${rating}</td>` +
    `<td class="num hide-sm" data-testid="rd">${formatInt(e.rd)}</td>` +
    `<td class="num hide-sm" data-testid="games">${formatInt(e.games)}</td>` +
    `<td class="num record" data-testid="record">${renderRecord(e)}</td>` +
    `<td class="hide-sm" data-testid="last-active">${formatWhen(e.lastActiveAt, page.t)}</td>` +
    '</tr>'
  );
}

function renderPager(page: PageContext, limit: number, offset: number, total: number): string {
  const { t } = page;
  const hasPrev = offset > 0;
  const hasNext = offset + limit < total;
  if (!hasPrev && !hasNext) return '';
  const prev = hasPrev
    ? `<a rel="prev" data-testid="prev-page" href="${escapeHtml(pageHref(limit, Math.max(0, offset - limit)))}">${t.html('leaderboard.previous')}</a>`
    : `<span class="disabled" aria-disabled="true">${t.html('leaderboard.previous')}</span>`;
  const next = hasNext
    ? `<a rel="next" data-testid="next-page" href="${escapeHtml(pageHref(limit, offset + limit))}">${t.html('leaderboard.next')}</a>`
    : `<span class="disabled" aria-disabled="true">${t.html('leaderboard.next')}</span>`;
  const current = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    `<nav class="pager" aria-label="${escapeHtml(t.t('leaderboard.pagesLabel'))}" data-testid="pager">${prev}` +
    `<span class="muted">${t.html('leaderboard.page', { page: current, pages })}</span>${next}</nav>`
  );
}

/** The rule that puts a player on the leaderboard, with this server's values. */
export function ruleHtml(page: PageContext, rule: LeaderboardRuleView | undefined): string {
  if (!rule) return '';
  const { t } = page;
  return (
    '<section class="card leaderboard-rule" id="leaderboard-rule" data-testid="leaderboard-rule" aria-labelledby="leaderboard-rule-title">' +
    `<h2 id="leaderboard-rule-title">${t.html('leaderboard.ruleTitle')}</h2>` +
    `<p>${t.html('leaderboard.rule', { minGames: rule.minGames, activeDays: rule.activeDays, rd: formatInt(rule.provisionalRd) })}</p>` +
    `<p class="subtle">${t.html('leaderboard.ruleRd', { initialRd: formatInt(rule.initialRd), rd: formatInt(rule.provisionalRd), count: rule.newcomerGames })}</p>` +
    ratingHelpHtml(page, 'rating-help') +
    '</section>'
  );
}

/**
 * The leaderboard page: one row per ranked player, paging links, an empty state. As the home
 * page (`home`), "Play now" and the live games come first.
 */
export function renderLeaderboard(page: PageContext, view: LeaderboardView, options: { home?: boolean } = {}): string {
  const { t } = page;
  const { limit, offset, total } = sanitizePaging(view);
  const entries = view.entries ?? [];
  const heading = t.html('leaderboard.title');
  // The home page: what this is and the ways in first; the leaderboard follows under an h2.
  const parts: string[] = options.home ? [renderHomeHero(page), `<h2 class="home-leaderboard" id="leaderboard">${heading}</h2>`] : [`<h1>${heading}</h1>`];
  const title = t.t(options.home ? 'home.title' : 'leaderboard.title');
  const nav = options.home ? 'home' : 'leaderboard';
  if (!options.home) parts.push(ruleHtml(page, view.rule));

  if (entries.length === 0) {
    if (total > 0) {
      parts.push(
        `<p class="subtle">${t.html('leaderboard.rankedPlayers', { count: total })}</p>`,
        `<div class="card empty" data-testid="leaderboard-empty">${t.html('leaderboard.emptyPage', {}, { first: (c) => `<a href="${escapeHtml(pageHref(limit, 0))}">${c}</a>` })}</div>`,
      );
    } else {
      parts.push(
        `<div class="card empty" data-testid="leaderboard-empty"><p><strong>${t.html('leaderboard.emptyTitle')}</strong></p>` +
          `<p>${t.html('leaderboard.emptyText')}</p></div>`,
      );
    }
    parts.push(renderPager(page, limit, offset, total));
    return layout(page, title, parts.join('\n'), nav);
  }

  const from = offset + 1;
  const to = offset + entries.length;
  const th = (key: Parameters<typeof t.html>[0]) => t.html(key);
  parts.push(
    `<p class="subtle" data-testid="leaderboard-summary">${t.html('leaderboard.summary', { from: t.number(from), to: t.number(to), total })}</p>`,
    '<div class="table-wrap"><table data-testid="leaderboard">',
    `<thead><tr><th class="num" scope="col">${th('leaderboard.colRank')}</th><th scope="col">${th('leaderboard.colPlayer')}</th><th class="num" scope="col">${th('leaderboard.colRating')}</th>` +
      `<th class="num hide-sm" scope="col" title="${escapeHtml(t.t('common.rdTitle'))}">${th('common.rd')}</th><th class="num hide-sm" scope="col">${th('leaderboard.colGames')}</th>` +
      `<th class="num" scope="col" title="${escapeHtml(t.t('leaderboard.colRecordTitle'))}">${th('leaderboard.colRecord')}</th><th class="hide-sm" scope="col">${th('leaderboard.colLastActive')}</th></tr></thead>`,
    `<tbody>${entries.map((e) => renderRow(page, e)).join('')}</tbody>`,
    '</table></div>',
    renderPager(page, limit, offset, total),
  );
  return layout(page, title, parts.join('\n'), nav);
}
