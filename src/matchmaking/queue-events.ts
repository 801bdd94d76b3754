import { TicketDto } from './dto/queue.dto.js';

// A player's stream tells them the queue has paired them.
declare module '../events/event-map.js' {
  interface PlayerEvents {
    matched: TicketDto;
  }
}

/** The payload classes of the events above, for the OpenAPI document (src/app/event-classes.ts). */
export const QUEUE_PLAYER_EVENTS = { matched: TicketDto };
