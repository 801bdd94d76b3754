/**
 * The lobby's controller (/play): signing in (guest, login, register) and out, the active games,
 * and leaving for a game; rooms and invite links (rooms.ts) and the quick-match queue (queue.ts)
 * are its flows. No DOM: the views render the state and call the commands; requests and the
 * player's event stream go through `LobbyTransport`.
 */
import { isTurnLimit } from '../../games/domain/game';
import { AfterRequests } from '../common/after-requests';
import { gameHref, validRoomCode } from '../common/format';
import { errorMessage, t, type Text } from '../common/messages';
import type { ClientSettings } from '../common/settings';
import { getToken, pref, setToken } from '../common/storage';
import { ApiError, detail, type Me } from '../transport/api';
import type { Stream } from '../transport/sse';
import { ignore, playerHandlers } from '../transport/events';
import { authError, authProblem, passwordChangeProblem } from './sign-in';
import { INGAME_NAVIGATE_MS, PRESETS, queued, RANKED_CLOCK, setQueued, type AuthMode, type LobbyHost, type LobbyOutput, type LobbyState, type LobbyTransport, type Mode, type Place } from './model';
import { QueueFlow } from './queue';
import { RoomFlow } from './rooms';

// The views and tests import the model, rules and selectors from here too.
export type * from './model';
export * from './selectors';
export { authError, authProblem } from './sign-in';
export { RANKED_CLOCK } from './model';

export class LobbyController implements LobbyHost {
  readonly s: LobbyState;
  private meStream: Stream | null = null;
  inFlight = 0;
  /** A game event's navigation waits for the requests whose own answer navigates. */
  private readonly afterRequests = new AfterRequests();
  private readonly rooms = new RoomFlow(this);
  private readonly queues = new QueueFlow(this);
  private againDone = false;

  constructor(
    settings: ClientSettings,
    readonly io: LobbyTransport,
    readonly out: LobbyOutput,
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
    if (validRoomCode(join)) void this.rooms.loadInvite(join.trim().toUpperCase());
    else if (join !== null) this.rooms.brokenInvite();
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
    }, (e) => this.say(errorMessage(e)));
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
    // The server ends this token's streams: ours go first, so none reconnects with it meanwhile.
    this.closeMeStream();
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
      this.closeMeStream();
      await this.io.api.signOutEverywhere();
      this.signOut(t('lobby.signedOutEverywhere'));
    }, (e) => {
      this.say(errorMessage(e), false, 'account');
      // Still signed in here: follow the player's events again.
      if (this.s.me) void this.signedIn(this.s.me);
    });
  }

  /** A new password: the other devices are signed out, this one keeps signing in with the new token. */
  async changePassword(currentPassword: string, newPassword: string): Promise<boolean> {
    // Empty fields and a short new password are said here, in the page's language: nothing is sent.
    const problem = passwordChangeProblem(currentPassword, newPassword);
    if (problem) {
      this.say(problem, false, 'account');
      return false;
    }
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
    this.closeMeStream();
    this.stopRoomWait();
    this.queues.stopQueueWait();
    setToken(null);
    s.me = null;
    s.rankedGate = null;
    s.phase = 'signed-out';
    this.say(text, !!text);
  }

  private closeMeStream(): void {
    this.meStream?.close();
    this.meStream = null;
  }

  async signedIn(player: Me): Promise<void> {
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
      playerHandlers({
        game: (game) => {
          if (game.status === 'active') this.afterRequests.run(() => this.go(game.id, s.room?.code ?? null), this.inFlight > 0);
        },
        matched: (ticket) => {
          const id = ticket.gameId;
          if (id) this.afterRequests.run(() => this.go(id, null), this.inFlight > 0);
        },
        // Rematch offers are the game page's; challenges have their own list on this page.
        rematch: ignore,
        challenge: ignore,
      }),
      {
        onOpen: (again) => {
          if (again && queued()) void this.queues.checkQueue();
        },
        onFatal: (status) => {
          if (status === 401) this.signOut(t('lobby.sessionExpired'));
        },
      },
    );
    void this.loadActiveGames();
    void this.queues.loadRankedGate();
    if (queued()) void this.queues.checkQueue();
    else this.playAgain();
  }

  /** "Play again" after a queue game: queue once more, same mode and turn limit. */
  private playAgain(): void {
    const s = this.s;
    const { mode, turn, clock } = this.pendingAgain;
    if (this.againDone || !s.me || (mode !== 'ranked' && mode !== 'unranked') || (mode === 'ranked' && s.me.guest)) return;
    this.againDone = true;
    const seconds = turn ? Number(turn) : null;
    const turnSeconds = seconds !== null && isTurnLimit(seconds) && s.settings.turnLimits.includes(seconds) ? seconds : null;
    void this.queues.queue(mode, turnSeconds, clock && PRESETS.includes(clock) ? clock : null);
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

  // ---- rooms, invites and the quick match: their flows ----

  createRoom(settings: Parameters<RoomFlow['createRoom']>[0]): Promise<void> {
    return this.rooms.createRoom(settings);
  }
  joinRoom(input: string): Promise<void> {
    return this.rooms.joinRoom(input);
  }
  stopRoomWait(): void {
    this.rooms.stopRoomWait();
  }
  joinInvited(asGuest: boolean): Promise<void> {
    return this.rooms.joinInvited(asGuest);
  }
  queue(mode: Mode, turnSeconds: number | null, clock: string | null = null): Promise<void> {
    return this.queues.queue(mode, turnSeconds, clock);
  }
  leaveQueue(): Promise<void> {
    return this.queues.leaveQueue();
  }

  // ---- internals ----

  go(gameId: string, roomCode: string | null): void {
    const s = this.s;
    if (s.leaving) return;
    s.leaving = true;
    this.meStream?.close();
    setQueued(false);
    this.out.navigate(gameHref(gameId, roomCode));
  }

  /** ALREADY_IN_GAME takes the player to their game; anything else is shown at the form. */
  inGameOr(e: unknown, place: Place): void {
    const gameId = detail<string>(e, 'gameId');
    if (e instanceof ApiError && e.code === 'ALREADY_IN_GAME' && gameId) {
      this.say(t('lobby.inGame'), true, place);
      setTimeout(() => this.go(gameId, null), INGAME_NAVIGATE_MS);
    } else this.say(errorMessage(e), false, place);
  }

  say(text: Text | null, info = false, place: Place = 'top'): void {
    this.s.message = text ? { text, info, place } : null;
    this.out.changed();
  }

  async busyWith(place: Place, work: () => Promise<void>, failed: (e: unknown) => void): Promise<void> {
    this.inFlight++;
    this.s.busy.add(place);
    this.out.changed();
    try {
      await work();
    } catch (e) {
      failed(e);
    } finally {
      this.s.busy.delete(place);
      this.requestDone();
    }
  }

  /** A request whose own answer navigates is done: a game event that came meanwhile may navigate now. */
  requestDone(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.out.changed();
    if (this.inFlight === 0) this.afterRequests.release();
  }
}
