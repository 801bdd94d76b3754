/** How much a move lost, in words: the thresholds (in discs) shared by the server, the API's description and the replay. */

/** Loss thresholds in discs (documented in docs/rules-and-fair-play.md and the OpenAPI description). */
export const INACCURACY_DISCS = 2;
export const MISTAKE_DISCS = 6;
export const BLUNDER_DISCS = 12;

export type LossClass = 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

/** How a loss is classed: 0 best, under 2 discs good, 2–5.99 inaccuracy, 6–11.99 mistake, 12 or more blunder. */
export function classifyLoss(loss: number): LossClass {
  if (loss <= 0) return 'best';
  if (loss >= BLUNDER_DISCS) return 'blunder';
  if (loss >= MISTAKE_DISCS) return 'mistake';
  if (loss >= INACCURACY_DISCS) return 'inaccuracy';
  return 'good';
}
