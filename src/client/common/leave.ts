let leaving = false;

/**
 * Leaves the page for `href`, once. A page may hear the same news from several places (a
 * request's answer, the game's stream, the player's stream, a poll); a second navigation while
 * the first is under way cancels it and leaves the browser on an aborted load.
 */
export function leave(href: string): void {
  if (leaving) return;
  leaving = true;
  location.href = href;
}

// A page the Back button brings back from the back-forward cache has not left: it may leave again.
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) leaving = false;
  });
}
