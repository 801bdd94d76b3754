/**
 * A newcomer's first hour (issue #22), the pages' side, in chromium: accessibility (axe-core) of
 * every page at 1280×800 and 390×844 with no serious or critical violation, and a screenshot of
 * each (test/artifacts/a11y-<page>-<desktop|phone>.png; `npm run screenshots` takes two of them
 * for the README). Dark mode and the points a stranger tripped over are in
 * newcomer-details.browser.spec.ts (the same pages and games: newcomer-pages.ts).
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { screenshot, axeViolations, type Violation } from './chromium.js';
import { PAGES, SIZES, useNewcomer } from './newcomer-pages.js';

describe('a newcomer\'s pages in chromium (issue #22)', () => {
  const n = useNewcomer();

  it.each(PAGES)('axe-core: %s has no serious or critical violation at 1280×800 and 390×844 (screenshots)', async (name, path, player, ready) => {
    const found: Record<string, Violation[]> = {};
    // One context for both sizes, the page loaded again at the phone's size: the viewport is all
    // that two fresh contexts would differ in (these pages keep nothing on the device that changes
    // what they show), and the second load in the same renderer, with axe-core compiled there
    // already, costs Chromium about half of a new context's.
    const ctx = await n.contextFor(SIZES[0].viewport, player(n), true);
    try {
      let page: Page | undefined;
      for (const { size, viewport } of SIZES) {
        if (page) {
          await page.setViewportSize(viewport);
          await n.go(page, path(n));
        } else {
          page = await n.open(ctx, path(n));
        }
        await ready(page);
        found[size] = await axeViolations(page);
        await screenshot(page, `a11y-${name}-${size}.png`, { fullPage: true });
      }
    } finally {
      await ctx.close();
    }
    expect(found).toEqual({ desktop: [], phone: [] });
  }, 120_000);
});
