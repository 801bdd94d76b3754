/** The event topics and the one NOTIFY channel every app copy listens on. */

export const EVENTS_CHANNEL = 'outflank_events';

/** A game's public stream: move, seat, end. */
export const gameTopic = (gameId: string) => `game:${gameId}`;

/** A player's own stream: matched, game, rematch. */
export const playerTopic = (playerId: string) => `player:${playerId}`;

/** One server-sent event for a topic. */
export interface TopicEvent {
  topic: string;
  event: string;
  /** SSE id: the game's ply for game topics. */
  id?: number;
  data: unknown;
}
