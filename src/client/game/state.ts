/**
 * The board page's state and controller (/play/:id): no DOM. Events come in (the game stream's
 * events, the player's own events, answers to requests, clicks the view translates), commands go
 * out (API requests through `GameApi`, effects through `GameOutput`), and the views render from
 * the state through the pure selectors at the end of this file. Rule predicates come from the game
 * domain (src/games/domain), settings from the server (ClientSettings), texts as message keys.
 */
import { awaitingFirstMove, canAbort } from '../../games/domain/game';
import { ratingLabel, ratingStepLabel } from '../../ratings/domain/rating-label';
import { gameHref, signed } from '../common/format';
import { t, type Text } from '../common/messages';
import { applyRecord, boardAt, countDiscs } from '../common/position';
import type { ClientSettings } from '../common/settings';
import type { BoardModel } from '../common/board';
import { ApiError, detail, type api, type Color, type Game, type Me, type Move } from '../transport/api';
import type { GameEvents } from '../api/events';
import type { GameEvent, MeEvent } from '../transport/events';
import type { StreamStatus } from '../transport/sse';

export type GameApi = Pick<typeof api, 'me' | 'game' | 'moves' | 'move' | 'seat' | 'resign' | 'abort' | 'room' | 'rematch' | 'declineRematch'>;

/** What the controller asks of the page besides rendering its state. */
export interface GameOutput {
  /** The state changed: render it. */
  changed(): void;
  /** Say this in the live region (moves, passes, the result). */
  announce(text: Text): void;
  /** A message for a while (null hides it); `info` is news, not an error. */
  flash(text: Text | null, info?: boolean): void;
  /** Feedback at a square (a refused click), or null to hide the hint. */
  squareFeedback(square: string | null, text: Text | null): void;
  moveSound(color: Color): void;
  /** Leave for another page (the next game); the event streams are to be closed. */
  navigate(href: string): void;
  /** Nothing more to follow (the game does not exist): close the event streams. */
  stop(): void;
  /** The game is over: its stream has nothing more to say; close it (and do not reconnect). */
  endGameStream(): void;
  /** The signed-in player is known (their saved language, src/client/i18n/preference.ts). */
  signedIn(me: Me): void;
}

export interface RematchOffer {
  readonly offeredBy: string;
  readonly expiresAt: string;
}

export type Pending = 'resign' | 'abort' | 'rematch' | 'decline';

export interface GameState {
  readonly gameId: string;
  readonly settings: ClientSettings;
  roomCode: string | null;
  phase: 'loading' | 'ready' | 'missing' | 'error';
  /** Why the game could not be loaded (phase 'error'). */
  error: Text | null;
  me: Me | null;
  game: Game | null;
  /** Move records by ply. */
  moves: Move[];
  lastEventId: number | null;
  /** A move request is on its way. */
  busy: boolean;
  /** A move event arrived without the game after it (a replay): the new turn's state is on its way. */
  stale: boolean;
  leaving: boolean;
  /** Replay position (records shown) once the game is over; null shows the final board. */
  view: number | null;
  /** The room's standing rematch offer (game over, room games only). */
  offer: RematchOffer | null;
  /** Squares the CPU played for this player while they were away (until their next move). */
  awayNote: string[] | null;
  /** The game stream's state; 'ended' once the game is over (a finished game needs no stream). */
  connection: 'connecting' | StreamStatus | 'ended';
  /** Requests on their way, by button. */
  pending: Set<Pending>;
  /** When (this device's ms) the game's clocks were received: the running clock counts down from there. */
  clockAt: number;
  /** The last clock warning announced: for which ply and threshold (seconds), so each is said once. */
  clockAlert: { ply: number; below: number } | null;
  /** Half the last move request's round trip (ms): the lag a clocked game credits back. */
  lagMs: number;
  /** The player's move on its way (shown at once on the board), until the server answers or the game moves on. */
  sending: { square: string; ply: number } | null;
  /** The move on its way has had no answer for NOT_ANSWERING_MS, or its request failed and it waits to be sent again. */
  silent: boolean;
}

/** After this long without an answer to a move, the page says the server is not answering. */
export const NOT_ANSWERING_MS = 3_000;
/** A move whose request failed (the server unreachable) is sent again this often, and when the stream is live again. */
export const RESEND_MS = 4_000;

const other = (c: Color): Color => (c === 'black' ? 'white' : 'black');
const message = (e: unknown): Text => t('server.message', { message: (e as Error).message });

export class GameController {
  readonly s: GameState;
  private refreshing = false;
  private again = false;

  constructor(
    gameId: string,
    roomCode: string | null,
    settings: ClientSettings,
    private readonly api: GameApi,
    private readonly out: GameOutput,
  ) {
    this.s = {
      gameId,
      settings,
      roomCode,
      phase: 'loading',
      error: null,
      me: null,
      game: null,
      moves: [],
      lastEventId: null,
      busy: false,
      stale: false,
      leaving: false,
      view: null,
      offer: null,
      awayNote: null,
      connection: 'connecting',
      pending: new Set(),
      clockAt: 0,
      clockAlert: null,
      lagMs: 0,
      sending: null,
      silent: false,
    };
  }

  /** Loads the player (when signed in), the game and its moves. True when the game is there to follow. */
  async start(signedIn: boolean): Promise<boolean> {
    const s = this.s;
    if (signedIn) {
      try {
        const me = await this.api.me();
        this.out.signedIn(me);
        s.me = me;
      } catch {
        /* a refused token is dropped by the transport; otherwise watch for now */
      }
    }
    const moves = this.loadMoves();
    try {
      // With the token this also hands a seat back from a CPU stand-in.
      s.game = await this.api.game(s.gameId);
      s.lastEventId = s.game.ply;
      if (s.game.roomCode) s.roomCode = s.game.roomCode;
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) this.notFound();
      else {
        s.phase = 'error';
        s.error = message(e);
        this.out.changed();
      }
      return false;
    }
    // Back at the table while the CPU stands in: take the seat back.
    const mine = myColor(s);
    if (mine && s.game.status === 'active' && s.game[mine].standIn) {
      try {
        this.setGame(await this.api.seat(s.gameId));
      } catch {
        /* the open event stream takes it back too */
      }
    }
    await moves;
    if (countMoves(s) < s.game.ply) await this.loadMoves();
    if (s.roomCode && s.game.status !== 'active') {
      s.offer = (await this.api.room(s.roomCode).catch(() => null))?.rematch ?? null;
    }
    if (s.game.status !== 'active') s.connection = 'ended'; // a finished game: no stream to follow
    s.phase = 'ready';
    s.awayNote = cpuMovesWhileAway(s);
    this.out.changed();
    return true;
  }

  // ---- events in ----

  /**
   * An event of the game's stream. Events carry the state they announce: a move event brings the
   * game after its step, a seat event the game after a takeover or hand-back (or the new standInAt
   * when presence moved it), the end event the finished game. Only a gap makes a request.
   */
  onEvent(ev: GameEvent): void {
    const s = this.s;
    if (ev.name === 'move' && ev.id !== null && (s.lastEventId === null || ev.id > s.lastEventId)) s.lastEventId = ev.id;
    if (ev.name === 'move') this.onMove(ev.data);
    else if (ev.name === 'end') {
      this.setGame(ev.data);
      this.out.changed();
      this.out.announce(statusText(s));
    } else if (ev.name === 'seat') this.onSeat(ev.data, ev.id);
  }

  /** An event of the player's own stream. */
  onMeEvent(ev: MeEvent): void {
    const s = this.s;
    if (ev.name === 'rematch' && ev.data.code === s.roomCode) {
      s.offer = ev.data.rematch ?? null;
      this.out.changed();
    }
    if (ev.name === 'game' && ev.data.id !== s.gameId && s.game && s.game.status !== 'active') {
      const id = ev.data.id;
      // After our own rematch request its answer navigates (leaving now would cut it off).
      setTimeout(() => this.follow(id), s.pending.has('rematch') ? 1500 : 0);
    }
  }

  /** The game stream (re)opened: after a reconnection, catch up. */
  onStreamOpen(reconnected: boolean): void {
    if (!reconnected) return;
    void this.refresh();
    void this.loadMoves();
  }

  onStreamStatus(status: StreamStatus): void {
    if (this.s.connection === 'ended') return;
    this.s.connection = status;
    // The server answers again: a move that never got its answer goes again now.
    if (status === 'live' && this.s.sending && this.s.silent && !this.inFlight) void this.send();
    this.out.changed();
  }

  onStreamFatal(status: number): void {
    if (status === 404) this.notFound();
  }

  /** A move record with the game after its step: applied at once; a missing record or ply is fetched. */
  private onMove(move: GameEvents['move']): void {
    const s = this.s;
    const g = s.game;
    const known = s.moves.length;
    const fresh = !s.moves[move.ply];
    const { game: after, ...record } = move;
    if (fresh) s.moves[move.ply] = record;
    if (fresh && move.ply >= known) {
      this.out.announce(describeMove(s, record));
      if (!move.pass) this.out.moveSound(move.color);
    }
    // Records are numbered without holes: one past the next expected means some were missed.
    if (move.ply > known) void this.loadMoves();
    if (!g || move.ply < g.ply) return this.out.changed();
    if (after && move.ply === g.ply) {
      this.setGame(after);
      this.out.changed();
    } else if (!after && move.ply === g.ply && g.status === 'active') {
      // A replayed record without the game: show it, and read the new turn's state.
      const board = applyRecord(g.board, record);
      s.game = { ...g, board, ply: g.ply + 1, toMove: other(move.color), discs: countDiscs(board), legalMoves: null, turnDeadline: null };
      s.stale = true;
      this.out.changed();
      void this.refresh();
    } else if (move.ply > g.ply) void this.refresh(); // a gap in plies
    else this.out.changed();
  }

  /** A seat changed hands, or presence moved the stand-in's time. */
  private onSeat(seat: GameEvents['seat'], ply: number | null): void {
    const s = this.s;
    const g = s.game;
    if (!g) return;
    if (seat.game) this.setGame(seat.game);
    else if (ply !== null && ply > g.ply) return void this.refresh(); // a gap
    else if (ply === g.ply && g.status === 'active') s.game = { ...g, standInAt: seat.standInAt };
    this.out.changed();
    // The CPU took this player's seat while they are here (their time ran out): take it back.
    if (seat.standIn && seat.color === myColor(s) && s.game?.status === 'active') void this.takeSeat();
  }

  private async takeSeat(): Promise<void> {
    try {
      this.setGame(await this.api.seat(this.s.gameId));
    } catch (e) {
      this.out.flash(message(e));
    } finally {
      this.out.changed();
    }
  }

  // ---- commands ----

  /** A click (or Enter) on a square. */
  clickSquare(square: string): void {
    const s = this.s;
    if (!canMove(s) || s.view !== null) return;
    if (boardModel(s).playable.includes(square)) void this.play(square);
    else {
      const taken = shownBoard(s).charAt(squareIndex(square)) !== '.';
      this.out.squareFeedback(square, taken ? t('game.square.taken', { square }) : t('game.square.noFlip', { square }));
    }
  }

  async play(square: string): Promise<void> {
    const s = this.s;
    if (!canMove(s) || !s.game) return;
    const g = s.game;
    if (g.legalMoves && !g.legalMoves.includes(square)) {
      this.out.squareFeedback(square, t('game.square.noFlip', { square }));
      return;
    }
    this.out.squareFeedback(null, null);
    // Shown at once as on its way; "not answering" if no answer comes soon.
    s.busy = true;
    s.sending = { square, ply: g.ply };
    s.silent = false;
    await this.send();
  }

  private inFlight = false;
  private silentTimer: ReturnType<typeof setTimeout> | null = null;
  private resendTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * Sends the move on its way (s.sending). The API makes this safe to repeat: the same square at
   * the same ply is answered as the move already recorded. A request that fails because the server
   * cannot be reached leaves the move pending, sent again every RESEND_MS and as soon as the game
   * stream is live again; any other answer settles it.
   */
  private async send(): Promise<void> {
    const s = this.s;
    const move = s.sending;
    const g = s.game;
    if (!move || !g || this.inFlight) return;
    this.inFlight = true;
    this.clearTimers();
    if (!s.silent) this.silentTimer = setTimeout(() => this.markSilent(move), NOT_ANSWERING_MS);
    this.out.changed();
    const { square, ply } = move;
    let retry = false;
    try {
      const sent = Date.now();
      // A clocked game credits the network's share of the turn back to the mover (up to a quota).
      const r = await this.api.move(s.gameId, g.clocks ? { square, ply, lag: Math.min(10_000, s.lagMs) } : { square, ply });
      s.lagMs = Math.min(10_000, Math.round((Date.now() - sent) / 2));
      s.awayNote = null;
      s.moves[r.move.ply] = r.move;
      this.out.moveSound(r.move.color);
      this.settle();
      this.setGame(r.game);
      this.out.flash(null);
    } catch (e) {
      const code = e instanceof ApiError ? e.code : undefined;
      const current = detail<Game>(e, 'game');
      if (s.sending !== move) {
        // Settled meanwhile (the stream brought the game past this ply).
      } else if (code === 'NETWORK' || code === 'SERVICE_UNAVAILABLE') {
        retry = true;
      } else {
        this.settle();
        if (code === 'STALE_PLY' && current) {
          this.setGame(current);
          this.out.flash(t('game.staleBoard'), true);
        } else if (code === 'ILLEGAL_MOVE') this.out.squareFeedback(square, t('game.square.illegal', { square }));
        else if (code === 'NOT_YOUR_TURN' || code === 'GAME_OVER') void this.refresh();
        else this.out.flash(message(e));
      }
    } finally {
      this.inFlight = false;
      if (retry && s.sending === move) {
        s.silent = true;
        this.clearTimers();
        this.resendTimer = setTimeout(() => void this.send(), RESEND_MS);
      }
      this.out.changed();
    }
  }

  private markSilent(move: GameState['sending']): void {
    if (this.s.sending !== move) return;
    this.s.silent = true;
    this.out.changed();
  }

  private clearTimers(): void {
    if (this.silentTimer) clearTimeout(this.silentTimer);
    if (this.resendTimer) clearTimeout(this.resendTimer);
    this.silentTimer = this.resendTimer = null;
  }

  /** The move on its way is answered (or overtaken): the board and the status show the game again. */
  private settle(): void {
    this.clearTimers();
    this.s.sending = null;
    this.s.silent = false;
    this.s.busy = false;
  }

  resign(): Promise<void> {
    return this.request('resign', () => this.api.resign(this.s.gameId), ['GAME_OVER']);
  }

  abort(): Promise<void> {
    return this.request('abort', () => this.api.abort(this.s.gameId), ['GAME_OVER', 'TOO_LATE_TO_ABORT']);
  }

  /** Offers a rematch, or accepts the other seat's offer (then both go to the new game). */
  async rematch(): Promise<void> {
    const s = this.s;
    if (!s.roomCode) return;
    s.pending.add('rematch');
    this.out.changed();
    try {
      const room = await this.api.rematch(s.roomCode);
      if (room.gameId && room.gameId !== s.gameId) this.follow(room.gameId);
      else s.offer = room.rematch ?? null;
    } catch (e) {
      const id = detail<string>(e, 'gameId');
      if (e instanceof ApiError && e.code === 'GAME_IN_PROGRESS' && id) this.follow(id);
      else this.out.flash(message(e));
    } finally {
      s.pending.delete('rematch');
      this.out.changed();
    }
  }

  /** Withdraws one's own offer, or declines the other seat's. */
  async declineRematch(): Promise<void> {
    const s = this.s;
    if (!s.roomCode) return;
    s.pending.add('decline');
    this.out.changed();
    try {
      s.offer = (await this.api.declineRematch(s.roomCode)).rematch ?? null;
    } catch (e) {
      this.out.flash(message(e));
    } finally {
      s.pending.delete('decline');
      this.out.changed();
    }
  }

  /** Shows the position after `view` records (the game is over); the last one shows the final board. */
  goTo(view: number): void {
    const total = countMoves(this.s);
    this.s.view = Math.max(0, Math.min(total, view)) === total ? null : Math.max(0, view);
    this.out.changed();
  }

  /** ← → Home End step through a finished game. True when the key was used. */
  replayKey(key: string): boolean {
    const s = this.s;
    if (!s.game || s.game.status === 'active') return false;
    const at = s.view ?? countMoves(s);
    const to: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: countMoves(s) };
    if (!(key in to)) return false;
    this.goTo(to[key]);
    return true;
  }

  /** Reads the game again (coalesced: one request at a time, one more if asked meanwhile). */
  async refresh(): Promise<void> {
    if (this.refreshing) {
      this.again = true;
      return;
    }
    this.refreshing = true;
    try {
      do {
        this.again = false;
        this.setGame(await this.api.game(this.s.gameId));
      } while (this.again);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return this.notFound();
      this.out.flash(message(e));
    } finally {
      this.refreshing = false;
      this.out.changed();
    }
  }

  // ---- internals ----

  private async request(what: Pending, send: () => Promise<Game>, refreshOn: string[]): Promise<void> {
    const s = this.s;
    s.pending.add(what);
    this.out.changed();
    try {
      this.setGame(await send());
    } catch (e) {
      if (e instanceof ApiError && e.code && refreshOn.includes(e.code)) void this.refresh();
      else this.out.flash(message(e));
    } finally {
      s.pending.delete(what);
      this.out.changed();
    }
  }

  /** Accepts a game state unless it is older than the one shown. */
  private setGame(g: Game): void {
    const s = this.s;
    const cur = s.game;
    if (cur && g.ply < cur.ply) return;
    if (cur && cur.status !== 'active' && g.status === 'active') return;
    // The game moved past the move on its way (it was recorded, or the turn is over): settled.
    if (s.sending && (g.ply > s.sending.ply || g.status !== 'active')) this.settle();
    s.game = g;
    s.clockAt = Date.now();
    if (g.roomCode) s.roomCode = g.roomCode;
    s.stale = false;
    if (g.status === 'active') s.view = null;
    if (s.lastEventId === null || g.ply > s.lastEventId) s.lastEventId = g.ply;
    if (g.status !== 'active' && s.connection !== 'ended') {
      // Over: nothing more will come on the game's stream (the server ends it after `end`).
      s.connection = 'ended';
      this.out.endGameStream();
      if (s.phase === 'ready' && countMoves(s) < g.ply) void this.loadMoves();
    }
  }

  private async loadMoves(): Promise<void> {
    try {
      const r = await this.api.moves(this.s.gameId);
      // Merged, not replaced: a move event may have arrived while this was on its way.
      for (const m of r.moves) this.s.moves[m.ply] = m;
      if (this.s.game) this.out.changed();
    } catch {
      /* the list catches up on the next event */
    }
  }

  private follow(id: string): void {
    const s = this.s;
    if (s.leaving || id === s.gameId) return;
    s.leaving = true;
    this.out.navigate(gameHref(id, s.roomCode));
  }

  private notFound(): void {
    this.s.phase = 'missing';
    this.out.stop();
    this.out.changed();
  }
}

// ---- selectors: what the views show, from the state (pure) ----

export function myColor(s: GameState): Color | null {
  const g = s.game;
  if (!g || !s.me) return null;
  if (g.black.player.id === s.me.id) return 'black';
  if (g.white.player.id === s.me.id) return 'white';
  return null;
}

export function canMove(s: GameState): boolean {
  const g = s.game;
  const mine = myColor(s);
  return !!g && g.status === 'active' && !s.busy && !s.stale && mine !== null && g.toMove === mine;
}

export const countMoves = (s: GameState): number => s.moves.filter(Boolean).length;

/** The game's event stream is worth opening: only while the game is being played. */
export const needsGameStream = (s: GameState): boolean => s.phase === 'ready' && !!s.game && s.game.status === 'active';

/** A rematch can still start from this page: the player's own events are worth following. */
export const needsOwnStream = (s: GameState): boolean => !!s.game && !!myColor(s) && (s.game.status === 'active' || !!s.roomCode);

/** Replaying: the position after `view` records; otherwise the game's board. */
export function shownBoard(s: GameState): string {
  return s.view === null ? s.game!.board : boardAt(s.moves, s.view);
}

function lastMoveSquare(s: GameState): string | null {
  const upto = s.view === null ? s.moves.length : s.view;
  for (let i = upto - 1; i >= 0; i--) {
    const m = s.moves[i];
    if (m && !m.pass) return m.square;
  }
  return null;
}

const squareIndex = (sq: string): number => (sq.charCodeAt(1) - 49) * 8 + (sq.charCodeAt(0) - 97);

export function boardModel(s: GameState): BoardModel {
  const g = s.game!;
  const mine = canMove(s) && s.view === null;
  const legal = g.legalMoves && mine ? g.legalMoves : [];
  const board = shownBoard(s);
  const playable: string[] = [];
  if (mine) {
    if (g.legalMoves) playable.push(...g.legalMoves);
    else for (let i = 0; i < 64; i++) if (board.charAt(i) === '.') playable.push(String.fromCharCode(97 + (i % 8)) + String(Math.floor(i / 8) + 1));
  }
  return { board, legal, playable, last: lastMoveSquare(s), interactive: mine, color: myColor(s), busy: s.busy || s.stale, pending: s.view === null ? (s.sending?.square ?? null) : null };
}

/** The discs shown for a seat: the game's count, or the replayed position's. */
export function discsOf(s: GameState, color: Color): number {
  return s.view === null ? s.game!.discs[color] : countDiscs(shownBoard(s))[color];
}

export function describeMove(s: GameState, move: Move): Text {
  const name = s.game ? s.game[move.color].player.username : move.color;
  return move.pass ? t('game.announce.pass', { color: move.color, name }) : t('game.announce.move', { color: move.color, name, square: move.square ?? '' });
}

export function statusText(s: GameState): Text {
  const g = s.game!;
  const mine = myColor(s);
  if (g.status === 'active') {
    // The player's move on its way: said at once, and that the server is silent if it is.
    if (s.sending) return t(s.silent ? 'game.status.notAnswering' : 'game.status.sending', { square: s.sending.square });
    const toMove = g.toMove ?? 'black';
    const seat = g[toMove];
    let status: Text;
    if (mine && toMove === mine) status = t('game.status.yourTurn', { color: mine });
    else if (mine) status = t(seat.standIn ? 'game.status.waitingForStandIn' : 'game.status.waitingFor', { name: seat.player.username });
    else status = t('game.status.toMove', { color: toMove, name: seat.player.username });
    // Each player's first move has a deadline in every game: missing it aborts the game.
    if (!awaitingFirstMove(g)) return status;
    return t(mine && toMove === mine ? 'game.status.firstMoveYours' : 'game.status.firstMoveTheirs', { status });
  }
  if (g.status === 'aborted' || !g.result) return t('game.status.aborted');
  if (g.result.winner === null) return t('game.status.draw');
  if (mine) return t(g.result.winner === mine ? 'game.status.won' : 'game.status.lost');
  return t('game.status.wins', { color: g.result.winner });
}

export const isYourTurn = (s: GameState): boolean => !!s.game && s.game.status === 'active' && myColor(s) !== null && s.game.toMove === myColor(s);

export function titleText(s: GameState): Text {
  if (s.phase === 'missing') return t('game.title.missing');
  const g = s.game!;
  return t(isYourTurn(s) ? 'game.title.yourTurn' : 'game.title', { black: g.black.player.username, white: g.white.player.username });
}

export function metaTexts(s: GameState): Text[] {
  const g = s.game!;
  const limit = g.settings.clock
    ? t('game.meta.clock', { label: g.settings.clock.label })
    : g.settings.turnSeconds
      ? t('game.meta.turnLimit', { seconds: g.settings.turnSeconds })
      : t('game.meta.noLimit');
  const meta = [t(g.rated ? 'game.meta.rated' : 'game.meta.casual'), limit];
  // Without a turn limit, the game's idle limit: a player who has not moved for this long gets the CPU.
  if (!g.settings.turnSeconds && g.settings.idleSeconds) meta.push(t('game.meta.idleLimit', { time: clockText(g.settings.idleSeconds) }));
  if (!myColor(s)) meta.push(t(s.me ? 'game.meta.watching' : 'game.meta.spectator'));
  if (s.roomCode) meta.push(t('game.meta.room', { code: s.roomCode }));
  return meta;
}

/**
 * A ranked game's count of the CPU's moves for a seat: the viewer's own (and how many more it may
 * play before the game counts as abandoned for them), or the other seat's once it is over the limit.
 */
export function cpuMovesNote(s: GameState): Text | null {
  const g = s.game!;
  const max = g.settings.standInMoves;
  if (g.status !== 'active' || max === null) return null;
  const mine = myColor(s);
  if (mine && g[mine].cpuMoves > 0) return t(g[mine].cpuMoves > max ? 'game.cpuMoves.mineOver' : 'game.cpuMoves.mine', { n: g[mine].cpuMoves, max });
  const over = (['black', 'white'] as const).find((c) => c !== mine && g[c].cpuMoves > max);
  return over ? t('game.cpuMoves.theirsOver', { n: g[over].cpuMoves, name: g[over].player.username }) : null;
}

/** A pass stays on the board until the next move: both sides see who passed and who plays again. */
export function passNotice(s: GameState): Text | null {
  const g = s.game!;
  const last = s.moves[g.ply - 1];
  if (g.status !== 'active' || s.view !== null || !last || !last.pass) return null;
  const mine = myColor(s);
  const passer = last.color;
  if (mine === passer) return t('game.pass.mine', { name: g[other(passer)].player.username });
  if (mine) return t('game.pass.theirs', { name: g[passer].player.username });
  return t('game.pass.watching', { passer, again: other(passer) });
}

/** A seat the CPU plays (not the viewer's): what that means, in plain words. */
export function standInNote(s: GameState): Text | null {
  const g = s.game!;
  const away = (['black', 'white'] as const).filter((c) => g[c].standIn && c !== myColor(s));
  if (g.status !== 'active' || away.length === 0) return null;
  return t('game.standIn', { name: g[away[0]].player.username });
}

const clockText = (secs: number): string => `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')}`;

/**
 * The opponent to move seems to be gone: in a game without a turn limit their presence keeps
 * pushing standInAt to cpuTakeoverSeconds ahead, so with less than cpuTakeoverSeconds −
 * awayAfterSeconds left nobody has seen them for a while.
 */
export function opponentAway(s: GameState, now: number): Text | null {
  const g = s.game!;
  const mine = myColor(s);
  const them = mine ? other(mine) : null;
  const left = g.standInAt ? Date.parse(g.standInAt) - now : Infinity;
  const below = (s.settings.cpuTakeoverSeconds - s.settings.awayAfterSeconds) * 1000;
  if (g.status !== 'active' || !them || g.toMove !== them || g.settings.turnSeconds || left >= below) return null;
  return t('game.opponentAway', { name: g[them].player.username, time: clockText(Math.max(0, Math.ceil(left / 1000))) });
}

/** Back after the CPU stood in: the squares it played for this player since their last own move. */
function cpuMovesWhileAway(s: GameState): string[] | null {
  const mine = myColor(s);
  if (!mine || !s.game || s.game.status !== 'active') return null;
  const list = s.moves.filter(Boolean);
  const lastOwn = list.map((m) => m.color === mine && m.by === 'player').lastIndexOf(true);
  const byCpu = list.slice(lastOwn + 1).filter((m) => m.color === mine && m.by === 'cpu' && !m.pass);
  return byCpu.length ? byCpu.map((m) => m.square ?? '') : null;
}

export function awayNote(s: GameState): Text | null {
  return s.awayNote ? t('game.awayNote', { squares: s.awayNote.join(', ') }) : null;
}

export interface ResultView {
  title: Text;
  tone: '' | 'pl-win' | 'pl-loss';
  detail: Text;
  score: Text;
  /** Each seat's rating change, or null for a casual game. */
  changes: { color: Color; text: Text; direction: 'up' | 'down' | 'same' }[] | null;
  rated: boolean;
}

/** Over a ranked game's limit of CPU moves for a seat (settings.standInMoves). */
const overCpuLimit = (g: Game, c: Color): boolean => g.settings.standInMoves !== null && g[c].cpuMoves > g.settings.standInMoves;

/**
 * Why a seat abandoned: the CPU still held it at the end, or (ranked) it played more than the
 * game's limit of moves for it, whoever was ahead.
 */
function abandonedText(g: Game, loser: Color): Text {
  const name = g[loser].player.username;
  if (!g[loser].standIn && overCpuLimit(g, loser)) return t('game.result.abandonedMoves', { name, n: g[loser].cpuMoves, max: g.settings.standInMoves! });
  return t('game.result.abandoned', { name });
}

/**
 * An aborted game that both players had moved in: the stand-in's moves would have decided it (the
 * CPU over the limit for both seats, a resignation to an abandoned seat, the CPU on both seats).
 */
const standInVoided = (g: Game): boolean => (['black', 'white'] as const).some((c) => g[c].standIn || overCpuLimit(g, c));

export function resultView(s: GameState): ResultView | null {
  const g = s.game!;
  if (g.status === 'active' || !g.result) return null;
  const r = g.result;
  const mine = myColor(s);
  let title: Text;
  let tone: ResultView['tone'] = '';
  if (r.reason === 'aborted') title = t('game.result.aborted');
  else if (r.winner === null) title = t('game.result.draw');
  else if (mine) {
    title = t(r.winner === mine ? 'game.result.won' : 'game.result.lost');
    tone = r.winner === mine ? 'pl-win' : 'pl-loss';
  } else title = t('game.result.wins', { color: r.winner });
  let detailText: Text;
  if (r.reason === 'resign' && r.winner) detailText = t('game.result.resigned', { name: g[other(r.winner)].player.username });
  else if (r.reason === 'time' && r.winner) detailText = t('game.result.time', { name: g[other(r.winner)].player.username });
  else if (r.reason === 'board') detailText = t(r.winner === null ? 'game.result.boardDraw' : 'game.result.board');
  else if (r.reason === 'abandoned' && r.winner) detailText = abandonedText(g, other(r.winner));
  else if (r.reason === 'aborted') detailText = t(standInVoided(g) ? 'game.result.standInVoid' : 'game.result.calledOff');
  else detailText = t('game.result.none');
  const changes = r.ratingChanges
    ? (['black', 'white'] as const).map((c) => {
        const d = Math.round(r.ratingChanges![c]);
        const name = g[c].player.username;
        const delta = signed(r.ratingChanges![c]);
        // Old → new ("1500? → 1662?"), as every page shows a rating; the change alone when the steps are not known.
        const step = r.ratings?.[c];
        const text = step ? t('game.result.ratingStep', { name, step: ratingStepLabel(step), delta }) : t('game.result.ratingChange', { name, delta });
        return { color: c, text, direction: d > 0 ? ('up' as const) : d < 0 ? ('down' as const) : ('same' as const) };
      })
    : null;
  return { title, tone, detail: detailText, score: t('game.result.score', { black: r.discs.black, white: r.discs.white }), changes, rated: g.rated };
}

export interface ActionsView {
  abort: boolean;
  resign: boolean;
  /** A queue game's "Play again": the lobby queues once more in the same mode with the same turn limit. */
  playAgain: string | null;
}

export function actionsView(s: GameState): ActionsView {
  const g = s.game!;
  const mine = !!myColor(s);
  const queueGame = g.status !== 'active' && mine && !s.roomCode;
  return {
    abort: mine && canAbort(g),
    resign: mine && g.status === 'active' && !canAbort(g),
    playAgain: queueGame
      ? `/play?again=${g.rated ? 'ranked' : 'unranked'}&turn=${g.settings.turnSeconds ?? ''}&clock=${encodeURIComponent(g.settings.clock?.label ?? '')}`
      : null,
  };
}

export interface RematchView {
  button: Text | null;
  decline: Text | null;
  status: Text | null;
}

/** Rematch by consent: offer, or accept / decline the other seat's offer; offers lapse. */
export function rematchView(s: GameState, now: number): RematchView {
  const g = s.game!;
  const mine = myColor(s);
  if (g.status === 'active' || !mine || !s.roomCode) return { button: null, decline: null, status: null };
  const live = s.offer && Date.parse(s.offer.expiresAt) > now ? s.offer : null;
  const opponent = g[other(mine)].player.username;
  if (!live) return { button: t('game.rematch'), decline: null, status: null };
  if (live.offeredBy === s.me?.id) return { button: null, decline: t('game.rematch.withdraw'), status: t('game.rematch.offered', { name: opponent }) };
  return { button: t('game.rematch.accept'), decline: t('game.rematch.decline'), status: t('game.rematch.offer', { name: opponent }) };
}

export interface ReplayView {
  on: boolean;
  at: number;
  total: number;
  position: Text;
}

export function replayView(s: GameState): ReplayView {
  const g = s.game!;
  const total = countMoves(s);
  const at = s.view ?? total;
  return {
    on: g.status !== 'active' && total > 0 && total >= g.ply,
    at,
    total,
    position: at === 0 ? t('replay.start') : t('replay.position', { at, total }),
  };
}

export interface ClockView {
  on: boolean;
  text: string;
  low: boolean;
  /** This seat's time is running now. */
  running: boolean;
}

/** A clock's time: m:ss, with tenths under 10 s. */
const clockMsText = (ms: number): string => (ms < 10_000 ? `0:0${(Math.floor(ms / 100) / 10).toFixed(1)}` : clockText(Math.ceil(ms / 1000)));

/** A seat's time left (ms) at `now`: its clock, counted down locally from the values last received while it runs. */
export function clockLeft(s: GameState, color: Color, now: number): number | null {
  const g = s.game;
  if (!g?.clocks) return null;
  const running = g.status === 'active' && g.clocks.running === color;
  return Math.max(0, g.clocks[color] - (running ? Math.max(0, now - s.clockAt) : 0));
}

/**
 * A seat's clock: in a clocked game both seats' time left, always shown (the running one counting
 * down); a first move's own timer, a turn limit's time left, or (no clock, no turn limit) the idle
 * limit's last minute for the side to move.
 */
export function clockOf(s: GameState, color: Color, now: number): ClockView {
  const g = s.game;
  const off = { on: false, text: '', low: false, running: false };
  if (!g) return off;
  const toMove = g.status === 'active' && g.toMove === color;
  const firstMove = toMove && !!g.turnDeadline && awaitingFirstMove(g);
  if (g.clocks && !firstMove) {
    const left = clockLeft(s, color, now)!;
    const running = g.status === 'active' && g.clocks.running === color;
    return { on: true, text: clockMsText(left), low: running && left <= 10_000, running };
  }
  if (toMove && g.idleDeadline && !g.turnDeadline) {
    const ms = Date.parse(g.idleDeadline) - now;
    if (ms > 60_000) return off;
    return { on: true, text: clockText(Math.max(0, Math.ceil(ms / 1000))), low: true, running: true };
  }
  if (!toMove || !g.turnDeadline) return off;
  const left = Math.max(0, Math.ceil((Date.parse(g.turnDeadline) - now) / 1000));
  return { on: true, text: clockText(left), low: left <= 10, running: true };
}

/** When a running clock is announced: as it crosses each of these (seconds left), once a turn. */
const CLOCK_ALERTS = [60, 30, 10] as const;

/**
 * What to tell a screen reader about the clock now, at sensible moments only (never every second):
 * the mover's clock crossing 60, 30 and 10 s left (a clocked game), or the viewer's own idle limit's
 * last minute (untimed game); null when nothing new. Marks what it said in the state.
 */
export function clockAnnouncement(s: GameState, now: number): Text | null {
  const g = s.game;
  if (!g || g.status !== 'active' || !g.toMove) return null;
  const mover = g.toMove;
  let leftMs: number | null = null;
  let text: (time: string) => Text;
  if (g.clocks?.running === mover) {
    leftMs = clockLeft(s, mover, now);
    text = (time) => t('game.clock.announce', { name: g[mover].player.username, time });
  } else if (!g.clocks && g.idleDeadline && !g.turnDeadline && myColor(s) === mover) {
    leftMs = Date.parse(g.idleDeadline) - now;
    text = (time) => t('game.clock.idle', { time });
  } else return null;
  if (leftMs === null || leftMs <= 0) return null;
  const below = CLOCK_ALERTS.filter((b) => leftMs! <= b * 1000).at(-1);
  if (below === undefined) return null;
  const said = s.clockAlert;
  if (said && said.ply === g.ply && said.below <= below) return null;
  s.clockAlert = { ply: g.ply, below };
  return text(clockText(Math.ceil(leftMs / 1000)));
}

export function seatView(s: GameState, color: Color): { name: string; rating: string; standIn: boolean; you: boolean; discs: number; toMove: boolean } {
  const g = s.game!;
  const seat = g[color];
  return {
    name: seat.player.username,
    rating: ratingLabel(seat.player) ?? '',
    standIn: seat.standIn && g.status === 'active',
    you: myColor(s) === color,
    discs: discsOf(s, color),
    toMove: g.status === 'active' && g.toMove === color,
  };
}
