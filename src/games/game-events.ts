import { GameDto, MoveEventDto, SeatEventDto } from './dto/game.dto.js';

// A game's public stream carries the games module's events; their payloads are its DTOs.
declare module '../events/event-map.js' {
  interface GameEvents {
    move: MoveEventDto;
    seat: SeatEventDto;
    end: GameDto;
  }
}

/** The payload classes of the events above, for the OpenAPI document (src/app/event-classes.ts). */
export const GAME_STREAM_EVENTS = { move: MoveEventDto, seat: SeatEventDto, end: GameDto };
