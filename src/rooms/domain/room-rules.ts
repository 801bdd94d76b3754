/** Pure room rules: codes and who plays Black. */

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
