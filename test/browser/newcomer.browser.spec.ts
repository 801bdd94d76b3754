/**
 * A newcomer's first hour (issue #22), the pages' side, in chromium: accessibility (axe-core) of
 * every page at 1280×800 and 390×844 with no serious or critical violation, and a screenshot of
 * each (test/artifacts/a11y-<page>-<desktop|phone>.png; `npm run screenshots` takes two of them
 * for the README). Dark mode and the points a stranger tripped over are in
 * newcomer-details.browser.spec.ts (the same pages and games: newcomer-pages.ts).
 */
import { describe, expect, it } from '@jest/globals';
import { screenshot, axeViolations, type Violation } from './chromium.js';
import { PAGES, SIZES, useNewcomer } from './newcomer-pages.js';

describe('a newcomer\'s pages in chromium (issue #22)', () => {
  const n = useNewcomer();

  it.each(PAGES)('axe-core: %s has no serious or critical violation at 1280×800 and 390×844 (screenshots)', async (name, path, player, ready) => {
    const found: Record<string, Violation[]> = {};
    for (const { size, viewport } of SIZES) {
      const ctx = await n.contextFor(viewport, player(n), true);
      try {
        const page = await n.open(ctx, path(n));
        await ready(page);
        found[size] = await axeViolations(page);
        await screenshot(page, `a11y-${name}-${size}.png`, { fullPage: true });
      } finally {
        await ctx.close();
      }
    }
    expect(found).toEqual({ desktop: [], phone: [] });
  }, 120_000);
});
