/**
 * The header's way to /mod, for moderators only. The pages are the same for everyone (no token
 * reaches the server with a page), so the client remembers from its own player's answers
 * (`moderator` of GET /api/players/me and the sign-in answers) that this device's player is a
 * moderator, and adds the link on every page while the token lasts. A stale note costs nothing:
 * /mod itself asks the server and says "only moderators" to anyone else.
 */
import { msg } from './messages';
import { getToken, pref, setPref } from './storage';

const PREF = 'moderator';

/** Puts the link in the header, or takes it out, as the remembered role says. */
export function showModLink(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  if (!doc) return;
  const nav = doc.querySelector<HTMLElement>('[data-part=site-nav]');
  if (!nav) return;
  const wanted = !!getToken() && pref(PREF) === '1';
  const link = nav.querySelector<HTMLAnchorElement>('a[data-part=nav-mod]');
  if (!wanted) {
    link?.remove();
    return;
  }
  if (link) return;
  const a = doc.createElement('a');
  a.href = '/mod';
  a.setAttribute('data-part', 'nav-mod');
  a.textContent = msg('nav.mod');
  if (doc.location.pathname === '/mod') a.setAttribute('aria-current', 'page');
  nav.append(a);
}

/** Remembers from an answer about this device's own player whether it is a moderator. */
export function noteRole<T extends { moderator?: boolean }>(me: T): T {
  setPref(PREF, me.moderator ? '1' : null);
  showModLink();
  return me;
}

/** Signed out: forget the role with the token. */
export function forgetRole(): void {
  setPref(PREF, null);
  showModLink();
}
