/**
 * The one map of every event the server publishes: topic kind → event name → payload class. Every
 * publisher builds its events through `gameEvent` / `playerEvent` (a payload that does not match
 * its type does not compile); EventsService publishes them after their commit, to the other copies
 * with the one NOTIFY statement of ./notify.ts. The classes are published in the OpenAPI document
 * (`x-events` names their schemas), and `npm run api:types` generates src/client/api/events.d.ts
 * from it for the browser client and the bots.
 */
import { ChallengeDto } from '../challenges/dto/challenge.dto.js';
import { GameDto, MoveEventDto, SeatEventDto } from '../games/dto/game.dto.js';
import { TicketDto } from '../matchmaking/dto/queue.dto.js';
import { RoomDto } from '../rooms/dto/room.dto.js';

export const EVENT_MAP = {
  /** `GET /api/games/:id/events`: ids are the game's ply. */
  game: { move: MoveEventDto, seat: SeatEventDto, end: GameDto },
  /** `GET /api/me/events`: ids are the stored event's. */
  player: { matched: TicketDto, game: GameDto, rematch: RoomDto, challenge: ChallengeDto },
} as const;

type Map = typeof EVENT_MAP;
export type TopicKind = keyof Map;
export type EventName<K extends TopicKind> = keyof Map[K] & string;
export type Payload<K extends TopicKind, E extends EventName<K>> = Map[K][E] extends abstract new (...args: never[]) => infer P ? P : never;

/** One event of a topic of kind K. */
export type EventOf<K extends TopicKind> = {
  [E in EventName<K>]: { topic: `${K}:${string}`; event: E; id?: number; data: Payload<K, E> };
}[EventName<K>];

/** Any event, as it crosses NOTIFY and reaches a stream. */
export type TopicEvent = EventOf<'game'> | EventOf<'player'>;

/** An event of a game's public stream (id: the game's ply). */
export function gameEvent<E extends EventName<'game'>>(gameId: string, event: E, data: Payload<'game', E>, id?: number): EventOf<'game'> {
  return { topic: `game:${gameId}`, event, data, id } as EventOf<'game'>;
}

/** An event of a player's own stream (the id is set when it is stored). */
export function playerEvent<E extends EventName<'player'>>(playerId: string, event: E, data: Payload<'player', E>): EventOf<'player'> {
  return { topic: `player:${playerId}`, event, data } as EventOf<'player'>;
}

/** The payload classes, for the OpenAPI document. */
export const EVENT_MODELS = [...new Set(Object.values(EVENT_MAP).flatMap((events) => Object.values(events)))];

/** The `x-events` extension of the OpenAPI document: topic kind → event name → schema reference. */
export function eventsExtension(): Record<string, Record<string, { $ref: string }>> {
  return Object.fromEntries(
    Object.entries(EVENT_MAP).map(([kind, events]) => [kind, Object.fromEntries(Object.entries(events).map(([name, cls]) => [name, { $ref: `#/components/schemas/${cls.name}` }]))]),
  );
}
