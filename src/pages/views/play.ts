/**
 * The browser client's shells: the lobby (`/play`) and the board (`/play/:gameId`).
 *
 * The server renders only the markup; the typed client modules in src/client/ (bundled into
 * /assets/client-<hash>.js by the build, styles in src/client/styles/) fill it from the JSON API.
 * No inline script or style: the CSP allows neither.
 */
import { squareName } from '../../engine/notation.js';
import { CLOCK_BOUNDS, CLOCK_PRESETS, clockLabel } from '../../games/domain/clock.js';
import { COMPUTER_LEVELS } from '../../engine/levels.js';
import { PASSWORD_LENGTH, RESERVED_PREFIXES, USERNAME_LENGTH } from '../../players/domain/username.js';
import type { ClientSettings } from '../client-settings.js';
import { wayOnHtml } from './error.js';
import { escapeHtml } from './format.js';
import { layout, type PageContext } from './layout.js';
import { ratingHelpHtml } from './rating.js';
import { rulesLinksHtml } from './rules.js';

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
function turnOptions(page: PageContext, settings: ClientSettings): string {
  const { t } = page;
  return (
    `<option value="">${t.html('play.turn.none')}</option>` +
    settings.turnLimits.map((seconds) => `<option value="${seconds}">${t.html('play.turn.seconds', { seconds })}</option>`).join('')
  );
}

/**
 * The clocks on offer (the presets, "minutes+seconds"), with "No clock" first where a game may have
 * none: the ranked queue always has one (the client disables "No clock" for it and picks 5+3).
 */
function clockOptions(page: PageContext, custom = false): string {
  const { t } = page;
  return (
    `<option value="">${t.html('play.clock.none')}</option>` +
    CLOCK_PRESETS.map((c) => {
      const label = clockLabel(c);
      return `<option value="${label}">${t.html('play.clock.preset', { label, minutes: c.baseSeconds / 60, seconds: c.incrementSeconds })}</option>`;
    }).join('') +
    (custom ? `<option value="custom">${t.html('play.clock.custom')}</option>` : '')
  );
}

/**
 * A clock select with "Custom" (rooms and the computer: the queues' pools are the presets), and
 * the two fields a custom clock takes, shown by the client when "Custom" is chosen.
 */
function clockField(page: PageContext, form: 'room' | 'computer'): string {
  const { t } = page;
  const b = CLOCK_BOUNDS;
  return (
    `<label>${t.html('play.lobby.clock')}<select name="clock" data-testid="${form}-clock">${clockOptions(page, true)}</select></label>` +
    `<fieldset class="pl-custom-clock" data-part="${form}-custom-clock" data-testid="${form}-custom-clock" hidden>` +
    `<legend>${t.html('play.clock.customLegend')}</legend>` +
    `<label>${t.html('play.clock.customMinutes')}<input type="number" name="clockMinutes" data-testid="${form}-clock-minutes" inputmode="decimal" min="${b.minBaseSeconds / 60}" max="${b.maxBaseSeconds / 60}" step="0.1" value="7"></label>` +
    `<label>${t.html('play.clock.customIncrement')}<input type="number" name="clockIncrement" data-testid="${form}-clock-increment" inputmode="numeric" min="${b.minIncrementSeconds}" max="${b.maxIncrementSeconds}" step="1" value="4"></label>` +
    `<p class="pl-hint">${t.html('play.clock.customRule', { minBase: b.minBaseSeconds / 60, maxBase: b.maxBaseSeconds / 60, minIncrement: b.minIncrementSeconds, maxIncrement: b.maxIncrementSeconds })}</p>` +
    '</fieldset>'
  );
}

/** The computer's levels, each with its one-line description. */
function levelOptions(page: PageContext): string {
  const { t } = page;
  return COMPUTER_LEVELS.map((level) => `<option value="${level}"${level === 1 ? ' selected' : ''}>${t.html('play.computer.levelOption', { level })}</option>`).join('');
}

/** The settings the client reads (data-settings on the page's root element). */
function settingsAttribute(settings: ClientSettings): string {
  return `data-settings="${escapeHtml(JSON.stringify(settings))}"`;
}

/** The "Watch" card: live games, filled by the client from GET /api/games?status=active. */
export function watchListHtml(page: PageContext): string {
  const { t } = page;
  return (
    '<section class="pl-card pl-watch" data-part="watch-list" data-testid="watch-list" data-state="loading" aria-labelledby="watch-title">' +
    `<h2 id="watch-title">${t.html('play.watch.title')}</h2>` +
    '<ul data-testid="watch-games"></ul>' +
    `<p class="pl-watch-empty" data-part="watch-empty" data-testid="watch-empty">${t.html('play.watch.loading')}</p>` +
    '</section>'
  );
}

const FORM_ERROR = '<p class="pl-form-error" data-flash data-testid="form-error" role="alert" hidden></p>';

/** `GET /play`: the lobby. Quick match comes first; the last mode is remembered on the device. */
export function renderPlayLobby(page: PageContext, settings: ClientSettings): string {
  const { t } = page;
  const h = (key: Parameters<typeof t.html>[0], values?: Parameters<typeof t.html>[1]) => t.html(key, values);
  const a = (key: Parameters<typeof t.t>[0]) => escapeHtml(t.t(key));
  const inGameNote = `<p class="pl-hint" data-part="in-game-note" data-testid="in-game-note" hidden>${h('play.inGameNote')}</p>`;
  const body = `<div class="pl-page pl-lobby" id="play-lobby" data-testid="play-lobby" data-state="loading" ${settingsAttribute(settings)}>
<header class="pl-hero">
<h1>${LOGO_DISCS}${h('play.lobby.heading')}</h1>
<p>${h('play.lobby.intro')}</p>
${rulesLinksHtml(page)}
</header>
<p class="pl-flash" data-part="lobby-error" data-testid="lobby-error" role="alert" hidden></p>
<p class="pl-retry"><button type="button" class="pl-btn pl-btn-primary" data-part="lobby-retry" data-testid="lobby-retry" hidden>${h('play.lobby.retry')}</button></p>
<section class="pl-card pl-challenges-card" data-part="challenges" data-testid="challenges" aria-live="polite" hidden></section>

<section class="pl-card pl-invite" data-part="invite" data-testid="invite" aria-labelledby="invite-title" hidden>
<h2 id="invite-title" data-part="invite-title" data-testid="invite-title">${h('play.lobby.inviteTitle')}</h2>
<p data-part="invite-settings" data-testid="invite-settings"></p>
<div class="pl-row">
<button type="button" class="pl-btn pl-btn-primary" data-part="invite-guest-join" data-testid="invite-guest-join" hidden>${h('play.lobby.inviteGuestJoin')}</button>
<button type="button" class="pl-btn pl-btn-primary" data-part="invite-join" data-testid="invite-join" hidden>${h('play.lobby.inviteJoin')}</button>
</div>
<p class="pl-hint" data-part="invite-hint" data-testid="invite-hint" hidden>${h('play.lobby.inviteHint')}</p>
${FORM_ERROR}
</section>

<section class="pl-card pl-signin" data-part="signed-out" hidden>
<h2>${h('play.lobby.startTitle')}</h2>
<div data-part="guest-start">
<button type="button" class="pl-btn pl-btn-primary pl-btn-wide" data-part="guest-button" data-testid="guest-button">${h('play.lobby.guestButton')}</button>
<p class="pl-hint">${h('play.lobby.guestHint')}</p>
<div class="pl-or"><span>${h('play.lobby.orSignIn')}</span></div>
</div>
<div class="pl-auth-modes" role="group" aria-label="${a('play.lobby.authModes')}">
<button type="button" class="pl-btn" data-part="auth-mode-login" data-testid="auth-mode-login" aria-pressed="true">${h('play.lobby.login')}</button>
<button type="button" class="pl-btn" data-part="auth-mode-register" data-testid="auth-mode-register" aria-pressed="false">${h('play.lobby.register')}</button>
</div>
<form id="auth-form" data-testid="auth-form" data-mode="login" autocomplete="on" novalidate>
<label>${h('play.lobby.username')}<input type="text" name="username" data-testid="auth-username" autocomplete="username" required maxlength="${USERNAME_LENGTH.max}" spellcheck="false" autocapitalize="off"></label>
<p class="pl-hint pl-rule" id="username-rule" data-part="username-rule" data-testid="username-rule" hidden>${h('play.lobby.usernameRule', { min: USERNAME_LENGTH.min, max: USERNAME_LENGTH.max, prefix: RESERVED_PREFIXES })}</p>
<label>${h('play.lobby.password')}<input type="password" name="password" data-testid="auth-password" autocomplete="current-password" required maxlength="${PASSWORD_LENGTH.max}"></label>
<p class="pl-hint pl-rule" id="password-rule" data-part="password-rule" data-testid="password-rule" hidden>${h('play.lobby.passwordRule', { min: PASSWORD_LENGTH.min, max: PASSWORD_LENGTH.max })}</p>
<div class="pl-row">
<button type="submit" class="pl-btn pl-btn-primary" data-part="login-button" data-testid="login-button">${h('play.lobby.login')}</button>
<button type="submit" class="pl-btn pl-btn-primary" data-part="register-button" data-testid="register-button" hidden>${h('play.lobby.createAccount')}</button>
</div>
</form>
${FORM_ERROR}
</section>

<section data-part="signed-in-area" hidden>
<div class="pl-card pl-me" data-testid="signed-in">
<span>${h('play.lobby.signedInAs')}</span> <a class="pl-me-name" data-part="me-name" data-testid="me-name" href="#"></a>
<span class="pl-badge" data-part="me-guest" data-testid="me-guest" hidden>${h('play.lobby.guestBadge')}</span>
<span class="subtle" data-part="me-rating-box" data-testid="me-rating-box">${t.html('play.lobby.rating', {}, { rating: () => '<span data-part="me-rating" data-testid="me-rating"></span>' })}</span>
<span class="pl-spacer"></span>
<button type="button" class="pl-link" data-part="sign-out" data-testid="sign-out">${h('play.lobby.signOut')}</button>
${ratingHelpHtml(page, 'rating-help', true)}
<a class="pl-ladder-note" href="/leaderboard#leaderboard-rule" data-part="ladder-note" data-testid="ladder-note" hidden></a>
</div>
<section class="pl-card" data-part="account" data-testid="account" hidden>
<details>
<summary>${h('play.lobby.account')}</summary>
<form id="password-form" data-testid="password-form" novalidate>
<label>${h('play.lobby.currentPassword')}<input type="password" name="currentPassword" data-testid="current-password" autocomplete="current-password" required maxlength="${PASSWORD_LENGTH.max}"></label>
<label>${h('play.lobby.newPassword')}<input type="password" name="newPassword" data-testid="new-password" autocomplete="new-password" required minlength="${PASSWORD_LENGTH.min}" maxlength="${PASSWORD_LENGTH.max}" aria-describedby="new-password-rule"></label>
<p class="pl-hint pl-rule" id="new-password-rule">${h('play.lobby.passwordRule', { min: PASSWORD_LENGTH.min, max: PASSWORD_LENGTH.max })} ${h('play.lobby.changePasswordHint')}</p>
<div class="pl-row">
<button type="submit" class="pl-btn" data-testid="change-password">${h('play.lobby.changePassword')}</button>
<button type="button" class="pl-btn" data-part="sign-out-everywhere" data-testid="sign-out-everywhere">${h('play.lobby.signOutEverywhere')}</button>
</div>
</form>
${FORM_ERROR}
</details>
</section>
<div class="pl-card pl-resume" data-part="active-games" data-testid="active-games" hidden><ul></ul></div>
<div class="pl-grid">
<section class="pl-card" data-testid="quick-match">
<h2>${h('play.lobby.quickMatch')}</h2>
<form id="queue-form">
<fieldset class="pl-segment" aria-label="${a('play.lobby.mode')}">
<label><input type="radio" name="mode" value="unranked" checked><span>${h('play.lobby.casual')}</span></label>
<label><input type="radio" name="mode" value="ranked"><span>${h('play.lobby.ranked')}</span></label>
</fieldset>
<p class="pl-hint" data-part="guest-note" data-testid="guest-note" hidden>${h('play.lobby.guestNote')}</p>
<p class="pl-note" data-part="ranked-gate" data-testid="ranked-gate" role="status" hidden></p>
<label>${h('play.lobby.clock')}<select name="clock" data-testid="queue-clock">${clockOptions(page)}</select></label>
<label data-part="queue-turn-label">${h('play.lobby.turnLimit')}<select name="turnSeconds" data-testid="queue-turn">${turnOptions(page, settings)}</select></label>
<button type="submit" class="pl-btn pl-btn-primary pl-btn-wide" data-testid="queue-button">${h('play.lobby.findOpponent')}</button>
</form>
${inGameNote}
${FORM_ERROR}
<div class="pl-waiting" data-part="queue-waiting" data-testid="queue-waiting" hidden>
<p><span class="pl-spinner" aria-hidden="true"></span> ${t.html('play.lobby.lookingFor', { mode: t.t('play.lobby.casual') }, { m: (c) => `<span data-part="queue-mode" data-testid="queue-mode">${c}</span>` })}</p>
<p class="pl-hint" data-part="queue-window" data-testid="queue-window" aria-live="polite" hidden></p>
<p class="pl-note" data-part="queue-cooldown" data-testid="queue-cooldown" role="status" hidden></p>
<p class="pl-note" data-part="queue-held" data-testid="queue-held" role="status" hidden></p>
<button type="button" class="pl-btn" data-part="queue-cancel" data-testid="queue-cancel">${h('play.lobby.cancel')}</button>
</div>
</section>
<section class="pl-card" data-testid="create-room">
<h2>${h('play.lobby.createRoom')}</h2>
<form id="create-form">
<p class="pl-hint" data-testid="room-casual">${h('play.lobby.roomCasual')}</p>
${clockField(page, 'room')}
<label data-part="room-turn-label">${h('play.lobby.turnLimit')}<select name="turnSeconds" data-testid="room-turn">${turnOptions(page, settings)}</select></label>
<label class="pl-check"><input type="checkbox" name="showLegalMoves" data-testid="room-legal" checked> ${h('play.lobby.showLegal')}</label>
<label class="pl-check"><input type="checkbox" name="swapColors" data-testid="room-swap" checked> ${h('play.lobby.swapColours')}</label>
<button type="submit" class="pl-btn pl-btn-primary pl-btn-wide" data-testid="create-room-button">${h('play.lobby.createRoomButton')}</button>
</form>
${inGameNote}
${FORM_ERROR}
<div class="pl-waiting" data-part="room-waiting" data-testid="room-waiting" hidden>
<div class="subtle">${h('play.lobby.roomCode')}</div>
<strong class="pl-code" data-part="room-code" data-testid="room-code"></strong>
<p>${h('play.lobby.roomShare')}</p>
<p><button type="button" class="pl-btn" data-part="room-copy" data-testid="room-copy">${h('play.lobby.copyInvite')}</button> <span class="pl-hint" data-part="room-copy-status" data-testid="room-copy-status" role="status"></span></p>
<p><span class="pl-spinner" aria-hidden="true"></span> ${h('play.lobby.waitingOpponent')}</p>
<p><a data-part="room-invite" data-testid="room-invite" href="#">${h('play.lobby.inviteLink')}</a> · <button type="button" class="pl-link" data-part="room-cancel" data-testid="room-cancel">${h('play.lobby.stopWaiting')}</button></p>
</div>
</section>
<section class="pl-card" id="computer" data-testid="computer-card" aria-labelledby="computer-title">
<h2 id="computer-title">${h('play.computer.heading')}</h2>
<form id="computer-form">
<p class="pl-hint" data-testid="computer-casual">${h('play.computer.intro')}</p>
<label>${h('play.computer.level')}<select name="level" data-testid="computer-level">${levelOptions(page)}</select></label>
${clockField(page, 'computer')}
<fieldset class="pl-segment" aria-label="${a('play.computer.colour')}">
<label><input type="radio" name="color" value="random" checked><span>${h('play.computer.random')}</span></label>
<label><input type="radio" name="color" value="black"><span>${h('common.black')}</span></label>
<label><input type="radio" name="color" value="white"><span>${h('common.white')}</span></label>
</fieldset>
<label class="pl-check"><input type="checkbox" name="showLegalMoves" data-testid="computer-legal" checked> ${h('play.lobby.showLegal')}</label>
<button type="submit" class="pl-btn pl-btn-primary pl-btn-wide" data-testid="computer-button">${h('play.computer.start')}</button>
</form>
${inGameNote}
${FORM_ERROR}
</section>
<section class="pl-card" data-testid="join-room">
<h2>${h('play.lobby.joinRoom')}</h2>
<form id="join-form" novalidate>
<label>${h('play.lobby.roomCode')}<input type="text" name="code" data-testid="join-code" autocomplete="off" spellcheck="false" autocapitalize="characters" required minlength="4" maxlength="12" placeholder="${a('play.lobby.joinCodePlaceholder')}"></label>
<button type="submit" class="pl-btn pl-btn-primary pl-btn-wide" data-testid="join-button">${h('play.lobby.join')}</button>
</form>
${FORM_ERROR}
</section>
<section class="pl-card" data-testid="alerts" aria-labelledby="alerts-title">
<h2 id="alerts-title">${h('play.alerts.heading')}</h2>
<p class="pl-hint" id="alerts-hint">${h('play.alerts.hint')}</p>
<p class="pl-toggles"><button type="button" class="pl-btn" data-part="notify-toggle" data-testid="notify-toggle" aria-pressed="false" aria-describedby="alerts-hint">${h('client.notify.off')}</button>
<button type="button" class="pl-btn" data-part="match-sound-toggle" data-testid="match-sound-toggle" aria-pressed="true">${h('client.sound.match.on')}</button></p>
<p class="pl-note" data-part="notify-status" data-testid="notify-status" role="status" hidden></p>
</section>
</div>
</section>
<div class="pl-lobby-watch">${watchListHtml(page)}</div>
</div>`;
  return layout(page, t.t('play.lobby.title'), body, 'play');
}

function seatHtml(page: PageContext, color: 'black' | 'white'): string {
  const { t } = page;
  const name = t.t(color === 'black' ? 'common.black' : 'common.white');
  const n = escapeHtml(name);
  return (
    `<div class="pl-seat" data-part="seat-${color}" data-testid="seat-${color}" data-color="${color}">` +
    `<span class="pl-dot pl-dot-${color}" role="img" aria-label="${n}"></span>` +
    '<div class="pl-seat-info">' +
    `<div class="pl-seat-name"><a data-part="player-name" data-testid="player-name" href="#">${n}</a></div>` +
    '<div class="pl-seat-sub"><span data-part="player-rating" data-testid="player-rating"></span>' +
    `<span class="pl-badge pl-badge-you" data-part="you-badge" data-testid="you-badge" hidden>${t.html('play.game.you')}</span>` +
    `<span class="pl-badge pl-badge-cpu" data-part="cpu-badge" data-testid="cpu-badge" title="${escapeHtml(t.t('play.game.cpuTitle'))}" hidden>${t.html('play.game.cpu')}</span>` +
    `<span class="pl-clock" data-part="clock" data-testid="clock" aria-label="${escapeHtml(t.t('play.game.clock'))}" hidden></span></div>` +
    '</div>' +
    `<span class="pl-count" data-part="disc-count" data-testid="disc-count" aria-label="${escapeHtml(t.t('play.game.discs', { colour: name }))}">2</span>` +
    '</div>'
  );
}

/** The 64 squares, a1 top-left: files a–h left to right, ranks 1–8 top to bottom (the same in every language). */
function boardHtml(page: PageContext): string {
  let cells = '';
  for (let i = 0; i < 64; i++) {
    const sq = squareAt(i);
    cells += `<button type="button" class="pl-sq" data-testid="square" data-square="${sq}" data-disc="" aria-label="${sq}" tabindex="${i === 19 ? 0 : -1}"><span class="pl-piece"></span></button>`;
  }
  const files = [...FILES].map((f) => `<span>${f}</span>`).join('');
  const ranks = [1, 2, 3, 4, 5, 6, 7, 8].map((r) => `<span>${r}</span>`).join('');
  return (
    '<div class="pl-frame" data-part="board-frame" data-testid="board-frame">' +
    `<div class="pl-files" aria-hidden="true">${files}</div>` +
    `<div class="pl-ranks" aria-hidden="true">${ranks}</div>` +
    `<div class="pl-board" id="board" data-part="board" data-testid="board" role="group" aria-label="${escapeHtml(page.t.t('play.game.board'))}" data-interactive="false">${cells}</div>` +
    '</div>'
  );
}

/** `GET /play/:gameId`: the board shell; the script fills it from the API. */
export function renderPlayGame(page: PageContext, gameId: string, settings: ClientSettings): string {
  const { t } = page;
  const h = (key: Parameters<typeof t.html>[0]) => t.html(key);
  const a = (key: Parameters<typeof t.t>[0]) => escapeHtml(t.t(key));
  const id = escapeHtml(gameId);
  const body = `<div class="pl-page pl-game" id="play-game" data-testid="play-game" data-game-id="${id}" data-state="loading" ${settingsAttribute(settings)}>
<div class="pl-topbar">
<a href="/play">${h('play.game.lobby')}</a>
<span data-part="game-meta" data-testid="game-meta"></span>
<span class="pl-spacer"></span>
<span class="pl-conn" data-part="connection" data-testid="connection" data-conn="connecting">${h('play.game.connecting')}</span>
</div>
<div class="pl-message" data-part="game-missing" data-testid="game-missing" hidden>
<h1>${h('play.game.notFoundTitle')}</h1>
<p class="subtle">${t.html('play.game.notFoundText', { id: gameId })}</p>
<p><a class="pl-btn pl-btn-primary" href="/play">${h('play.game.toLobby')}</a></p>
</div>
<div class="pl-layout" data-part="game-area" data-testid="game-area">
<h1 class="sr-only" data-testid="game-heading">${h('play.game.title')}</h1>
<section class="pl-main" aria-label="${a('play.game.area')}">
<div class="pl-seats">${seatHtml(page, 'black')}${seatHtml(page, 'white')}</div>
<p class="pl-status" data-part="turn-status" data-testid="turn-status" role="status" aria-live="polite">${h('play.game.loading')}</p>
<p class="pl-retry"><button type="button" class="pl-btn pl-btn-primary" data-part="game-retry" data-testid="game-retry" hidden>${h('play.game.retry')}</button></p>
<p class="pl-pass-notice" data-part="pass-notice" data-testid="pass-notice" hidden></p>
<p class="pl-note" data-part="standin-note" data-testid="standin-note" hidden></p>
<p class="pl-note" data-part="opponent-away" data-testid="opponent-away" role="status" hidden></p>
<p class="pl-note" data-part="away-note" data-testid="away-note" role="status" hidden></p>
<p class="pl-note" data-part="cpu-moves-note" data-testid="cpu-moves-note" role="status" hidden></p>
${boardHtml(page)}
<p class="pl-square-hint" data-part="square-hint" data-testid="square-hint" role="alert" hidden></p>
<p class="sr-only" data-part="announcer" data-testid="announcer" aria-live="polite"></p>
<div class="pl-replay" data-part="replay" data-testid="replay" role="group" aria-label="${a('play.game.replay')}" hidden>
<button type="button" class="pl-btn" data-part="replay-first" data-testid="replay-first" aria-label="${a('play.game.replayFirst')}">«</button>
<button type="button" class="pl-btn" data-part="replay-prev" data-testid="replay-prev" aria-label="${a('play.game.replayPrev')}">‹</button>
<span class="pl-replay-pos" data-part="replay-position" data-testid="replay-position" aria-live="polite"></span>
<button type="button" class="pl-btn" data-part="replay-next" data-testid="replay-next" aria-label="${a('play.game.replayNext')}">›</button>
<button type="button" class="pl-btn" data-part="replay-last" data-testid="replay-last" aria-label="${a('play.game.replayLast')}">»</button>
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
${ratingHelpHtml(page, 'result-rating-help', true)}
${rulesLinksHtml(page)}
</div>
<div class="pl-actions">
<button type="button" class="pl-btn" data-part="abort-button" data-testid="abort-button" hidden title="${a('play.game.abortTitle')}">${h('play.game.abort')}</button>
<button type="button" class="pl-btn pl-btn-danger" data-part="resign-button" data-testid="resign-button" hidden>${h('play.game.resign')}</button>
<p class="pl-hint" data-part="rematch-status" data-testid="rematch-status" role="status" hidden></p>
<button type="button" class="pl-btn pl-btn-primary" data-part="rematch-button" data-testid="rematch-button" hidden>${h('play.game.rematch')}</button>
<button type="button" class="pl-btn" data-part="rematch-decline" data-testid="rematch-decline" hidden>${h('play.game.decline')}</button>
<div class="pl-row" data-part="game-rematch" data-testid="game-rematch" hidden></div>
<a class="pl-btn pl-btn-primary" href="/play" data-part="play-again" data-testid="play-again" hidden>${h('play.game.playAgain')}</a>
<a class="pl-btn" href="/play" data-testid="lobby-link">${h('play.game.leaveToLobby')}</a>
</div>
<div class="pl-tools"><button type="button" class="pl-btn" data-part="sound-toggle" data-testid="sound-toggle" aria-pressed="false">${h('play.game.soundOff')}</button></div>
<section class="pl-card pl-moves">
<h2>${h('play.game.moves')} <small data-part="move-count" data-testid="move-count"></small></h2>
<p class="pl-opening" data-part="game-opening" data-testid="game-opening" hidden></p>
<p class="pl-empty-moves" data-part="no-moves" data-testid="no-moves">${h('play.game.noMoves')}</p>
<ol class="pl-move-list" data-part="move-list" data-testid="move-list"></ol>
</section>
</aside>
</div>
</div>`;
  const skip = `<a class="pl-skip" href="#board" data-part="skip-to-board" data-testid="skip-to-board">${h('play.game.skipToBoard')}</a>`;
  return layout(page, t.t('play.game.title'), body, undefined, skip);
}

/** `GET /play/<not a game id>`: a link that cannot work (404), said so, with the ways on. */
export function renderPlayNotFound(page: PageContext, gameId: string): string {
  const { t } = page;
  const shown = gameId.length > 100 ? `${gameId.slice(0, 100)}…` : gameId;
  const body = `<div class="pl-page" data-testid="play-not-found">
<section class="card error-page broken-link" data-testid="broken-link" data-kind="game" data-status="404">
<h1>${t.html('notFound.brokenTitle')}</h1>
<p>${t.html('notFound.brokenGame', { value: shown }, { code: (c) => `<code data-testid="missing-game-id">${c}</code>` })}</p>
${wayOnHtml(page)}
</section>
</div>`;
  return layout(page, t.t('notFound.brokenTitle'), body);
}
