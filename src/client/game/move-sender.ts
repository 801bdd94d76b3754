/**
 * The move on its way (`s.sending`): sent, shown as "not answering" when no answer comes soon,
 * sent again while the server cannot be reached, and settled by its answer or by a game that has
 * moved past it. The controller (state.ts) starts it and hands it every game it accepts.
 */
import { errorMessage, t } from '../common/messages';
import { ApiError, detail, type Game } from '../transport/api';
import { NOT_ANSWERING_MS, RESEND_MS, type GameApi, type GameOutput, type GameState } from './model';

/** What the sender asks of the controller: take a game, read the game again. */
export interface MoveSenderHost {
  setGame(g: Game): void;
  refresh(): void;
}

export class MoveSender {
  private inFlight = false;
  private silentTimer: ReturnType<typeof setTimeout> | null = null;
  private resendTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly s: GameState,
    private readonly api: Pick<GameApi, 'move'>,
    private readonly out: GameOutput,
    private readonly host: MoveSenderHost,
  ) {}

  /** A move is played: shown at once as on its way, then sent. */
  start(square: string, ply: number): Promise<void> {
    const s = this.s;
    s.busy = true;
    s.sending = { square, ply };
    s.silent = false;
    return this.send();
  }

  /** The server answers again (the game stream is live): a move that never got its answer goes again now. */
  serverBack(): void {
    if (this.s.sending && this.s.silent && !this.inFlight) void this.send();
  }

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
      this.host.setGame(r.game);
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
          this.host.setGame(current);
          this.out.flash(t('game.staleBoard'), true);
        } else if (code === 'ILLEGAL_MOVE') this.out.squareFeedback(square, t('game.square.illegal', { square }));
        else if (code === 'NOT_YOUR_TURN' || code === 'GAME_OVER') this.host.refresh();
        else this.out.flash(errorMessage(e));
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
  settle(): void {
    this.clearTimers();
    this.s.sending = null;
    this.s.silent = false;
    this.s.busy = false;
  }
}
