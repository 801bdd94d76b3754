/**
 * The lobby's "Play the computer" card and custom clocks: no DOM. The card starts a game against
 * the computer (never rated, guests too) and leaves for it; the lobby's own controller
 * (./state.ts) says who is signed in and whether a game is already on.
 */
import { CLOCK_BOUNDS, clockLabel, isValidClock } from '../../games/domain/clock';
import { gameHref } from '../common/format';
import { errorMessage, t, type Text } from '../common/messages';
import { ApiError, detail, type api } from '../transport/api';

/** The bounds of a custom clock, as its message states them. */
export const CLOCK_BOUND_VALUES = {
  minBase: CLOCK_BOUNDS.minBaseSeconds / 60,
  maxBase: CLOCK_BOUNDS.maxBaseSeconds / 60,
  minIncrement: CLOCK_BOUNDS.minIncrementSeconds,
  maxIncrement: CLOCK_BOUNDS.maxIncrementSeconds,
};

/**
 * A custom clock from the form's two fields (minutes, in tenths; seconds added per move) as the API
 * names it ("2.5+1"), or null when it is out of bounds or not a number.
 */
export function customClock(minutes: string, increment: string): string | null {
  const m = Number(minutes.trim().replace(',', '.'));
  const i = Number(increment.trim());
  if (!minutes.trim() || !increment.trim() || !Number.isFinite(m) || !Number.isInteger(i)) return null;
  const baseSeconds = Math.round(m * 600) / 10;
  // Tenths of a minute only: 2.55 minutes is not a clock the API takes.
  if (!Number.isInteger(baseSeconds) || baseSeconds % 6 !== 0) return null;
  const control = { baseSeconds, incrementSeconds: i };
  return isValidClock(control) ? clockLabel(control) : null;
}

export type ComputerColor = 'random' | 'black' | 'white';

export interface ComputerChoice {
  level: number;
  /** "5+3", null for none, or undefined for a custom clock that is not valid. */
  clock: string | null | undefined;
  color: ComputerColor;
  showLegalMoves: boolean;
}

export interface ComputerLobby {
  readonly s: { readonly me: unknown };
  readonly inGame: boolean;
  /** Requests on their way whose own answer navigates: the lobby's 'game' event waits for them. */
  inFlight: number;
  requestDone(): void;
  /** Leaves for the game, once (a 'game' event for it then stays put). */
  go(gameId: string, roomCode: string | null): void;
}

export interface ComputerOutput {
  changed(): void;
  navigate(href: string): void;
}

const IN_GAME_NAVIGATE_MS = 900;

export class ComputerController {
  busy = false;
  message: { text: Text; info: boolean } | null = null;

  constructor(
    private readonly lobby: ComputerLobby,
    private readonly io: Pick<typeof api, 'computerGame'>,
    private readonly out: ComputerOutput,
  ) {}

  /** Starts a game against the computer and leaves for it. */
  async start(choice: ComputerChoice): Promise<void> {
    if (!this.lobby.s.me || this.lobby.inGame || this.busy) return;
    if (choice.clock === undefined) {
      this.say(t('lobby.clockInvalid', CLOCK_BOUND_VALUES));
      return;
    }
    this.busy = true;
    this.say(null);
    // The new game's 'game' event on the lobby's stream waits for this answer, and both leave
    // through the lobby: two navigations to the game, the second cancelling the first, left a
    // page (and a browser test) on an aborted load.
    this.lobby.inFlight++;
    try {
      const game = await this.io.computerGame({ level: choice.level as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8, clock: choice.clock, color: choice.color, showLegalMoves: choice.showLegalMoves });
      this.lobby.go(game.id, null);
    } catch (e) {
      const gameId = detail<string>(e, 'gameId');
      if (e instanceof ApiError && e.code === 'ALREADY_IN_GAME' && gameId) {
        this.say(t('lobby.inGame'), true);
        setTimeout(() => this.out.navigate(gameHref(gameId)), IN_GAME_NAVIGATE_MS);
      } else this.say(errorMessage(e));
    } finally {
      this.busy = false;
      this.lobby.requestDone();
      this.out.changed();
    }
  }

  private say(text: Text | null, info = false): void {
    this.message = text ? { text, info } : null;
    this.out.changed();
  }
}
