import { ChallengeDto } from './dto/challenge.dto.js';

// Both players of a challenge get its state on their own streams whenever it changes.
declare module '../events/event-map.js' {
  interface PlayerEvents {
    challenge: ChallengeDto;
  }
}

/** The payload classes of the events above, for the OpenAPI document (src/app/event-classes.ts). */
export const CHALLENGE_PLAYER_EVENTS = { challenge: ChallengeDto };
