/**
 * The board page's controller (/play/:id): no DOM. Events come in (streams, answers, clicks the
 * view translates), commands go out (API requests through `GameApi`, effects through
 * `GameOutput`); views render from the state through the pure selectors of selectors.ts.
 */
import { parseSquare } from '../../engine/notation';
import { AfterRequests } from '../common/after-requests';
import { gameHref } from '../common/format';
import { errorMessage, t } from '../common/messages';
import { applyRecord, countDiscs } from '../common/position';
import type { ClientSettings } from '../common/settings';
import { ApiError, detail, type Game } from '../transport/api';
import type { GameEvents } from '../api/events';
import { gameHandlers, ignore, playerHandlers, type GameEvent, type MeEvent } from '../transport/events';
import type { StreamStatus } from '../transport/sse';
import { other, type GameApi, type GameOutput, type GameState, type Pending } from './model';
import { MoveSender } from './move-sender';
import { boardModel, canMove, countMoves, cpuMovesWhileAway, describeMove, myColor, shownBoard, statusText } from './selectors';

// The page's modules and tests import the model and selectors from here too.
export type * from './model';
export * from './selectors';

export class GameController {
  readonly s: GameState;
  private refreshing = false;
  private again = false;
  private readonly sender: MoveSender;
  private readonly afterRematch = new AfterRequests();

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
    this.sender = new MoveSender(this.s, api, out, { setGame: (g) => this.setGame(g), refresh: () => void this.refresh() });
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
        s.error = errorMessage(e);
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
    this.gameEvents(ev);
  }

  private readonly gameEvents = gameHandlers({
    move: (data, id) => {
      const s = this.s;
      if (id !== null && (s.lastEventId === null || id > s.lastEventId)) s.lastEventId = id;
      this.onMove(data);
    },
    end: (data) => {
      this.setGame(data);
      this.out.changed();
      this.out.announce(statusText(this.s));
    },
    seat: (data, id) => this.onSeat(data, id),
  });

  /** An event of the player's own stream. */
  onMeEvent(ev: MeEvent): void {
    this.meEvents(ev);
  }

  private readonly meEvents = playerHandlers({
    rematch: (room) => {
      if (room.code !== this.s.roomCode) return;
      this.s.offer = room.rematch ?? null;
      this.out.changed();
    },
    game: (game) => {
      const s = this.s;
      if (game.id === s.gameId || !s.game || s.game.status === 'active') return;
      this.afterRematch.run(() => this.follow(game.id), s.pending.has('rematch'));
    },
    // A match or a challenge is the lobby's business, not the board's.
    matched: ignore,
    challenge: ignore,
  });

  /** The game stream (re)opened: after a reconnection, catch up. */
  onStreamOpen(reconnected: boolean): void {
    if (!reconnected) return;
    void this.refresh();
    void this.loadMoves();
  }

  onStreamStatus(status: StreamStatus): void {
    if (this.s.connection === 'ended') return;
    this.s.connection = status;
    if (status === 'live') this.sender.serverBack();
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
      this.out.flash(errorMessage(e));
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
      const taken = shownBoard(s).charAt(parseSquare(square) ?? -1) !== '.';
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
    await this.sender.start(square, g.ply);
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
      else this.out.flash(errorMessage(e));
    } finally {
      s.pending.delete('rematch');
      this.out.changed();
      this.afterRematch.release();
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
      this.out.flash(errorMessage(e));
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
      this.out.flash(errorMessage(e));
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
      else this.out.flash(errorMessage(e));
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
    if (s.sending && (g.ply > s.sending.ply || g.status !== 'active')) this.sender.settle();
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
