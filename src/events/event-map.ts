/**
 * The one map of every event the server publishes: topic kind → event name → payload. Every
 * publisher builds its events through `gameEvent` / `playerEvent` (a payload that does not match
 * its type does not compile); EventsService publishes them after their commit, to the other copies
 * with the one NOTIFY statement of ./notify.ts. The classes are published in the OpenAPI document
 * (`x-events` names their schemas, from the shell's EventClasses), and `npm run api:types` generates src/client/api/events.d.ts
 * from it for the browser client and the bots.
 */

// The events of each topic kind, by name: empty here, filled by the modules that publish them
// (games/game-events.ts, matchmaking/queue-events.ts, rooms/room-events.ts, each with a
// `declare module` of this file), so that the data layer names no module.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declarations
export interface GameEvents {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declarations
export interface PlayerEvents {}

/** `game`: `GET /api/games/:id/events`, ids are the game's ply; `player`: `GET /api/me/events`, ids are the stored event's. */
export interface EventMap {
  game: GameEvents;
  player: PlayerEvents;
}

export type TopicKind = keyof EventMap;
export type EventName<K extends TopicKind> = keyof EventMap[K] & string;
export type Payload<K extends TopicKind, E extends EventName<K>> = EventMap[K][E];

/**
 * The map's runtime form, topic kind → event name → payload class, composed by the app shell
 * (src/app/event-classes.ts) from each module's own: a declared event without its class does not compile.
 */
export type EventClasses = { [K in TopicKind]: { [E in EventName<K>]: abstract new (...args: never[]) => Payload<K, E> } };

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
export function eventModels(classes: EventClasses): (abstract new (...args: never[]) => unknown)[] {
  return [...new Set(Object.values(classes).flatMap((events) => Object.values(events) as (abstract new (...args: never[]) => unknown)[]))];
}

/** The `x-events` extension of the OpenAPI document: topic kind → event name → schema reference. */
export function eventsExtension(classes: EventClasses): Record<string, Record<string, { $ref: string }>> {
  return Object.fromEntries(
    Object.entries(classes).map(([kind, events]) => [
      kind,
      Object.fromEntries(Object.entries(events as Record<string, { name: string }>).map(([name, cls]) => [name, { $ref: `#/components/schemas/${cls.name}` }])),
    ]),
  );
}
