/**
 * The server-sent events the client follows, typed (API.md "Events"): a game's stream
 * (`/api/games/:id/events`) and a player's own (`/api/me/events`). New events (e.g. `rematch`)
 * get a case here and a handler in the page that wants them.
 */
import type { Game, Move, Room, Ticket } from './api';
import { openStream, type Stream, type StreamOptions } from './sse';

export type GameEvent = { name: 'move'; data: Move; id: number | null } | { name: 'end'; data: Game; id: number | null } | { name: 'seat'; data: unknown; id: number | null };

export type MeEvent = { name: 'matched'; data: Ticket } | { name: 'game'; data: Game } | { name: 'rematch'; data: Room } | { name: 'other'; type: string; data: unknown };

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

type Options = Omit<StreamOptions, 'onEvent'>;

/** A game's events: moves (passes included), the end, seat changes (a CPU stand-in takes over or hands back). */
export function followGame(gameId: string, onEvent: (ev: GameEvent) => void, opts: Options): Stream {
  return openStream('/api/games/' + encodeURIComponent(gameId) + '/events', {
    ...opts,
    onEvent(name, data, id) {
      if (name === 'move' && isObject(data) && typeof data.ply === 'number') onEvent({ name, data: data as unknown as Move, id });
      else if (name === 'end' && isObject(data) && typeof data.id === 'string') onEvent({ name, data: data as unknown as Game, id });
      else if (name === 'seat') onEvent({ name, data, id });
    },
  });
}

/** The signed-in player's own events: a queue match, a game that starts for them, and whatever comes next. */
export function followMe(onEvent: (ev: MeEvent) => void, opts: Options = {}): Stream {
  return openStream('/api/me/events', {
    ...opts,
    onEvent(name, data) {
      if (name === 'matched' && isObject(data)) onEvent({ name, data: data as unknown as Ticket });
      else if (name === 'game' && isObject(data) && typeof data.id === 'string') onEvent({ name, data: data as unknown as Game });
      else if (name === 'rematch' && isObject(data) && typeof data.code === 'string') onEvent({ name, data: data as unknown as Room });
      else onEvent({ name: 'other', type: name, data });
    },
  });
}
