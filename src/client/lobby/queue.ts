/** The lobby's quick match: joining a queue, waiting for the pairing, leaving it. */
import { isTurnLimit } from '../../games/domain/game';
import { errorMessage, t } from '../common/messages';
import { setPref } from '../common/storage';
import { ApiError, type RankedGate, type Ticket } from '../transport/api';
import { PRESETS, RANKED_CLOCK, setQueued, type LobbyHost, type Mode, type QueueClock } from './model';

export class QueueFlow {
  private queuePoll: ReturnType<typeof setInterval> | undefined;
  /** The GET /api/queue in flight, if any; answers from before the player left the queue are ignored. */
  private queueCheck: Promise<void> = Promise.resolve();
  private queueRound = 0;

  constructor(private readonly host: LobbyHost) {}

  // ---- quick match ----

  /**
   * Queues with a clock or a turn limit: a ranked game always has a clock (5+3 unless another preset
   * is picked) and never a turn limit; a casual one a clock, a turn limit or neither.
   */
  async queue(mode: Mode, turnSeconds: number | null, clock: string | null = null): Promise<void> {
    const s = this.host.s;
    const picked = clock && PRESETS.includes(clock) ? clock : null;
    const chosenClock = mode === 'ranked' ? (picked ?? RANKED_CLOCK) : picked;
    const limit = chosenClock === null && isTurnLimit(turnSeconds) ? turnSeconds : null;
    s.choice = { mode, turnSeconds: limit, clock: chosenClock };
    setPref('mode', mode);
    await this.host.busyWith('queue', async () => {
      const ticket = await this.host.io.api.joinQueue({ mode, turnSeconds: limit, clock: chosenClock as QueueClock });
      s.message = null;
      if (ticket.gameId) this.host.go(ticket.gameId, null);
      else this.waitForMatch(ticket);
    }, (e) => {
      if (e instanceof ApiError && e.code === 'ALREADY_QUEUED') void this.checkQueue();
      else if (e instanceof ApiError && e.code === 'RANKED_NOT_YET') {
        // The note under the modes says what opens ranked play; the answer says it where the form is.
        s.rankedGate = e.details as RankedGate;
        this.host.say(errorMessage(e), false, 'queue');
      } else this.host.inGameOr(e, 'queue');
    });
  }

  /** A new account learns why ranked play is not open yet, and how far it is, before it tries. */
  async loadRankedGate(): Promise<void> {
    const me = this.host.s.me;
    if (!me || me.guest) return;
    try {
      const gate = await this.host.io.api.rankedGate();
      if (this.host.s.me?.id !== me.id) return;
      this.host.s.rankedGate = gate;
      this.host.out.changed();
    } catch {
      /* the queue's own answer says it when it matters */
    }
  }

  async leaveQueue(): Promise<void> {
    // No poll after this: one already sent is waited for (asked after the DELETE it would be a
    // 404), and its answer no longer counts (a 'waiting' one would start the polling again).
    clearInterval(this.queuePoll);
    this.queuePoll = undefined;
    this.queueRound += 1;
    await this.queueCheck;
    try {
      await this.host.io.api.leaveQueue();
    } catch {
      /* leaving twice is fine */
    }
    this.stopQueueWait();
  }

  private waitForMatch(ticket: Ticket): void {
    this.host.s.ticket = ticket;
    setQueued(true);
    clearInterval(this.queuePoll);
    // The 'matched' event normally arrives first; polling is the fallback, keeps the ticket
    // present, and shows a ranked ticket's widening window.
    this.queuePoll = setInterval(() => void this.checkQueue(), ticket.mode === 'ranked' ? 2000 : 4000);
    this.host.out.changed();
  }

  stopQueueWait(): void {
    clearInterval(this.queuePoll);
    this.queuePoll = undefined;
    setQueued(false);
    this.host.s.ticket = null;
    this.host.out.changed();
  }

  checkQueue(): Promise<void> {
    this.queueCheck = this.askQueue();
    return this.queueCheck;
  }

  private async askQueue(): Promise<void> {
    if (!this.host.s.me) return;
    const round = this.queueRound;
    try {
      const ticket = await this.host.io.api.queue();
      if (round !== this.queueRound) return;
      if (ticket.state === 'matched' && ticket.gameId) this.host.go(ticket.gameId, null);
      else if (ticket.state === 'waiting') this.waitForMatch(ticket);
      else {
        this.stopQueueWait();
        if (ticket.reason === 'absent') this.host.say(t('lobby.queue.lapsed'), false, 'queue');
      }
    } catch (e) {
      if (round === this.queueRound && e instanceof ApiError && e.status === 404) this.stopQueueWait();
    }
  }

}
