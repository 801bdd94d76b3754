/** Pure room rules: codes, the house settings' choices and defaults, and who plays Black. */

/** The turn limits a player may choose (seconds per move), for rooms and queues alike; null is none. */
export const TURN_LIMIT_CHOICES = Object.freeze([30, 60] as const);
export type TurnLimit = (typeof TURN_LIMIT_CHOICES)[number];

/** A new room's house settings when the host leaves them out (the seed pages' defaults). */
export const ROOM_DEFAULTS = Object.freeze({ turnSeconds: null as TurnLimit | null, showLegalMoves: true, swapColors: true });

export const ROOM_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ROOM_CODE_LENGTH = 6;

export function roomCode(randomBytes: Uint8Array): string {
  return Array.from(randomBytes.slice(0, ROOM_CODE_LENGTH), (b) => ROOM_CODE_ALPHABET[b % ROOM_CODE_ALPHABET.length]).join('');
}

export function normaliseRoomCode(code: string): string | null {
  const upper = code.trim().toUpperCase();
  return /^[A-Z0-9]{4,12}$/.test(upper) ? upper : null;
}

/**
 * Colours of the next game of a series: the first-seated player is Black in the first game; with
 * swapColors on, colours swap after every game, otherwise they stay.
 */
export function nextColors(
  seat1: string,
  seat2: string,
  previous: { blackId: string; whiteId: string } | null,
  swapColors: boolean,
): { blackId: string; whiteId: string } {
  if (!previous) return { blackId: seat1, whiteId: seat2 };
  return swapColors ? { blackId: previous.whiteId, whiteId: previous.blackId } : { blackId: previous.blackId, whiteId: previous.whiteId };
}

/** A rematch offer: which seated player asked, and when the offer lapses. */
export interface RematchOffer {
  offeredBy: string;
  expiresAt: Date;
}

/** The offer as it stands at `now`: null when there is none or it has lapsed (no sweeper: lapsed reads as none). */
export function liveOffer(offeredBy: string | null, expiresAt: Date | null, now: Date): RematchOffer | null {
  if (!offeredBy || !expiresAt || expiresAt.getTime() <= now.getTime()) return null;
  return { offeredBy, expiresAt };
}

/**
 * What a seated player's rematch request does, given the standing offer: start the next game
 * (the other seat had asked), keep the player's own standing offer, or make a new offer (none
 * standing, or a lapsed one, which it replaces).
 */
export function rematchRequest(offer: RematchOffer | null, playerId: string): 'start' | 'already-offered' | 'offer' {
  if (!offer) return 'offer';
  return offer.offeredBy === playerId ? 'already-offered' : 'start';
}

/** The seat other than `playerId`'s (null when the room has one seat, or the player is not seated). */
export function otherSeat(seat1: string, seat2: string | null, playerId: string): string | null {
  if (playerId === seat1) return seat2;
  if (playerId === seat2) return seat1;
  return null;
}
