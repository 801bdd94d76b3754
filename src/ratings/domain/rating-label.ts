/**
 * How a rating is shown, everywhere: the lobby, the seats, the watch list, the end card (the
 * browser client) and the leaderboard and player pages (the server's views) call these two pure
 * functions, so a rating reads the same on every page. A "?" follows a provisional rating; a guest
 * shows no number at all. Digits stay Latin in every language, as squares do.
 */

/** What a rating label needs of a player (the API's player, seat player, leaderboard entry…). */
export interface ShownRating {
  readonly rating: number | null | undefined;
  readonly provisional?: boolean;
  readonly guest?: boolean;
}

/** A rating before and after a rated game (the API's result.ratings.<colour>). */
export interface ShownRatingStep {
  readonly before: number;
  readonly after: number;
  readonly provisionalBefore: boolean;
  readonly provisionalAfter: boolean;
}

/** "1500", "1500?" while provisional; null for a guest or no rating (show nothing). */
export function ratingLabel(p: ShownRating): string | null {
  if (p.guest || typeof p.rating !== 'number' || !Number.isFinite(p.rating)) return null;
  const r = Math.round(p.rating);
  return String(r === 0 ? 0 : r) + (p.provisional ? '?' : '');
}

/** "1500? → 1662?": a rated game's old → new rating. */
export function ratingStepLabel(step: ShownRatingStep): string {
  const before = ratingLabel({ rating: step.before, provisional: step.provisionalBefore }) ?? '';
  const after = ratingLabel({ rating: step.after, provisional: step.provisionalAfter }) ?? '';
  return `${before} → ${after}`;
}
