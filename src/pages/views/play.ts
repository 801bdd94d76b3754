/**
 * The browser client's shells: the lobby (`/play`) and the board (`/play/:gameId`).
 *
 * The server renders only the markup; the typed client modules in src/client/ (bundled into
 * /assets/client-<hash>.js by the build, styles in src/client/styles/) fill it from the JSON API.
 * No inline script or style: the CSP allows neither.
 */
import { squareName } from '../../engine/notation.js';
import type { ClientSettings } from '../client-settings.js';
import { escapeHtml } from './format.js';
import { layout } from './layout.js';

/** A game id as the API issues it (a UUID). */
const GAME_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` can name a game (the API's ids are UUIDs). */
export function isGameId(id: string): boolean {
  return GAME_ID.test(id);
}

const FILES = 'abcdefgh';

/** Square name of a board index: 0 → a1, 7 → h1, 63 → h8 (rank 1 is the top row); the engine's notation. */
export const squareAt = squareName;

// ---- pages ----------------------------------------------------------------------------------

const LOGO_DISCS =
  '<span class="pl-logo-discs" aria-hidden="true"><span class="pl-dot pl-dot-black"></span><span class="pl-dot pl-dot-white"></span></span>';

/** The turn limits on offer (the server's, from the settings). */
function turnOptions(settings: ClientSettings): string {
  return '<option value="">No limit</option>' + settings.turnLimits.map((s) => `<option value="${s}">${s} seconds</option>`).join('');
}

/** The settings the client reads (data-settings on the page's root element). */
function settingsAttribute(settings: ClientSettings): string {
  return `data-settings="${escapeHtml(JSON.stringify(settings))}"`;
}

/** The "Watch" card: live games, filled by the client from GET /api/games?status=active. */
export function watchListHtml(): string {
  return (
    '<section class="pl-card pl-watch" data-part="watch-list" data-testid="watch-list" data-state="loading" aria-labelledby="watch-title">' +
    '<h2 id="watch-title">Watch live games</h2>' +
    '<ul data-testid="watch-games"></ul>' +
    '<p class="pl-watch-empty" data-part="watch-empty" data-testid="watch-empty">Loading the live games…</p>' +
    '</section>'
  );
}

const FORM_ERROR = '<p class="pl-form-error" data-flash data-testid="form-error" role="alert" hidden></p>';
const IN_GAME_NOTE = '<p class="pl-hint" data-part="in-game-note" data-testid="in-game-note" hidden>You have a game in progress: finish it first (see above).</p>';

/** `GET /play`: the lobby. Quick match comes first; the last mode is remembered on the device. */
export function renderPlayLobby(settings: ClientSettings): string {
  const body = `<div class="pl-page pl-lobby" id="play-lobby" data-testid="play-lobby" data-state="loading" ${settingsAttribute(settings)}>
<header class="pl-hero">
<h1>${LOGO_DISCS}Play Reversi</h1>
<p>Get matched with whoever is waiting, or invite a friend with a room code.</p>
</header>
<p class="pl-flash" data-part="lobby-error" data-testid="lobby-error" role="alert" hidden></p>
<p class="pl-retry"><button type="button" class="pl-btn pl-btn-primary" data-part="lobby-retry" data-testid="lobby-retry" hidden>Try again</button></p>

<section class="pl-card pl-invite" data-part="invite" data-testid="invite" aria-labelledby="invite-title" hidden>
<h2 id="invite-title" data-part="invite-title" data-testid="invite-title">You are invited to a game</h2>
<p data-part="invite-settings" data-testid="invite-settings"></p>
<div class="pl-row">
<button type="button" class="pl-btn pl-btn-primary" data-part="invite-guest-join" data-testid="invite-guest-join" hidden>Join as guest</button>
<button type="button" class="pl-btn pl-btn-primary" data-part="invite-join" data-testid="invite-join" hidden>Join the game</button>
</div>
<p class="pl-hint" data-part="invite-hint" data-testid="invite-hint" hidden>Have an account? Sign in below, then join.</p>
${FORM_ERROR}
</section>

<section class="pl-card pl-signin" data-part="signed-out" hidden>
<h2>Start playing</h2>
<button type="button" class="pl-btn pl-btn-primary pl-btn-wide" data-part="guest-button" data-testid="guest-button">Play as guest</button>
<p class="pl-hint">Guests play casual games, with no account. Register to play ranked games and climb the ladder.</p>
<div class="pl-or"><span>or sign in</span></div>
<form id="auth-form" data-testid="auth-form" autocomplete="on">
<label>Username<input type="text" name="username" data-testid="auth-username" autocomplete="username" required minlength="3" maxlength="20" pattern="[A-Za-z0-9_\\-]+" spellcheck="false" autocapitalize="off"></label>
<label>Password<input type="password" name="password" data-testid="auth-password" autocomplete="current-password" required minlength="8" maxlength="128"></label>
<div class="pl-row">
<button type="submit" name="action" value="login" class="pl-btn pl-btn-primary" data-testid="login-button">Log in</button>
<button type="submit" name="action" value="register" class="pl-btn" data-testid="register-button">Register</button>
</div>
</form>
${FORM_ERROR}
</section>

<section data-part="signed-in-area" hidden>
<div class="pl-card pl-me" data-testid="signed-in">
<span>Signed in as</span> <a class="pl-me-name" data-part="me-name" data-testid="me-name" href="#"></a>
<span class="pl-badge" data-part="me-guest" data-testid="me-guest" hidden>Guest</span>
<span class="subtle">rating <span data-part="me-rating" data-testid="me-rating"></span></span>
<span class="pl-spacer"></span>
<button type="button" class="pl-link" data-part="sign-out" data-testid="sign-out">Sign out</button>
</div>
<div class="pl-card pl-resume" data-part="active-games" data-testid="active-games" hidden><ul></ul></div>
<div class="pl-grid">
<section class="pl-card" data-testid="quick-match">
<h2>Quick match</h2>
<form id="queue-form">
<fieldset class="pl-segment" aria-label="Mode">
<label><input type="radio" name="mode" value="unranked" checked><span>Casual</span></label>
<label><input type="radio" name="mode" value="ranked"><span>Ranked</span></label>
</fieldset>
<p class="pl-hint" data-part="guest-note" data-testid="guest-note" hidden>Ranked games are for registered players: guests play casual games.</p>
<label>Turn limit<select name="turnSeconds" data-testid="queue-turn">${turnOptions(settings)}</select></label>
<button type="submit" class="pl-btn pl-btn-primary pl-btn-wide" data-testid="queue-button">Find an opponent</button>
</form>
${IN_GAME_NOTE}
${FORM_ERROR}
<div class="pl-waiting" data-part="queue-waiting" data-testid="queue-waiting" hidden>
<p><span class="pl-spinner" aria-hidden="true"></span> Looking for a <span data-part="queue-mode" data-testid="queue-mode">casual</span> opponent…</p>
<p class="pl-hint" data-part="queue-window" data-testid="queue-window" aria-live="polite" hidden></p>
<button type="button" class="pl-btn" data-part="queue-cancel" data-testid="queue-cancel">Cancel</button>
</div>
</section>
<section class="pl-card" data-testid="create-room">
<h2>Create a room</h2>
<form id="create-form">
<p class="pl-hint" data-testid="room-casual">Rooms are friendly tables: never rated. Ratings come from the ranked queue.</p>
<label>Turn limit<select name="turnSeconds" data-testid="room-turn">${turnOptions(settings)}</select></label>
<label class="pl-check"><input type="checkbox" name="showLegalMoves" data-testid="room-legal" checked> Show legal squares</label>
<label class="pl-check"><input type="checkbox" name="swapColors" data-testid="room-swap" checked> Swap colours after each game</label>
<button type="submit" class="pl-btn pl-btn-primary pl-btn-wide" data-testid="create-room-button">Create room</button>
</form>
${IN_GAME_NOTE}
${FORM_ERROR}
<div class="pl-waiting" data-part="room-waiting" data-testid="room-waiting" hidden>
<div class="subtle">Room code</div>
<strong class="pl-code" data-part="room-code" data-testid="room-code"></strong>
<p>Give this code or the invite link to your opponent. You play Black in the first game.</p>
<p><button type="button" class="pl-btn" data-part="room-copy" data-testid="room-copy">Copy invite link</button> <span class="pl-hint" data-part="room-copy-status" data-testid="room-copy-status" role="status"></span></p>
<p><span class="pl-spinner" aria-hidden="true"></span> Waiting for an opponent…</p>
<p><a data-part="room-invite" data-testid="room-invite" href="#">Invite link</a> · <button type="button" class="pl-link" data-part="room-cancel" data-testid="room-cancel">Stop waiting</button></p>
</div>
</section>
<section class="pl-card" data-testid="join-room">
<h2>Join a room</h2>
<form id="join-form">
<label>Room code<input type="text" name="code" data-testid="join-code" autocomplete="off" spellcheck="false" autocapitalize="characters" maxlength="12" placeholder="e.g. K7QX2M"></label>
<button type="submit" class="pl-btn pl-btn-primary pl-btn-wide" data-testid="join-button">Join</button>
</form>
${FORM_ERROR}
</section>
</div>
</section>
<div class="pl-lobby-watch">${watchListHtml()}</div>
</div>`;
  return layout('Play', body, 'play');
}

function seatHtml(color: 'black' | 'white'): string {
  const name = color === 'black' ? 'Black' : 'White';
  return (
    `<div class="pl-seat" data-part="seat-${color}" data-testid="seat-${color}" data-color="${color}">` +
    `<span class="pl-dot pl-dot-${color}" role="img" aria-label="${name}"></span>` +
    '<div class="pl-seat-info">' +
    `<div class="pl-seat-name"><a data-part="player-name" data-testid="player-name" href="#">${name}</a></div>` +
    '<div class="pl-seat-sub"><span data-part="player-rating" data-testid="player-rating"></span>' +
    '<span class="pl-badge pl-badge-you" data-part="you-badge" data-testid="you-badge" hidden>You</span>' +
    '<span class="pl-badge pl-badge-cpu" data-part="cpu-badge" data-testid="cpu-badge" title="The CPU is playing this seat" hidden>CPU</span>' +
    '<span class="pl-clock" data-part="clock" data-testid="clock" aria-label="time left for this move" hidden></span></div>' +
    '</div>' +
    `<span class="pl-count" data-part="disc-count" data-testid="disc-count" aria-label="${name} discs">2</span>` +
    '</div>'
  );
}

/** The 64 squares, a1 top-left: files a–h left to right, ranks 1–8 top to bottom. */
function boardHtml(): string {
  let cells = '';
  for (let i = 0; i < 64; i++) {
    const sq = squareAt(i);
    cells += `<button type="button" class="pl-sq" data-testid="square" data-square="${sq}" data-disc="" aria-label="${sq}" tabindex="${i === 19 ? 0 : -1}"><span class="pl-piece"></span></button>`;
  }
  const files = [...FILES].map((f) => `<span>${f}</span>`).join('');
  const ranks = [1, 2, 3, 4, 5, 6, 7, 8].map((r) => `<span>${r}</span>`).join('');
  return (
    '<div class="pl-frame">' +
    `<div class="pl-files" aria-hidden="true">${files}</div>` +
    `<div class="pl-ranks" aria-hidden="true">${ranks}</div>` +
    `<div class="pl-board" data-part="board" data-testid="board" role="group" aria-label="Board: arrow keys move between squares, Enter plays" data-interactive="false">${cells}</div>` +
    '</div>'
  );
}

/** `GET /play/:gameId`: the board shell; the script fills it from the API. */
export function renderPlayGame(gameId: string, settings: ClientSettings): string {
  const id = escapeHtml(gameId);
  const body = `<div class="pl-page pl-game" id="play-game" data-testid="play-game" data-game-id="${id}" data-state="loading" ${settingsAttribute(settings)}>
<div class="pl-topbar">
<a href="/play">← Lobby</a>
<span data-part="game-meta" data-testid="game-meta"></span>
<span class="pl-spacer"></span>
<span class="pl-conn" data-part="connection" data-testid="connection" data-conn="connecting">Connecting…</span>
</div>
<div class="pl-message" data-part="game-missing" data-testid="game-missing" hidden>
<h1>Game not found</h1>
<p class="subtle">There is no game <code>${id}</code>.</p>
<p><a class="pl-btn pl-btn-primary" href="/play">Go to the lobby</a></p>
</div>
<div class="pl-layout" data-part="game-area" data-testid="game-area">
<section class="pl-main" aria-label="Game">
<div class="pl-seats">${seatHtml('black')}${seatHtml('white')}</div>
<p class="pl-status" data-part="turn-status" data-testid="turn-status" role="status" aria-live="polite">Loading the game…</p>
<p class="pl-retry"><button type="button" class="pl-btn pl-btn-primary" data-part="game-retry" data-testid="game-retry" hidden>Try again</button></p>
<p class="pl-pass-notice" data-part="pass-notice" data-testid="pass-notice" hidden></p>
<p class="pl-note" data-part="standin-note" data-testid="standin-note" hidden></p>
<p class="pl-note" data-part="opponent-away" data-testid="opponent-away" role="status" hidden></p>
<p class="pl-note" data-part="away-note" data-testid="away-note" role="status" hidden></p>
${boardHtml()}
<p class="pl-square-hint" data-part="square-hint" data-testid="square-hint" role="alert" hidden></p>
<p class="sr-only" data-part="announcer" data-testid="announcer" aria-live="polite"></p>
<div class="pl-replay" data-part="replay" data-testid="replay" role="group" aria-label="Replay" hidden>
<button type="button" class="pl-btn" data-part="replay-first" data-testid="replay-first" aria-label="First position">«</button>
<button type="button" class="pl-btn" data-part="replay-prev" data-testid="replay-prev" aria-label="Previous move">‹</button>
<span class="pl-replay-pos" data-part="replay-position" data-testid="replay-position" aria-live="polite"></span>
<button type="button" class="pl-btn" data-part="replay-next" data-testid="replay-next" aria-label="Next move">›</button>
<button type="button" class="pl-btn" data-part="replay-last" data-testid="replay-last" aria-label="Final position">»</button>
</div>
<section class="pl-card pl-analysis" data-part="analysis" hidden></section>
</section>
<aside class="pl-side">
<p class="pl-flash" data-part="flash" data-testid="flash" role="alert" hidden></p>
<div class="pl-result" data-part="result-banner" data-testid="result-banner" hidden>
<h2 data-part="result-title" data-testid="result-title"></h2>
<p data-part="result-detail" data-testid="result-detail"></p>
<p class="pl-score" data-part="result-score" data-testid="result-score"></p>
<div class="pl-changes" data-part="rating-changes" data-testid="rating-changes"></div>
</div>
<div class="pl-actions">
<button type="button" class="pl-btn" data-part="abort-button" data-testid="abort-button" hidden title="Call the game off before both players have moved: no result, ratings unchanged">Abort</button>
<button type="button" class="pl-btn pl-btn-danger" data-part="resign-button" data-testid="resign-button" hidden>Resign</button>
<p class="pl-hint" data-part="rematch-status" data-testid="rematch-status" role="status" hidden></p>
<button type="button" class="pl-btn pl-btn-primary" data-part="rematch-button" data-testid="rematch-button" hidden>Rematch</button>
<button type="button" class="pl-btn" data-part="rematch-decline" data-testid="rematch-decline" hidden>Decline</button>
<a class="pl-btn pl-btn-primary" href="/play" data-part="play-again" data-testid="play-again" hidden>Play again</a>
<a class="pl-btn" href="/play" data-testid="lobby-link">New game</a>
</div>
<div class="pl-tools"><button type="button" class="pl-btn" data-part="sound-toggle" data-testid="sound-toggle" aria-pressed="false">Sound off</button></div>
<section class="pl-card pl-moves">
<h2>Moves <small data-part="move-count" data-testid="move-count"></small></h2>
<p class="pl-empty-moves" data-part="no-moves" data-testid="no-moves">No moves yet. Black moves first.</p>
<ol class="pl-move-list" data-part="move-list" data-testid="move-list"></ol>
</section>
</aside>
</div>
</div>`;
  return layout('Game', body);
}

/** `GET /play/<not a game id>`: 404 page. */
export function renderPlayNotFound(gameId: string): string {
  const body = `<div class="pl-page pl-message" data-testid="play-not-found">
<h1>Game not found</h1>
<p class="subtle">There is no game <code data-testid="missing-game-id">${escapeHtml(gameId.slice(0, 100))}</code>.</p>
<p><a class="pl-btn pl-btn-primary" href="/play">Go to the lobby</a></p>
</div>`;
  return layout('Game not found', body);
}
