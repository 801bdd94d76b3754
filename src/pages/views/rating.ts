/**
 * Ratings on the server's pages, as the browser client shows them (one format everywhere: the pure
 * ratingLabel of src/ratings/domain/rating-label.ts): "1500", "1500?" while provisional, nothing
 * for a guest; and the short "what do these ratings mean?" disclosure (provisional ratings, the
 * rating window) that the lobby, the end card and the player page carry.
 */
import { PROVISIONAL_RD } from '../../ratings/domain/glicko2.js';
import { ratingLabel, type ShownRating } from '../../ratings/domain/rating-label.js';
import { DASH, escapeHtml } from './format.js';
import type { PageContext } from './layout.js';

/** A rating as HTML: the label, titled "Provisional rating (RD ≥ 110)" when provisional; a dash when there is none. */
export function ratingHtml(page: PageContext, p: ShownRating): string {
  const label = ratingLabel(p);
  if (label === null) return DASH;
  return p.provisional ? `<span class="rating" data-provisional="true" title="${escapeHtml(page.t.t('common.provisionalTitle'))}">${escapeHtml(label)}</span>` : escapeHtml(label);
}

/** "What do these ratings mean?": a disclosure (no script needed) named `part` for the views and tests. */
export function ratingHelpHtml(page: PageContext, part: string, hidden = false): string {
  const { t } = page;
  return (
    `<details class="rating-help" data-part="${part}" data-testid="${part}"${hidden ? ' hidden' : ''}>` +
    `<summary>${t.html('common.ratingHelp.summary')}</summary>` +
    `<p>${t.html('common.ratingHelp.provisional', { rd: String(PROVISIONAL_RD) })}</p>` +
    `<p>${t.html('common.ratingHelp.window')}</p>` +
    `<p><a href="/rules#ladder">${t.html('common.ratingHelp.more')}</a></p>` +
    '</details>'
  );
}
