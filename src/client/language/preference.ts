/**
 * The signed-in player's saved language, in the browser (in this order: an explicit choice
 * beats the saved preference, which beats the language cookie and Accept-Language).
 *
 * The server renders a page before it knows who is signed in (the token lives in localStorage),
 * so it decides by `?lang`, the cookie and Accept-Language, and says which in
 * `<html data-lang-source>`. Here the client, once it knows the player:
 * - `?lang=xx` on this page (the picker): an explicit choice, saved on the player;
 * - else a saved language unlike the page's: the cookie takes it and the page reloads once in it;
 * - else a choice made on this device before signing in (the cookie): saved on the player, so it
 *   follows them to their other devices.
 * The saved language is remembered on the device beside the token, so other pages follow it
 * without a request.
 */
import { api } from '../transport/api';
import { getToken, pref, setPref } from '../common/storage';
import { isLanguage, type Language } from '../../i18n/languages';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from '../../i18n/negotiate';
import { lang } from '../i18n';

const SAVED = 'language.saved';

function source(): string {
  return document.documentElement.getAttribute('data-lang-source') ?? 'default';
}

/** A short fingerprint of the token: what the remembered language belongs to. */
function owner(): string | null {
  const token = getToken();
  return token ? token.slice(-16) : null;
}

function remembered(): Language | null | undefined {
  try {
    const v = JSON.parse(pref(SAVED) ?? 'null') as { owner?: string; language?: unknown } | null;
    if (!v || v.owner !== owner()) return undefined;
    return isLanguage(v.language) ? v.language : null;
  } catch {
    return undefined;
  }
}

function remember(language: Language | null): void {
  const who = owner();
  setPref(SAVED, who ? JSON.stringify({ owner: who, language }) : null);
}

/** Sets the language cookie (as the server does for `?lang=`). */
export function setLanguageCookie(language: string): void {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

function save(language: Language): void {
  remember(language);
  api.updateMe({ language }).catch(() => {
    /* the next page tries again */
  });
}

/** Follows a saved language: true when the page is reloading in it. */
function follow(saved: Language | null): boolean {
  const how = source();
  if (how === 'query') {
    if (isLanguage(lang) && lang !== saved) save(lang);
    return false;
  }
  if (saved) {
    setLanguageCookie(saved);
    if (saved !== lang) {
      location.reload();
      return true;
    }
    return false;
  }
  if (how === 'cookie' && isLanguage(lang)) save(lang);
  return false;
}

/** On every page: follow the saved language remembered on this device (no request). */
export function followRememberedLanguage(): void {
  const saved = remembered();
  if (saved !== undefined) follow(saved);
}

/** When the client learns who is signed in (sign-in, or `GET /api/players/me`). */
export function followSavedLanguage(me: { language?: string | null }): void {
  const saved = isLanguage(me.language) ? me.language : null;
  remember(saved);
  follow(saved);
}
