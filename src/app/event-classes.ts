import { CHALLENGE_PLAYER_EVENTS } from '../challenges/challenge-events.js';
import type { EventClasses } from '../events/event-map.js';
import { GAME_STREAM_EVENTS } from '../games/game-events.js';
import { QUEUE_PLAYER_EVENTS } from '../matchmaking/queue-events.js';
import { ROOM_PLAYER_EVENTS } from '../rooms/room-events.js';

/**
 * Every event's payload class, composed from the modules that declare them (the OpenAPI
 * document's models and `x-events`). Typed by the event map: an event a module declares without
 * its class here does not compile. The order is the document's.
 */
export const EVENT_CLASSES: EventClasses = {
  game: { ...GAME_STREAM_EVENTS },
  player: { matched: QUEUE_PLAYER_EVENTS.matched, game: ROOM_PLAYER_EVENTS.game, rematch: ROOM_PLAYER_EVENTS.rematch, challenge: CHALLENGE_PLAYER_EVENTS.challenge },
};
