/**
 * The lobby's state and controller (/play): signing in (guest, login, register), rooms (create,
 * join, invite links), the quick-match queue, and leaving for a game. No DOM: the views render the
 * state and call the commands; requests and the player's event stream go through `LobbyTransport`.
 */
import { isTurnLimit } from '../../games/domain/game';
import { CLOCK_PRESETS, clockLabel, DEFAULT_RANKED_CLOCK } from '../../games/domain/clock';
import { MAX_RANKED_GAMES_PER_PAIR_24H } from '../../matchmaking/domain/pairing';
import { GUEST_NAME_PREFIX, looksLikeGuestName, PASSWORD_LENGTH, USERNAME_LENGTH } from '../../players/domain/username';
import { ratingLabel } from '../../ratings/domain/rating-label';
import { gameHref, validRoomCode } from '../common/format';
import { t, type Text } from '../common/messages';
import type { ClientSettings } from '../common/settings';
import { getToken, pref, setPref, setToken } from '../common/storage';
import { ApiError, detail, type api, type Me, type RankedGate, type Room, type Ticket } from '../transport/api';
import type { followMe } from '../transport/events';
import type { Stream } from '../transport/sse';

/** The clocks the queues offer, and the ranked queue's default. */
const PRESETS = CLOCK_PRESETS.map(clockLabel);
export const RANKED_CLOCK = clockLabel(DEFAULT_RANKED_CLOCK);
/** A clock the queue accepts (one of PRESETS, or null). */
type QueueClock = Parameters<typeof api.joinQueue>[0]['clock'];

export interface LobbyTransport {
  api: Pick<typeof api, 'me' | 'guest' | 'login' | 'register' | 'signOut' | 'signOutEverywhere' | 'changePassword' | 'playerGames' | 'createRoom' | 'room' | 'joinRoom' | 'queue' | 'joinQueue' | 'leaveQueue' | 'rankedGate'>;
  followMe: typeof followMe;
}

export interface LobbyOutput {
  changed(): void;
  /** Leave for a game page. */
  navigate(href: string): void;
  /** The signed-in player is known (their saved language, src/client/i18n/preference.ts). */
  signedIn(me: Me): void;
}

/** Where a message shows: next to the form it concerns, or at the top. */
export type Place = 'top' | 'auth' | 'account' | 'create' | 'join' | 'queue' | 'invite';
export type Mode = 'ranked' | 'unranked';
/** The sign-in card's form: logging in to an account, or creating one (its rules shown up front). */
export type AuthMode = 'login' | 'register';

export interface Invite {
  code: string;
  title: Text;
  settings: Text | null;
  /** The room can be joined (it has a free seat). */
  open: boolean;
  /** The link itself cannot work (a malformed code, or no such room). */
  broken?: boolean;
}

export interface LobbyState {
  readonly settings: ClientSettings;
  phase: 'loading' | 'signed-out' | 'signed-in' | 'unavailable';
  me: Me | null;
  /** Seated in a game that is not over (one game at a time: the forms that start one wait). */
  activeGames: { id: string; opponent: string }[];
  /** My room, waiting for an opponent. */
  room: { code: string } | null;
  /** My waiting queue ticket. */
  ticket: Ticket | null;
  /** Whether ranked play is open to this account yet (null: not known, or a guest). */
  rankedGate: RankedGate | null;
  invite: Invite | null;
  /** Log in or register (the sign-in card's mode). */
  authMode: AuthMode;
  /** The quick match's choice (remembered on the device; set by "Play again"). A clock ("5+3") or null; ranked always has one. */
  choice: { mode: Mode; turnSeconds: number | null; clock: string | null };
  message: { text: Text; info: boolean; place: Place } | null;
  /** Forms with a request on its way. */
  busy: Set<Place>;
  leaving: boolean;
}

const ROOM_POLL_MS = 3000;
const INGAME_NAVIGATE_MS = 900;
/** While a join or queue request is out, its own answer navigates: an event waits this long. */
const EVENT_GRACE_MS = 1500;

const message = (e: unknown): Text => t('server.message', { message: (e as Error).message });

/**
 * What a failed log-in or registration says: a refused password in our words; a name or password
 * the server does not accept in the server's own sentence (it names the rule that failed: "username
 * may contain only letters, digits, _ and -"), not a generic "the request is not valid".
 */
/**
 * What keeps the sign-in form from being sent, said in the page's language (the browser's own
 * bubbles would speak the browser's language, and the server's messages name fields by their API
 * names): a missing field, and on registering the name's and the password's rules. Null: send it.
 */
export function authProblem(action: AuthMode, username: string, password: string): Text | null {
  const name = username.trim();
  if (name === '') return t('lobby.form.usernameMissing');
  if (password === '') return t('lobby.form.passwordMissing');
  if (action !== 'register') return null;
  if (name.length < USERNAME_LENGTH.min || name.length > USERNAME_LENGTH.max || !/^[A-Za-z0-9_-]+$/.test(name) || looksLikeGuestName(name)) {
    return t('lobby.form.usernameRule', { min: USERNAME_LENGTH.min, max: USERNAME_LENGTH.max, prefix: GUEST_NAME_PREFIX });
  }
  if (password.length < PASSWORD_LENGTH.min) return t('lobby.form.passwordShort', { min: PASSWORD_LENGTH.min });
  return null;
}

export function authError(action: AuthMode, e: unknown): Text {
  if (e instanceof ApiError && e.status === 401 && action === 'login') return t('lobby.wrongPassword');
  if (e instanceof ApiError && e.code === 'VALIDATION_FAILED' && e.serverMessage) return t('server.message', { message: e.serverMessage });
  return message(e);
}

export class LobbyController {
  readonly s: LobbyState;
  private meStream: Stream | null = null;
  private roomPoll: ReturnType<typeof setInterval> | undefined;
  private queuePoll: ReturnType<typeof setInterval> | undefined;
  /** The GET /api/queue in flight, if any; answers from before the player left the queue are ignored. */
  private queueCheck: Promise<void> = Promise.resolve();
  private queueRound = 0;
  private inFlight = 0;
  private againDone = false;

  constructor(
    settings: ClientSettings,
    private readonly io: LobbyTransport,
    private readonly out: LobbyOutput,
  ) {
    const mode = pref('mode');
    this.s = {
      settings,
      phase: 'loading',
      me: null,
      activeGames: [],
      room: null,
      ticket: null,
      rankedGate: null,
      invite: null,
      authMode: 'login',
      choice: { mode: mode === 'ranked' ? 'ranked' : 'unranked', turnSeconds: null, clock: mode === 'ranked' ? RANKED_CLOCK : null },
      message: null,
      busy: new Set(),
      leaving: false,
    };
  }

  get inGame(): boolean {
    return this.s.activeGames.length > 0;
  }

  // ---- start, signing in and out ----

  /** `again`: a result's "Play again" (`?again=<mode>&turn=<seconds>&clock=<m+s>`); `join`: an invite link's room code. */
  async start(again: { mode: string | null; turn: string | null; clock?: string | null }, join: string | null): Promise<void> {
    if (validRoomCode(join)) void this.loadInvite(join.trim().toUpperCase());
    else if (join !== null) this.brokenInvite();
    this.pendingAgain = again;
    await this.resume();
  }
  private pendingAgain: { mode: string | null; turn: string | null; clock?: string | null } = { mode: null, turn: null };

  /** Signs in with the stored token, if any (again after "Try again"). */
  async resume(): Promise<void> {
    const s = this.s;
    if (!getToken()) {
      s.phase = 'signed-out';
      return this.out.changed();
    }
    try {
      await this.signedIn(await this.io.api.me());
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        // The token was refused (and dropped): signed out.
        s.me = null;
        s.rankedGate = null;
        s.phase = 'signed-out';
        return this.out.changed();
      }
      // The server is unavailable: keep the token (a guest's only identity) and offer to try again,
      // rather than a sign-in form that would replace it.
      s.phase = 'unavailable';
      this.say(t('lobby.unavailable', { message: (e as Error).message }));
    }
  }

  async guest(): Promise<void> {
    await this.busyWith('auth', async () => {
      const r = await this.io.api.guest();
      setToken(r.token);
      await this.signedIn(r.player);
    }, (e) => this.say(message(e)));
  }

  /** Switches the sign-in card between logging in and creating an account. */
  setAuthMode(mode: AuthMode): void {
    const s = this.s;
    if (s.authMode === mode) return;
    s.authMode = mode;
    if (s.message?.place === 'auth') s.message = null;
    this.out.changed();
  }

  async signIn(action: AuthMode, username: string, password: string): Promise<boolean> {
    const problem = authProblem(action, username, password);
    if (problem) {
      this.say(problem, false, 'auth');
      return false;
    }
    let ok = false;
    await this.busyWith('auth', async () => {
      const body = { username: username.trim(), password };
      const r = action === 'register' ? await this.io.api.register(body) : await this.io.api.login(body);
      setToken(r.token);
      ok = true;
      await this.signedIn(r.player);
    }, (e) => this.say(authError(action, e), false, 'auth'));
    return ok;
  }

  /** The sign-out button: the server forgets this token (whatever it answers, the device does too). */
  async signOutHere(): Promise<void> {
    try {
      await this.io.api.signOut();
    } catch {
      // Refused already, or the server is away: the token leaves this device all the same.
    }
    this.signOut();
  }

  /** Every device of the account is signed out, this one too. */
  async signOutEverywhere(): Promise<void> {
    await this.busyWith('account', async () => {
      await this.io.api.signOutEverywhere();
      this.signOut(t('lobby.signedOutEverywhere'));
    }, (e) => this.say(message(e), false, 'account'));
  }

  /** A new password: the other devices are signed out, this one keeps signing in with the new token. */
  async changePassword(currentPassword: string, newPassword: string): Promise<boolean> {
    let ok = false;
    await this.busyWith('account', async () => {
      const r = await this.io.api.changePassword({ currentPassword, newPassword });
      setToken(r.token);
      ok = true;
      this.say(t('lobby.passwordChanged'), true, 'account');
    }, (e) => {
      if (e instanceof ApiError && e.code === 'FORBIDDEN') this.say(t('lobby.wrongCurrentPassword'), false, 'account');
      else this.say(authError('register', e), false, 'account');
    });
    return ok;
  }

  signOut(text: Text | null = null): void {
    const s = this.s;
    s.activeGames = [];
    this.meStream?.close();
    this.meStream = null;
    this.stopRoomWait();
    this.stopQueueWait();
    setToken(null);
    s.me = null;
    s.rankedGate = null;
    s.phase = 'signed-out';
    this.say(text, !!text);
  }

  private async signedIn(player: Me): Promise<void> {
    const s = this.s;
    this.out.signedIn(player);
    s.me = player;
    s.phase = 'signed-in';
    // Whoever signs in later on this device most likely has an account by then.
    s.authMode = 'login';
    if (player.guest) s.choice = { ...s.choice, mode: 'unranked' };
    s.message = null;
    this.out.changed();
    this.meStream?.close();
    this.meStream = this.io.followMe(
      (ev) => {
        // While a join/queue request is out, its own answer navigates (leaving now would cut it off).
        const later = (f: () => void) => setTimeout(f, this.inFlight ? EVENT_GRACE_MS : 0);
        if (ev.name === 'game' && ev.data.status === 'active') {
          const code = s.room?.code ?? null;
          const id = ev.data.id;
          later(() => this.go(id, code));
        }
        if (ev.name === 'matched' && ev.data.gameId) {
          const id = ev.data.gameId;
          later(() => this.go(id, null));
        }
      },
      {
        onOpen: (again) => {
          if (again && queued()) void this.checkQueue();
        },
        onFatal: (status) => {
          if (status === 401) this.signOut(t('lobby.sessionExpired'));
        },
      },
    );
    void this.loadActiveGames();
    void this.loadRankedGate();
    if (queued()) void this.checkQueue();
    else this.playAgain();
  }

  /** A new account learns why ranked play is not open yet, and how far it is, before it tries. */
  private async loadRankedGate(): Promise<void> {
    const me = this.s.me;
    if (!me || me.guest) return;
    try {
      const gate = await this.io.api.rankedGate();
      if (this.s.me?.id !== me.id) return;
      this.s.rankedGate = gate;
      this.out.changed();
    } catch {
      /* the queue's own answer says it when it matters */
    }
  }

  /** "Play again" after a queue game: queue once more, same mode and turn limit. */
  private playAgain(): void {
    const s = this.s;
    const { mode, turn, clock } = this.pendingAgain;
    if (this.againDone || !s.me || (mode !== 'ranked' && mode !== 'unranked') || (mode === 'ranked' && s.me.guest)) return;
    this.againDone = true;
    const seconds = turn ? Number(turn) : null;
    const turnSeconds = seconds !== null && isTurnLimit(seconds) && s.settings.turnLimits.includes(seconds) ? seconds : null;
    void this.queue(mode, turnSeconds, clock && PRESETS.includes(clock) ? clock : null);
  }

  private async loadActiveGames(): Promise<void> {
    const s = this.s;
    const me = s.me;
    if (!me) return;
    try {
      const list = await this.io.api.playerGames(me.username, 10);
      s.activeGames = list.games
        .filter((g) => g.status === 'active')
        .map((g) => ({ id: g.id, opponent: g.black.id === me.id ? g.white.username : g.black.username }));
    } catch {
      s.activeGames = [];
    }
    this.out.changed();
  }

  // ---- rooms ----

  async createRoom(settings: { turnSeconds: number | null; clock?: string | null; showLegalMoves: boolean; swapColors: boolean }): Promise<void> {
    const clock = settings.clock || null;
    // A room has a clock or a turn limit: the clock, when one is picked.
    const turnSeconds = !clock && isTurnLimit(settings.turnSeconds) ? settings.turnSeconds : null;
    await this.busyWith('create', async () => {
      const room = await this.io.api.createRoom({ ...settings, turnSeconds, clock });
      this.s.message = null;
      this.enterRoom(room);
    }, (e) => this.inGameOr(e, 'create'));
  }

  async joinRoom(input: string): Promise<void> {
    const code = input.trim().toUpperCase();
    if (code === '') return this.say(t('lobby.form.roomCodeMissing'), false, 'join');
    if (!validRoomCode(code)) return this.say(t('lobby.badRoomCode'), false, 'join');
    await this.busyWith('join', async () => {
      const room = await this.io.api.joinRoom(code);
      this.s.message = null;
      this.enterRoom(room);
    }, (e) => {
      const c = e instanceof ApiError ? e.code : undefined;
      if (c === 'NOT_FOUND') this.say(t('lobby.noRoom', { code }), false, 'join');
      else if (c === 'ROOM_FULL') this.say(t('lobby.roomFull', { code }), false, 'join');
      else if (c === 'GUEST_NOT_ALLOWED') this.say(t('lobby.roomRated', { code }), false, 'join');
      else this.inGameOr(e, 'join');
    });
  }

  stopRoomWait(): void {
    clearInterval(this.roomPoll);
    this.roomPoll = undefined;
    this.s.room = null;
    this.out.changed();
  }

  private enterRoom(room: Room): void {
    if (room.gameId) return this.go(room.gameId, room.code);
    this.s.room = { code: room.code };
    clearInterval(this.roomPoll);
    // The 'game' event on /api/me/events normally takes us to the game; polling is the fallback.
    this.roomPoll = setInterval(async () => {
      try {
        const r = await this.io.api.room(room.code);
        if (r.gameId) this.go(r.gameId, r.code);
      } catch {
        /* keep waiting */
      }
    }, ROOM_POLL_MS);
    this.out.changed();
  }

  // ---- invite links (/play?join=CODE) ----

  /** An invite link whose code cannot be a room's: say the link is broken (never ignore it silently). */
  private brokenInvite(): void {
    this.s.invite = { code: '', title: t('lobby.invite.broken'), settings: null, open: false, broken: true };
    this.say(t('lobby.invite.badCode'), false, 'invite');
  }

  private async loadInvite(code: string): Promise<void> {
    const s = this.s;
    try {
      const room = await this.io.api.room(code);
      const host = room.seats[0];
      const st = room.settings;
      const full = !!room.seats[1];
      s.invite = {
        code: room.code,
        title: host ? t('lobby.invite.title', { host: host.username }) : t('lobby.invite.titleAnonymous'),
        settings: st.clock
          ? t('lobby.invite.settingsClock', { code: room.code, clock: st.clock, legal: st.showLegalMoves, swap: st.swapColors })
          : t('lobby.invite.settings', {
              code: room.code,
              turnSeconds: st.turnSeconds ? String(st.turnSeconds) : 'none',
              legal: st.showLegalMoves,
              swap: st.swapColors,
            }),
        open: !full,
      };
      if (full) this.say(t('lobby.roomFull', { code: room.code }), false, 'invite');
      else this.out.changed();
    } catch (e) {
      const missing = e instanceof ApiError && e.code === 'NOT_FOUND';
      s.invite = { code, title: t('lobby.invite.broken'), settings: null, open: false, broken: missing };
      this.say(missing ? t('lobby.invite.noRoom', { code }) : message(e), false, 'invite');
    }
  }

  async joinInvited(asGuest: boolean): Promise<void> {
    const s = this.s;
    const invite = s.invite;
    if (!invite?.open) return;
    this.inFlight++;
    s.busy.add('invite');
    this.out.changed();
    try {
      if (asGuest) {
        const r = await this.io.api.guest();
        setToken(r.token);
        s.me = r.player;
        s.phase = 'signed-in';
        this.out.changed();
      }
      this.enterRoom(await this.io.api.joinRoom(invite.code));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'ALREADY_IN_GAME') this.inGameOr(e, 'invite');
      else this.say(message(e), false, 'invite');
      if (asGuest && s.me) void this.signedIn(s.me);
    } finally {
      this.inFlight = Math.max(0, this.inFlight - 1);
      s.busy.delete('invite');
      this.out.changed();
    }
  }

  // ---- quick match ----

  /**
   * Queues with a clock or a turn limit: a ranked game always has a clock (5+3 unless another preset
   * is picked) and never a turn limit; a casual one a clock, a turn limit or neither.
   */
  async queue(mode: Mode, turnSeconds: number | null, clock: string | null = null): Promise<void> {
    const s = this.s;
    const picked = clock && PRESETS.includes(clock) ? clock : null;
    const chosenClock = mode === 'ranked' ? (picked ?? RANKED_CLOCK) : picked;
    const limit = chosenClock === null && isTurnLimit(turnSeconds) ? turnSeconds : null;
    s.choice = { mode, turnSeconds: limit, clock: chosenClock };
    setPref('mode', mode);
    await this.busyWith('queue', async () => {
      const ticket = await this.io.api.joinQueue({ mode, turnSeconds: limit, clock: chosenClock as QueueClock });
      s.message = null;
      if (ticket.gameId) this.go(ticket.gameId, null);
      else this.waitForMatch(ticket);
    }, (e) => {
      if (e instanceof ApiError && e.code === 'ALREADY_QUEUED') void this.checkQueue();
      else if (e instanceof ApiError && e.code === 'RANKED_NOT_YET') {
        // The note under the modes says what opens ranked play; the answer says it where the form is.
        s.rankedGate = e.details as RankedGate;
        this.say(message(e), false, 'queue');
      } else this.inGameOr(e, 'queue');
    });
  }

  async leaveQueue(): Promise<void> {
    // No poll after this: one already sent is waited for (asked after the DELETE it would be a
    // 404), and its answer no longer counts (a 'waiting' one would start the polling again).
    clearInterval(this.queuePoll);
    this.queuePoll = undefined;
    this.queueRound += 1;
    await this.queueCheck;
    try {
      await this.io.api.leaveQueue();
    } catch {
      /* leaving twice is fine */
    }
    this.stopQueueWait();
  }

  private waitForMatch(ticket: Ticket): void {
    this.s.ticket = ticket;
    setQueued(true);
    clearInterval(this.queuePoll);
    // The 'matched' event normally arrives first; polling is the fallback, keeps the ticket
    // present, and shows a ranked ticket's widening window.
    this.queuePoll = setInterval(() => void this.checkQueue(), ticket.mode === 'ranked' ? 2000 : 4000);
    this.out.changed();
  }

  private stopQueueWait(): void {
    clearInterval(this.queuePoll);
    this.queuePoll = undefined;
    setQueued(false);
    this.s.ticket = null;
    this.out.changed();
  }

  private checkQueue(): Promise<void> {
    this.queueCheck = this.askQueue();
    return this.queueCheck;
  }

  private async askQueue(): Promise<void> {
    if (!this.s.me) return;
    const round = this.queueRound;
    try {
      const ticket = await this.io.api.queue();
      if (round !== this.queueRound) return;
      if (ticket.state === 'matched' && ticket.gameId) this.go(ticket.gameId, null);
      else if (ticket.state === 'waiting') this.waitForMatch(ticket);
      else {
        this.stopQueueWait();
        if (ticket.reason === 'absent') this.say(t('lobby.queue.lapsed'), false, 'queue');
      }
    } catch (e) {
      if (round === this.queueRound && e instanceof ApiError && e.status === 404) this.stopQueueWait();
    }
  }

  // ---- internals ----

  private go(gameId: string, roomCode: string | null): void {
    const s = this.s;
    if (s.leaving) return;
    s.leaving = true;
    this.meStream?.close();
    setQueued(false);
    this.out.navigate(gameHref(gameId, roomCode));
  }

  /** ALREADY_IN_GAME takes the player to their game; anything else is shown at the form. */
  private inGameOr(e: unknown, place: Place): void {
    const gameId = detail<string>(e, 'gameId');
    if (e instanceof ApiError && e.code === 'ALREADY_IN_GAME' && gameId) {
      this.say(t('lobby.inGame'), true, place);
      setTimeout(() => this.go(gameId, null), INGAME_NAVIGATE_MS);
    } else this.say(message(e), false, place);
  }

  private say(text: Text | null, info = false, place: Place = 'top'): void {
    this.s.message = text ? { text, info, place } : null;
    this.out.changed();
  }

  private async busyWith(place: Place, work: () => Promise<void>, failed: (e: unknown) => void): Promise<void> {
    this.inFlight++;
    this.s.busy.add(place);
    this.out.changed();
    try {
      await work();
    } catch (e) {
      failed(e);
    } finally {
      this.inFlight = Math.max(0, this.inFlight - 1);
      this.s.busy.delete(place);
      this.out.changed();
    }
  }
}

// Set while this device has a queue ticket, so the lobby only asks GET /api/queue then (it is 404 otherwise).
const queued = () => pref('queued') === '1';
const setQueued = (on: boolean) => setPref('queued', on ? '1' : null);

// ---- selectors ----

/** The signed-in player's rating as every page shows it ("1500?" while provisional), or null: none for a guest. */
export function myRating(s: LobbyState): string | null {
  return s.me ? ratingLabel(s.me) : null;
}

/** How far the signed-in player is from the leaderboard: null once listed (or unknown). */
export function ladderNote(s: LobbyState): Text | null {
  const me = s.me;
  const ladder = me?.ladder;
  if (!me || me.bot || !ladder || ladder.listed) return null;
  if (me.guest) return t('lobby.ladder.guest');
  if (ladder.gamesToGo === null) return null; // never listed (an engine user, a closed account)
  return t('lobby.ladder.toGo', { count: ladder.gamesToGo });
}

export function queueWindow(s: LobbyState): Text | null {
  const w = s.ticket?.window;
  return w ? t('lobby.queue.window', { min: String(Math.round(w.min)), max: String(Math.round(w.max)) }) : null;
}

/**
 * Why a waiting ranked ticket is not paired although players wait in its range (GET /api/queue's
 * `held`): they all share an address or a browser with the player, or are at the daily cap.
 */
export function queueHeld(s: LobbyState): Text | null {
  const held = s.ticket?.held;
  if (!held) return null;
  return held.reason === 'linked' ? t('lobby.queue.held.linked') : t('lobby.queue.held.pairCap', { max: MAX_RANKED_GAMES_PER_PAIR_24H });
}

/** h:mm:ss, or m:ss under an hour. */
function timeLeft(ms: number): string {
  const secs = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(secs / 3600);
  const m = Math.floor((secs % 3600) / 60);
  const ss = String(secs % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A waiting ranked ticket on a cooldown (aborts, sandbagging): why, and the time left. */
export function queueCooldown(s: LobbyState, now: number): Text | null {
  const c = s.ticket?.cooldown;
  if (!c) return null;
  const left = Date.parse(c.until) - now;
  return left > 0 ? t('lobby.queue.cooldown', { reason: c.reason, time: timeLeft(left) }) : null;
}

/** The values of the gate's message: which ways open ranked play, how far the account is, the time left. */
function gateValues(g: RankedGate, me: Me | null, now: number): Record<string, string | number> {
  const openAt = g.openAt ? Date.parse(g.openAt) : null;
  const rule = g.casualGamesNeeded !== null && openAt !== null ? 'both' : g.casualGamesNeeded !== null ? 'games' : 'age';
  const hours = openAt !== null && me ? Math.round((openAt - Date.parse(me.createdAt)) / 3_600_000) : 0;
  return { rule, needed: g.casualGamesNeeded ?? 0, done: g.casualGames, hours, time: openAt !== null ? timeLeft(openAt - now) : '' };
}

/** A new account that may not play ranked games yet: what opens them, and how far it is. */
export function rankedGateNote(s: LobbyState, now: number): Text | null {
  const g = s.rankedGate;
  if (!g || g.eligible || !s.me || s.me.guest) return null;
  return t('lobby.queue.rankedGate', gateValues(g, s.me, now));
}
