import { renderRatingChart, xAxisLabels, type RatingHistoryPoint } from './chart.js';
import {
  DASH,
  escapeHtml,
  formatDate,
  formatDelta,
  formatInt,
  formatRecord,
  playerHref,
  transcriptHref,
} from './format.js';
import { layout } from './layout.js';
import { moderationMessage } from '../../moderation/messages.en.js';

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
  /** Marked as an engine user by a moderator (issue #20). */
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
}

export interface PlayerPageView {
  player: PlayerSummaryView;
  history: RatingHistoryPoint[];
  recentGames: RecentGameView[];
}

const OUTCOME_LABEL: Record<GameOutcome, string> = {
  win: 'Won',
  loss: 'Lost',
  draw: 'Draw',
  aborted: 'Aborted',
  active: 'In progress',
};

function deltaHtml(delta: number | null, rated: boolean): string {
  if (!rated || delta === null || !Number.isFinite(delta)) return DASH;
  const r = Math.round(delta);
  const cls = r > 0 ? 'delta-up' : r < 0 ? 'delta-down' : 'delta-zero';
  return `<span class="${cls}">${formatDelta(delta)}</span>`;
}

function renderGameRow(g: RecentGameView): string {
  const colour = g.color === 'white' ? 'white' : 'black';
  const colourName = colour === 'black' ? 'Black' : 'White';
  const outcome: GameOutcome = g.outcome in OUTCOME_LABEL ? g.outcome : 'active';
  const discs = g.discs ? `${formatInt(g.discs.black)}–${formatInt(g.discs.white)}` : DASH;
  // A game still being played has a transcript too, of the moves made so far.
  const movesLabel = outcome === 'active' ? 'Moves so far' : 'Transcript';
  return (
    `<tr data-testid="game-row" data-game-id="${escapeHtml(g.id)}">` +
    `<td class="name g-opp" data-testid="opponent" title="${escapeHtml(g.opponent)}"><a href="${escapeHtml(playerHref(g.opponent))}">${escapeHtml(g.opponent)}</a></td>` +
    `<td class="g-col" data-testid="color" title="Played ${colourName}"><span class="disc disc-${colour}" aria-hidden="true"></span><span class="color-name">${colourName}</span></td>` +
    `<td class="${outcome} g-res" data-testid="outcome">${OUTCOME_LABEL[outcome]}</td>` +
    `<td class="num g-discs" data-testid="discs">${discs}</td>` +
    `<td class="hide-md" data-testid="rated">${g.rated ? 'Rated' : 'Casual'}</td>` +
    `<td class="num g-delta" data-testid="rating-delta">${deltaHtml(g.ratingDelta, g.rated)}</td>` +
    `<td class="hide-md" data-testid="finished-at">${formatDate(g.finishedAt)}</td>` +
    `<td class="g-moves"><a data-testid="transcript-link" href="${escapeHtml(transcriptHref(g.id))}">${movesLabel}</a></td>` +
    '</tr>'
  );
}

function renderRecentGames(games: readonly RecentGameView[]): string {
  if (games.length === 0) return '<div class="card empty" data-testid="games-empty">No games yet.</div>';
  return (
    '<div class="table-wrap"><table class="games" data-testid="recent-games">' +
    '<thead><tr><th scope="col">Opponent</th><th scope="col">Colour</th><th scope="col">Result</th>' +
    '<th class="num" scope="col" title="Black–White discs">Discs (B–W)</th><th class="hide-md" scope="col">Type</th>' +
    '<th class="num" scope="col">Rating ±</th><th class="hide-md" scope="col">Finished</th><th scope="col">Moves</th></tr></thead>' +
    `<tbody>${games.map(renderGameRow).join('')}</tbody></table></div>`
  );
}

/** A player's page: rating, rank and record, the rating-history chart, recent games. */
export function renderPlayer(view: PlayerPageView): string {
  const p = view.player;
  const name = escapeHtml(p.username);
  const badges =
    (p.guest ? ' <span class="badge" data-testid="guest-badge">guest</span>' : '') +
    (p.provisional ? ' <span class="badge" data-testid="provisional-badge" title="RD ≥ 110">provisional</span>' : '');
  const rating = p.provisional
    ? `${formatInt(p.rating)}<span class="provisional" title="Provisional rating (RD ≥ 110)">?</span>`
    : formatInt(p.rating);
  const rank = p.rank === null || !Number.isFinite(p.rank) ? 'Unranked' : `#${formatInt(p.rank)}`;
  const volatility = Number.isFinite(p.volatility) ? p.volatility.toFixed(4) : DASH;
  const history = view.history ?? [];
  const axisNote = history.length > 0 ? xAxisLabels(history).noteHtml : null;

  const body = [
    '<section class="profile" data-testid="player-profile">',
    `<h1 data-testid="player-name">${name}${badges}</h1>`,
    `<p class="subtle">Member since ${formatDate(p.createdAt)}${p.guest ? ' · guests play casual games only' : ''}</p>`,
    p.engineUser ? `<p class="notice" role="note" data-testid="engine-user-note">${escapeHtml(moderationMessage('profile.engine'))}</p>` : '',
    p.closed ? `<p class="notice" role="note" data-testid="closed-note">${escapeHtml(moderationMessage('profile.closed'))}</p>` : '',
    '<dl class="stats">',
    `<div><dt>Rating</dt><dd data-testid="player-rating">${rating}</dd></div>`,
    `<div><dt title="Rating deviation">RD</dt><dd data-testid="player-rd">${formatInt(p.rd)}</dd></div>`,
    `<div><dt>Rank</dt><dd data-testid="player-rank">${rank}</dd></div>`,
    `<div><dt title="Rated wins–draws–losses">Record (W–D–L)</dt><dd data-testid="player-record">${formatRecord(p.wins, p.draws, p.losses)}</dd></div>`,
    `<div><dt>Rated games</dt><dd data-testid="player-games">${formatInt(p.games)}</dd></div>`,
    `<div><dt>Volatility</dt><dd data-testid="player-volatility">${volatility}</dd></div>`,
    '</dl>',
    '</section>',
    '<section><h2>Rating history</h2>',
    `<div class="card chart-card">${renderRatingChart(history)}</div>`,
    `<p class="subtle" data-testid="chart-caption">The line is the rating after each rated game; the shaded band is rating&nbsp;±&nbsp;2·RD.${axisNote ? ` ${axisNote}` : ''}</p>`,
    '</section>',
    '<section><h2>Recent games</h2>',
    renderRecentGames(view.recentGames ?? []),
    '</section>',
  ].join('\n');
  return layout(p.username, body);
}

/** The page for a username that does not exist. */
export function renderNotFound(username: string): string {
  const body =
    '<section class="card empty" data-testid="player-not-found">' +
    '<h1>Player not found</h1>' +
    `<p>There is no player named <strong data-testid="missing-username">${escapeHtml(username.length > 40 ? `${username.slice(0, 40)}…` : username)}</strong>.</p>` +
    '<p><a href="/">Back to the leaderboard</a></p>' +
    '</section>';
  return layout('Player not found', body);
}
