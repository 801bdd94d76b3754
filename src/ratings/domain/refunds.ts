/** Refunds: what an engine user's ranked opponents get back (pure). */

/** One ranked game of a player against the engine user, as the refund reads it. */
export interface LostGame {
  gameId: string;
  /** The player's rating change in that game (negative: points lost). */
  delta: number;
}

/**
 * The points an engine user's ranked opponent gets back: the sum of what they lost to it (games
 * where their rating went down; games they gained in stay as they are). 0 when nothing was lost.
 */
export function refundOf(games: readonly LostGame[]): { points: number; gameIds: string[] } {
  const lost = games.filter((g) => g.delta < 0);
  return { points: lost.reduce((s, g) => s - g.delta, 0), gameIds: lost.map((g) => g.gameId) };
}
