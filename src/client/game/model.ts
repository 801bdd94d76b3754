/**
 * The board page's state as data: what the controller holds and what it asks of the page and the
 * API. Shared by the controller (state.ts) and the pure selectors (selectors.ts).
 */
import type { ClientSettings } from '../common/settings';
import type { Text } from '../common/messages';
import type { api, Color, Game, Me, Move } from '../transport/api';
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
  /** The signed-in player is known (their saved language, src/client/language/preference.ts). */
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

export const other = (c: Color): Color => (c === 'black' ? 'white' : 'black');
