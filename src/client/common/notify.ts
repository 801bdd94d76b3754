/**
 * Browser notifications (the Notification API), opt-in: off until the player turns them on and
 * the browser grants the permission; remembered per device. They say what the player would miss
 * with the tab in the background: a match found, their turn, a challenge. A notification for
 * this tab's own page is shown only while the tab is hidden (the page itself says it otherwise).
 */
import { msg, type Text } from './messages';
import { pref, setPref } from './storage';

const PREF = 'notify';

type Permission = 'default' | 'granted' | 'denied';

/** The Notification API of this browser, or null (an old browser, an insecure origin, some phones). */
function api(): { permission: Permission; requestPermission(): Promise<Permission>; new (title: string, options?: NotificationOptions): Notification } | null {
  const n = (globalThis as { Notification?: unknown }).Notification;
  return typeof n === 'function' ? (n as never) : null;
}

/** Whether this browser can show notifications at all. */
export function notificationsSupported(): boolean {
  return api() !== null;
}

/** The player asked for notifications (on this device). */
export function notificationsWanted(): boolean {
  return pref(PREF) === 'on';
}

/** What the toggle shows: on (wanted and granted), off, or blocked (the browser refuses: its own settings decide). */
export function notificationState(): 'on' | 'off' | 'blocked' | 'unsupported' {
  const n = api();
  if (!n) return 'unsupported';
  if (n.permission === 'denied') return 'blocked';
  return notificationsWanted() && n.permission === 'granted' ? 'on' : 'off';
}

/**
 * Turns notifications on or off. Turning them on asks the browser's permission (call it from a
 * click: browsers refuse the question otherwise). Answers the new state.
 */
export async function setNotifications(on: boolean): Promise<ReturnType<typeof notificationState>> {
  const n = api();
  if (!on || !n) {
    setPref(PREF, null);
    return notificationState();
  }
  let permission = n.permission;
  if (permission === 'default') {
    try {
      permission = await n.requestPermission();
    } catch {
      permission = 'denied';
    }
  }
  setPref(PREF, permission === 'granted' ? 'on' : null);
  return notificationState();
}

export interface NotifyOptions {
  /** The same tag replaces an earlier notification (one "your turn" per game, not a pile). */
  tag: string;
  /** Where a click on it takes the player (this tab). */
  href?: string;
  /** Show it only while this tab is hidden (default true). */
  onlyWhenHidden?: boolean;
}

/** Shows a notification when the player wants them; false when none was shown. */
export function notify(title: Text, body: Text | null, options: NotifyOptions): boolean {
  const n = api();
  if (!n || notificationState() !== 'on') return false;
  if ((options.onlyWhenHidden ?? true) && document.visibilityState !== 'hidden') return false;
  try {
    const shown = new n(msg(title.key, title.params), { body: body ? msg(body.key, body.params) : undefined, tag: options.tag, lang: document.documentElement.lang || undefined });
    shown.onclick = () => {
      window.focus();
      if (options.href && location.pathname + location.search !== options.href) location.href = options.href;
      shown.close();
    };
    return true;
  } catch {
    // Some mobile browsers allow notifications only from a service worker: nothing shown.
    return false;
  }
}

/**
 * A challenge received (for the challenges' event on the player's stream): a notification that
 * takes the player to `href` to answer it. Shown even while the tab is visible when it is not
 * the page that shows challenges (`onlyWhenHidden` false).
 */
export function notifyChallenge(fromName: string, href: string, onlyWhenHidden = true): boolean {
  return notify({ key: 'notify.challenge.title', params: { name: fromName } }, { key: 'notify.challenge.body' }, { tag: `challenge:${fromName}`, href, onlyWhenHidden });
}

/** A match found while the tab is hidden. */
export function notifyMatchFound(href: string): boolean {
  return notify({ key: 'notify.match.title' }, { key: 'notify.match.body' }, { tag: 'match', href });
}

/**
 * The match-found chime is played by the game page the lobby leaves for (a sound started on the
 * lobby would be cut off by the navigation): the lobby marks the game, the game page plays it once.
 */
const MATCHED_KEY = 'outflank.matchFound';

export function markMatchFound(gameId: string): void {
  try {
    sessionStorage.setItem(MATCHED_KEY, gameId);
  } catch {
    /* private mode: no chime */
  }
}

/** True once for the game the lobby marked (and forgets the mark). */
export function takeMatchFound(gameId: string): boolean {
  try {
    if (sessionStorage.getItem(MATCHED_KEY) !== gameId) return false;
    sessionStorage.removeItem(MATCHED_KEY);
    return true;
  } catch {
    return false;
  }
}

/** The player's turn in a game while the tab is hidden (one per game: a newer one replaces it). */
export function notifyYourTurn(gameId: string, opponent: string, href: string): boolean {
  return notify({ key: 'notify.turn.title' }, { key: 'notify.turn.body', params: { name: opponent } }, { tag: `turn:${gameId}`, href });
}
