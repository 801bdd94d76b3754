import { renderRatingChart, xAxisLabels, type RatingHistoryPoint } from './chart.js';
import {
  DASH,
  escapeHtml,
  formatDate,
  formatDelta,
  formatWhen,
  formatInt,
  formatRecord,
  playerHref,
  replayHref,
  ggfHref,
  transcriptHref,
} from './format.js';
import type { MessageKey } from '../../i18n/keys.js';
import type { LadderProgress } from '../../leaderboard/domain/progress.js';
import { layout, type PageContext } from './layout.js';
import { ratingHelpHtml, ratingHtml } from './rating.js';

export interface PlayerSummaryView {
  username: string;
  guest: boolean;
  rating: number;
  /** RD shown on the profile (grown for inactivity). */
  rd: number;
  volatility: number;
  provisional: boolean;
  rank: number | null;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  createdAt: string;
  /** Marked as an engine user by a moderator. */
  engineUser?: boolean;
  closed?: boolean;
}

export type GameOutcome = 'win' | 'loss' | 'draw' | 'aborted' | 'active';

export interface RecentGameView {
  id: string | number;
  opponent: string;
  /** The colour this player had. */
  color: 'black' | 'white';
  outcome: GameOutcome;
  discs: { black: number; white: number } | null;
  rated: boolean;
  ratingDelta: number | null;
  finishedAt: string | null;
  /** The id of the opening the game followed (src/openings/domain/openings.ts), or null. */
  opening?: string | null;
}

export interface PlayerPageView {
  player: PlayerSummaryView;
  /** How far the player is from the leaderboard (absent: not shown). */
  ladder?: Pick<LadderProgress, 'listed' | 'guest' | 'gamesToGo'>;
  history: RatingHistoryPoint[];
  recentGames: RecentGameView[];
  /** The list's paging (as the API's `before`): the page of games before `older`, if any; `paged`: this is not the newest page. */
  gamesPaging?: { older: string | null; paged: boolean };
}

function deltaHtml(delta: number | null, rated: boolean): string {
  if (!rated || delta === null || !Number.isFinite(delta)) return DASH;
  const r = Math.round(delta);
  const cls = r > 0 ? 'delta-up' : r < 0 ? 'delta-down' : 'delta-zero';
  return `<span class="${cls}">${formatDelta(delta)}</span>`;
}

const OUTCOMES: readonly GameOutcome[] = ['win', 'loss', 'draw', 'aborted', 'active'];

function renderGameRow(page: PageContext, g: RecentGameView): string {
  const { t } = page;
  const colour = g.color === 'white' ? 'white' : 'black';
  const colourName = t.t(colour === 'black' ? 'common.black' : 'common.white');
  const outcome: GameOutcome = OUTCOMES.includes(g.outcome) ? g.outcome : 'active';
  const discs = g.discs ? `${formatInt(g.discs.black)}–${formatInt(g.discs.white)}` : DASH;
  // The board page replays a finished game (or shows one being played); the plain-text
  // transcript (of the moves so far, for a game still being played) is the secondary link.
  const movesLabel = t.html(outcome === 'active' ? 'player.movesSoFar' : 'player.transcript');
  const replayLabel = t.html(outcome === 'active' ? 'player.watch' : 'player.replay');
  // The phone layout labels the discs and the rating change (CSS shows data-label before them).
  return (
    `<tr data-testid="game-row" data-game-id="${escapeHtml(g.id)}">` +
    `<td class="name g-opp" data-testid="opponent" title="${escapeHtml(g.opponent)}"><a href="${escapeHtml(playerHref(g.opponent))}">${escapeHtml(g.opponent)}</a></td>` +
    `<td class="g-col" data-testid="color" title="${escapeHtml(t.t('player.playedColour', { colour: colourName }))}"><span class="disc disc-${colour}" aria-hidden="true"></span><span class="color-name">${escapeHtml(colourName)}</span></td>` +
    `<td class="${outcome} g-res" data-testid="outcome">${t.html(`player.outcome.${outcome}`)}</td>` +
    `<td class="num g-discs" data-testid="discs" data-label="${escapeHtml(t.t('player.phoneDiscs'))}">${discs}</td>` +
    // An aborted ranked game changed no rating: it is not listed as rated (nor as casual: it was not).
    `<td class="hide-md" data-testid="rated">${g.rated && outcome === 'aborted' ? DASH : t.html(g.rated ? 'player.rated' : 'player.casual')}</td>` +
    `<td class="num g-delta" data-testid="rating-delta" data-label="${escapeHtml(t.t('player.phoneRating'))}">${deltaHtml(g.ratingDelta, g.rated)}</td>` +
    `<td class="hide-md" data-testid="finished-at">${formatWhen(g.finishedAt, t)}</td>` +
    `<td class="hide-md" data-testid="opening">${g.opening ? `<a href="/openings#opening-${escapeHtml(g.opening)}">${t.html(`openings.name.${g.opening}` as MessageKey)}</a>` : DASH}</td>` +
    `<td class="g-moves"><a class="g-replay" data-testid="replay-link" href="${escapeHtml(replayHref(g.id))}">${replayLabel}</a>` +
    ` <a class="g-transcript" data-testid="transcript-link" href="${escapeHtml(transcriptHref(g.id))}">${movesLabel}</a>` +
    ` <a class="g-ggf" data-testid="ggf-link" href="${escapeHtml(ggfHref(g.id))}" download>${t.html('player.ggf')}</a></td>` +
    '</tr>'
  );
}

function renderRecentGames(page: PageContext, games: readonly RecentGameView[]): string {
  const { t } = page;
  if (games.length === 0) return `<div class="card empty" data-testid="games-empty">${t.html('player.noGames')}</div>`;
  return (
    '<div class="table-wrap"><table class="games" data-testid="recent-games">' +
    `<thead><tr><th scope="col">${t.html('player.colOpponent')}</th><th scope="col">${t.html('player.colColour')}</th><th scope="col">${t.html('player.colResult')}</th>` +
    `<th class="num" scope="col" title="${escapeHtml(t.t('player.colDiscsTitle'))}">${t.html('player.colDiscs')}</th><th class="hide-md" scope="col">${t.html('player.colType')}</th>` +
    `<th class="num" scope="col">${t.html('player.colRatingChange')}</th><th class="hide-md" scope="col">${t.html('player.colFinished')}</th><th class="hide-md" scope="col">${t.html('player.colOpening')}</th><th scope="col">${t.html('player.colMoves')}</th></tr></thead>` +
    `<tbody>${games.map((g) => renderGameRow(page, g)).join('')}</tbody></table></div>`
  );
}

/** Links to the older games (the page before the list's oldest) and back to the newest. */
function pagingHtml(page: PageContext, username: string, paging: PlayerPageView['gamesPaging']): string {
  if (!paging || (!paging.older && !paging.paged)) return '';
  const { t } = page;
  const base = playerHref(username);
  const newest = paging.paged ? `<a href="${escapeHtml(base)}#games" data-testid="games-latest">${t.html('player.latestGames')}</a>` : '<span></span>';
  const older = paging.older
    ? `<a href="${escapeHtml(`${base}?before=${encodeURIComponent(paging.older)}`)}#games" data-testid="games-older">${t.html('player.olderGames')}</a>`
    : '';
  return `<nav class="pager" aria-label="${escapeHtml(t.t('player.recentTitle'))}">${newest}${older}</nav>`;
}

/** How far the player is from the leaderboard: nothing once listed (the rank says it). */
function ladderHtml(page: PageContext, ladder: PlayerPageView['ladder']): string {
  if (!ladder || ladder.listed) return '';
  const { t } = page;
  const rule = (c: string) => `<a href="/leaderboard#leaderboard-rule">${c}</a>`;
  if (!ladder.guest && ladder.gamesToGo === null) return ''; // never listed: the profile's engine-user or closed note says why
  if (ladder.guest || ladder.gamesToGo === null) {
    return `<p class="ladder-progress" data-testid="ladder-progress" data-guest="true">${t.html('player.ladder.guest', {}, { rule })}</p>`;
  }
  return (
    `<p class="ladder-progress" data-testid="ladder-progress" data-games-to-go="${ladder.gamesToGo}">` +
    `${t.html('player.ladder.toGo', { count: ladder.gamesToGo }, { rule })}</p>`
  );
}

/** A player's page: rating, rank and record, the rating-history chart, recent games. */
export function renderPlayer(page: PageContext, view: PlayerPageView): string {
  const { t } = page;
  const p = view.player;
  const name = escapeHtml(p.username);
  const badges =
    (p.guest ? ` <span class="badge" data-testid="guest-badge">${t.html('player.guestBadge')}</span>` : '') +
    (p.provisional ? ` <span class="badge" data-testid="provisional-badge" title="RD ≥ 110">${t.html('player.provisionalBadge')}</span>` : '');
  const rating = ratingHtml(page, p);
  const rank = p.rank === null || !Number.isFinite(p.rank) ? t.html('player.unranked') : t.html('player.rank', { rank: formatInt(p.rank) });
  const volatility = Number.isFinite(p.volatility) ? p.volatility.toFixed(4) : DASH;
  const history = view.history ?? [];
  const axisNote = history.length > 0 ? xAxisLabels(history, t).noteHtml : null;
  const since = t.html('player.memberSince', {}, { date: () => formatDate(p.createdAt, t) });

  const body = [
    '<section class="profile" data-testid="player-profile">',
    `<h1 data-testid="player-name">${name}${badges}</h1>`,
    `<p class="subtle">${since}${p.guest ? ` · ${t.html('player.guestNote')}` : ''}</p>`,
    p.engineUser ? `<p class="notice" role="note" data-testid="engine-user-note">${t.html('player.engineUserNote')}</p>` : '',
    p.closed ? `<p class="notice" role="note" data-testid="closed-note">${t.html('player.closedNote')}</p>` : '',
    '<dl class="stats">',
    `<div><dt>${t.html('player.statRating')}</dt><dd data-testid="player-rating">${rating}</dd></div>`,
    `<div><dt title="${escapeHtml(t.t('common.rdTitle'))}">${t.html('common.rd')}</dt><dd data-testid="player-rd">${formatInt(p.rd)}</dd></div>`,
    `<div><dt>${t.html('player.statRank')}</dt><dd data-testid="player-rank">${rank}</dd></div>`,
    `<div><dt title="${escapeHtml(t.t('player.statRecordTitle'))}">${t.html('player.statRecord')}</dt><dd data-testid="player-record">${formatRecord(p.wins, p.draws, p.losses)}</dd></div>`,
    `<div><dt>${t.html('player.statGames')}</dt><dd data-testid="player-games">${formatInt(p.games)}</dd></div>`,
    `<div><dt>${t.html('player.statVolatility')}</dt><dd data-testid="player-volatility">${volatility}</dd></div>`,
    '</dl>',
    p.guest ? '' : ratingHelpHtml(page, 'rating-help'),
    ladderHtml(page, view.ladder),
    '</section>',
    // The challenge form, filled by the client for a signed-in visitor (src/client/challenges).
    p.closed ? '' : `<section class="card pl-card" id="challenge" data-testid="challenge" data-username="${name}" hidden></section>`,
    `<section><h2>${t.html('player.historyTitle')}</h2>`,
    `<div class="card chart-card">${renderRatingChart(history, t)}</div>`,
    `<p class="subtle" data-testid="chart-caption">${t.html('player.chartCaption')}${axisNote ? ` ${axisNote}` : ''}</p>`,
    '</section>',
    `<section id="games"><h2>${t.html('player.recentTitle')}</h2>`,
    renderRecentGames(page, view.recentGames ?? []),
    pagingHtml(page, p.username, view.gamesPaging),
    '</section>',
  ].join('\n');
  return layout(page, p.username, body);
}

/** The page for a username that does not exist. */
export function renderNotFound(page: PageContext, username: string): string {
  const { t } = page;
  const shown = username.length > 40 ? `${username.slice(0, 40)}…` : username;
  const body =
    '<section class="card empty" data-testid="player-not-found">' +
    `<h1>${t.html('player.notFoundTitle')}</h1>` +
    `<p>${t.html('player.notFoundText', { username: shown }, { b: (c) => `<strong data-testid="missing-username">${c}</strong>` })}</p>` +
    `<p><a href="/">${t.html('player.backToLeaderboard')}</a></p>` +
    '</section>';
  return layout(page, t.t('player.notFoundTitle'), body);
}
