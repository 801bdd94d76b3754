/** The event topics and the one NOTIFY channel every app copy listens on. */

export const EVENTS_CHANNEL = 'outflank_events';

/** A game's public stream: move, seat, end. */
export const gameTopic = (gameId: string): `game:${string}` => `game:${gameId}`;

/** A player's own stream: matched, game, rematch, challenge. */
export const playerTopic = (playerId: string): `player:${string}` => `player:${playerId}`;

const PLAYER_TOPIC = /^player:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The player id of a player topic, else null. */
export const playerOfTopic = (topic: string): string | null => PLAYER_TOPIC.exec(topic)?.[1] ?? null;

/** One server-sent event for a topic: the typed events of ./event-map.ts. */
export type { TopicEvent } from './event-map.js';
