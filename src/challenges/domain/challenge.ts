/**
 * Challenges: one player asks another by name for a game, rated or casual, with a clock and a
 * colour; the other accepts (the game starts) or declines with a reason; an unanswered challenge
 * lapses. A rematch after a game is a challenge too (same clock, colours swapped, rated as the game
 * was). Plain data and pure functions: no framework, no database.
 */
import { type ClockControl, DEFAULT_RANKED_CLOCK, isPreset, parseClockLabel } from '../../games/domain/clock.js';

export const CHALLENGE_COLOURS = ['random', 'black', 'white'] as const;
/** The challenger's colour: random, Black or White. */
export type ChallengeColour = (typeof CHALLENGE_COLOURS)[number];

/** Why the challenged player says no: a small fixed set, each with a message in every language. */
export const DECLINE_REASONS = ['busy', 'later', 'casual', 'rated', 'clock'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const CHALLENGE_STATES = ['open', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type ChallengeState = (typeof CHALLENGE_STATES)[number];

/** What a challenge is, as the domain sees it. */
export interface ChallengeFacts {
  challengerId: string;
  challengedId: string;
  rated: boolean;
  clock: ClockControl | null;
  colour: ChallengeColour;
  state: ChallengeState;
  expiresAt: Date;
}

/** The refusals a challenge's terms get before any player is looked at. */
export type TermsRefusal = 'self' | 'ratedClock';

/**
 * The clock a challenge is played with: rated games always have a clock and only a preset's (one
 * pool each, as in the ranked queue; 5+3 when none is named); casual ones any clock within the
 * bounds, or none. Null for a clock label that does not parse (the DTO refuses those first).
 */
export function challengeClock(rated: boolean, label: string | null | undefined): { clock: ClockControl | null } | { refusal: TermsRefusal } {
  if (label === undefined) return { clock: rated ? DEFAULT_RANKED_CLOCK : null };
  if (label === null) return rated ? { refusal: 'ratedClock' } : { clock: null };
  const clock = parseClockLabel(label);
  if (!clock) return { refusal: 'ratedClock' };
  if (rated && !isPreset(clock)) return { refusal: 'ratedClock' };
  return { clock };
}

/** Who plays Black: the challenger's colour choice; random is a coin (rng() < 0.5: the challenger is Black). */
export function seatsFor(
  c: Pick<ChallengeFacts, 'challengerId' | 'challengedId' | 'colour'>,
  rng: () => number = Math.random,
): { blackId: string; whiteId: string } {
  const challengerBlack = c.colour === 'black' || (c.colour === 'random' && rng() < 0.5);
  return challengerBlack ? { blackId: c.challengerId, whiteId: c.challengedId } : { blackId: c.challengedId, whiteId: c.challengerId };
}

/** A challenge still waiting for its answer at `now` (open and not lapsed; the sweep writes the lapse later). */
export const isOpen = (c: Pick<ChallengeFacts, 'state' | 'expiresAt'>, now: Date): boolean => c.state === 'open' && c.expiresAt.getTime() > now.getTime();

/** The state a reader sees: an open challenge past its deadline reads as expired before the sweep writes it. */
export const stateAt = (c: Pick<ChallengeFacts, 'state' | 'expiresAt'>, now: Date): ChallengeState =>
  c.state === 'open' && !isOpen(c, now) ? 'expired' : c.state;

/**
 * A rematch after a finished game: the same clock, colours swapped (the game's White asks for
 * Black when they ask, and vice versa), rated as the game was.
 */
export function rematchTerms(
  game: { blackId: string; whiteId: string; rated: boolean; clock: ClockControl | null },
  askerId: string,
): { challengedId: string; colour: ChallengeColour; rated: boolean; clock: ClockControl | null } | null {
  if (askerId !== game.blackId && askerId !== game.whiteId) return null;
  const challengedId = askerId === game.blackId ? game.whiteId : game.blackId;
  return { challengedId, colour: askerId === game.blackId ? 'white' : 'black', rated: game.rated, clock: game.clock };
}

/**
 * What a rematch request does given the opponent's standing rematch challenge for the same game:
 * accept it (both asked: the game starts), or make one's own.
 */
export const rematchAction = (theirs: { id: string } | null): { accept: string } | 'offer' => (theirs ? { accept: theirs.id } : 'offer');
