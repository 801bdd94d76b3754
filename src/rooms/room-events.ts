import { GameDto } from '../games/dto/game.dto.js';
import { RoomDto } from './dto/room.dto.js';

// A player's stream tells them a game of theirs has started (a room's, or one against the computer),
// and that the other player offers a rematch.
declare module '../events/event-map.js' {
  interface PlayerEvents {
    game: GameDto;
    rematch: RoomDto;
  }
}

/** The payload classes of the events above, for the OpenAPI document (src/app/event-classes.ts). */
export const ROOM_PLAYER_EVENTS = { game: GameDto, rematch: RoomDto };
