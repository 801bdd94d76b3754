import { escapeHtml, formatDate, formatInt, formatRating, playerHref } from './format.js';
import { layout, type PageContext } from './layout.js';
import { watchListHtml } from './play.js';

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

export interface LeaderboardView {
  entries: LeaderboardEntryView[];
  total: number;
  limit: number;
  offset: number;
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

function renderRow(e: LeaderboardEntryView): string {
  const name = escapeHtml(e.username);
  const rating = e.provisional
    ? `${formatInt(e.rating)}<span class="provisional" title="Provisional rating (RD ≥ 110)">?</span>`
    : formatInt(e.rating);
  return (
    `<tr data-testid="leaderboard-row" data-username="${name}" data-rank="${formatInt(e.rank)}">` +
    `<td class="rank num" data-testid="rank">${formatInt(e.rank)}</td>` +
    `<td class="name" data-testid="username"><a href="${escapeHtml(playerHref(e.username))}">${name}</a></td>` +
    `<td class="num" data-testid="rating" data-value="${formatRating(e.rating, e.provisional)}">${rating}</td>` +
    `<td class="num hide-sm" data-testid="rd">${formatInt(e.rd)}</td>` +
    `<td class="num hide-sm" data-testid="games">${formatInt(e.games)}</td>` +
    `<td class="num record" data-testid="record">${renderRecord(e)}</td>` +
    `<td class="hide-sm" data-testid="last-active">${formatDate(e.lastActiveAt)}</td>` +
    '</tr>'
  );
}

function renderPager(limit: number, offset: number, total: number): string {
  const hasPrev = offset > 0;
  const hasNext = offset + limit < total;
  if (!hasPrev && !hasNext) return '';
  const prev = hasPrev
    ? `<a rel="prev" data-testid="prev-page" href="${escapeHtml(pageHref(limit, Math.max(0, offset - limit)))}">← Previous</a>`
    : '<span class="disabled" aria-disabled="true">← Previous</span>';
  const next = hasNext
    ? `<a rel="next" data-testid="next-page" href="${escapeHtml(pageHref(limit, offset + limit))}">Next →</a>`
    : '<span class="disabled" aria-disabled="true">Next →</span>';
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  return `<nav class="pager" aria-label="Leaderboard pages" data-testid="pager">${prev}<span class="muted">Page ${page} of ${pages}</span>${next}</nav>`;
}

/** The home page's first screen: "Play now" and the live games to watch (filled by the client). */
export function homeIntroHtml(): string {
  return (
    '<div class="pl-page home-intro" id="home" data-testid="home">' +
    '<section class="pl-card home-play" data-testid="play-now"><h2>Play Reversi now</h2>' +
    '<p>Play a casual game as a guest in one click, or sign in to play ranked games and climb the ladder.</p>' +
    '<div class="pl-row"><a class="pl-btn pl-btn-primary" href="/play" data-testid="play-now-button">Play now</a>' +
    '<a class="pl-btn" href="#leaderboard">Leaderboard</a></div></section>' +
    watchListHtml() +
    '</div>'
  );
}

/**
 * The leaderboard page: one row per ranked player, paging links, an empty state. As the home
 * page (`home`), "Play now" and the live games come first.
 */
export function renderLeaderboard(page: PageContext, view: LeaderboardView, options: { home?: boolean } = {}): string {
  const { limit, offset, total } = sanitizePaging(view);
  const entries = view.entries ?? [];
  const parts: string[] = options.home ? [homeIntroHtml(), '<h1 id="leaderboard">Leaderboard</h1>'] : ['<h1>Leaderboard</h1>'];

  if (entries.length === 0) {
    if (total > 0) {
      parts.push(
        `<p class="subtle">${formatInt(total)} ranked player${total === 1 ? '' : 's'}.</p>`,
        `<div class="card empty" data-testid="leaderboard-empty">No players on this page. <a href="${escapeHtml(pageHref(limit, 0))}">Back to the first page</a>.</div>`,
      );
    } else {
      parts.push(
        '<div class="card empty" data-testid="leaderboard-empty"><p><strong>No ranked players yet.</strong></p>' +
          '<p>Players appear here once they have played enough rated games recently. Queue for a ranked game to get on the board.</p></div>',
      );
    }
    parts.push(renderPager(limit, offset, total));
    return layout(page, 'Leaderboard', parts.join('\n'), 'leaderboard');
  }

  const from = offset + 1;
  const to = offset + entries.length;
  parts.push(
    `<p class="subtle" data-testid="leaderboard-summary">Showing ${formatInt(from)}–${formatInt(to)} of ${formatInt(total)} ranked player${total === 1 ? '' : 's'}. A <strong>?</strong> marks a provisional rating.</p>`,
    '<div class="table-wrap"><table data-testid="leaderboard">',
    '<thead><tr><th class="num" scope="col">#</th><th scope="col">Player</th><th class="num" scope="col">Rating</th>' +
      '<th class="num hide-sm" scope="col" title="Rating deviation">RD</th><th class="num hide-sm" scope="col">Games</th>' +
      '<th class="num" scope="col" title="Wins–draws–losses">W–D–L</th><th class="hide-sm" scope="col">Last active</th></tr></thead>',
    `<tbody>${entries.map(renderRow).join('')}</tbody>`,
    '</table></div>',
    renderPager(limit, offset, total),
  );
  return layout(page, 'Leaderboard', parts.join('\n'), 'leaderboard');
}
