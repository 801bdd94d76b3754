/**
 * The lobby's state as data, its settings and what the flows (sign-in in state.ts, rooms and
 * invites in rooms.ts, the queue in queue.ts) share of the controller (`LobbyHost`).
 */
import { CLOCK_PRESETS, clockLabel, DEFAULT_RANKED_CLOCK } from '../../games/domain/clock';
import type { Text } from '../common/messages';
import type { ClientSettings } from '../common/settings';
import { pref, setPref } from '../common/storage';
import type { api, Me, RankedGate, Ticket } from '../transport/api';
import type { followMe } from '../transport/events';

/** The clocks the queues offer, and the ranked queue's default. */
export const PRESETS = CLOCK_PRESETS.map(clockLabel);
export const RANKED_CLOCK = clockLabel(DEFAULT_RANKED_CLOCK);
/** A clock the queue accepts (one of PRESETS, or null). */
export type QueueClock = Parameters<typeof api.joinQueue>[0]['clock'];

export interface LobbyTransport {
  api: Pick<typeof api, 'me' | 'guest' | 'login' | 'register' | 'signOut' | 'signOutEverywhere' | 'changePassword' | 'playerGames' | 'createRoom' | 'room' | 'joinRoom' | 'queue' | 'joinQueue' | 'leaveQueue' | 'rankedGate'>;
  followMe: typeof followMe;
}

export interface LobbyOutput {
  changed(): void;
  /** Leave for a game page. */
  navigate(href: string): void;
  /** The signed-in player is known (their saved language, src/client/language/preference.ts). */
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

export const ROOM_POLL_MS = 3000;
export const INGAME_NAVIGATE_MS = 900;

// Set while this device has a queue ticket, so the lobby only asks GET /api/queue then (it is 404 otherwise).
export const queued = () => pref('queued') === '1';
export const setQueued = (on: boolean) => setPref('queued', on ? '1' : null);

/** What a flow of the lobby uses of its controller: the state, the transport and the shared steps. */
export interface LobbyHost {
  readonly s: LobbyState;
  readonly io: LobbyTransport;
  readonly out: LobbyOutput;
  /** Requests on their way whose own answer navigates (a 'game' or 'matched' event waits for them). */
  inFlight: number;
  /** Ends such a request (after its answer was handled). */
  requestDone(): void;
  signedIn(player: Me): Promise<void>;
  go(gameId: string, roomCode: string | null): void;
  inGameOr(e: unknown, place: Place): void;
  say(text: Text | null, info?: boolean, place?: Place): void;
  busyWith(place: Place, work: () => Promise<void>, failed: (e: unknown) => void): Promise<void>;
}
