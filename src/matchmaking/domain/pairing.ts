/** Pure pairing rule of the match queues. */

export interface Candidate {
  id: string;
  playerId: string;
  rating: number;
  joinedAt: Date;
}

/**
 * Chooses the opponent for `me` among the waiting tickets of the same queue: unranked takes the
 * longest-waiting player; ranked takes the closest rating (ties: the longest waiting).
 */
export function chooseOpponent(me: Candidate, waiting: readonly Candidate[], ranked: boolean): Candidate | null {
  const others = waiting.filter((c) => c.playerId !== me.playerId);
  if (others.length === 0) return null;
  const byWait = (a: Candidate, b: Candidate) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.id.localeCompare(b.id);
  const sorted = [...others].sort(
    ranked ? (a, b) => Math.abs(a.rating - me.rating) - Math.abs(b.rating - me.rating) || byWait(a, b) : byWait,
  );
  return sorted[0];
}

/** The player who has waited longer plays Black. */
export function colorsFor(a: Candidate, b: Candidate): { blackId: string; whiteId: string } {
  const aFirst = a.joinedAt.getTime() < b.joinedAt.getTime() || (a.joinedAt.getTime() === b.joinedAt.getTime() && a.id < b.id);
  return aFirst ? { blackId: a.playerId, whiteId: b.playerId } : { blackId: b.playerId, whiteId: a.playerId };
}

/** A stable 32-bit key per queue for a transaction-scoped advisory lock. */
export function queueLockKey(mode: string, turnSeconds: number | null): number {
  const text = `queue:${mode}:${turnSeconds ?? 'none'}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}
