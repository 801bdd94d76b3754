/**
 * The pages' times in the reader's own clock: the server renders `<time data-when>` in UTC (it
 * does not know the reader's time zone); this rewrites each as the page's language says it through
 * Intl (Latin digits, as everywhere), in the browser's time zone:
 *   data-when="relative": "3 days ago" kept current, the title the local date and time;
 *   data-when="date":     the local date, the title the local date and time;
 * and the rating chart's point titles (`data-at`, whose `data-when-shown` is the UTC date and time
 * the server wrote in the title) in the local date and time. Dates have the month's full name.
 */
import { relativeParts } from '../../pages/views/format';
import { i18n } from '../i18n';

const REFRESH_MS = 60_000;

/** Rewrites the `<time data-when>` elements under `root` once. */
export function localizeTimes(root: ParentNode, now: number = Date.now()): void {
  for (const el of Array.from(root.querySelectorAll<HTMLTimeElement>('time[data-when]'))) {
    const ms = Date.parse(el.dateTime);
    if (!Number.isFinite(ms)) continue;
    el.title = i18n.longDate(ms, { time: true });
    if (el.dataset.when === 'relative') {
      const { value, unit } = relativeParts(ms - now);
      el.textContent = i18n.relativeTime(value, unit, { numeric: 'auto' });
    } else {
      el.textContent = i18n.longDate(ms);
    }
  }
  for (const el of Array.from(root.querySelectorAll<SVGElement>('[data-at][data-when-shown]'))) {
    const ms = Date.parse(el.dataset.at ?? '');
    const title = el.querySelector('title');
    const shown = el.dataset.whenShown ?? '';
    if (!Number.isFinite(ms) || !title || !shown) continue;
    const local = i18n.longDate(ms, { time: true });
    title.textContent = (title.textContent ?? '').replace(shown, local);
    const link = el.closest('a');
    const name = link?.getAttribute('aria-label');
    if (link && name) link.setAttribute('aria-label', name.replace(shown, local));
    el.dataset.whenShown = local;
  }
}

/** Localizes the page's times now and keeps the relative ones current. */
export function startTimes(root: ParentNode): void {
  if (!root.querySelector('time[data-when], [data-at][data-when-shown]')) return;
  localizeTimes(root);
  setInterval(() => localizeTimes(root), REFRESH_MS);
}
