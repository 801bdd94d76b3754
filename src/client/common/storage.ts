/** What this device remembers: the bearer token and a few preferences (localStorage; private mode may refuse). */

const TOKEN_KEY = 'outflank.token';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* private mode: nothing remembered */
  }
}

export function getToken(): string | null {
  return read(TOKEN_KEY);
}

export function setToken(token: string | null): void {
  write(TOKEN_KEY, token || null);
  // The role noted for the header's /mod link goes with the token.
  if (!token) write('outflank.moderator', null);
}

/** A remembered preference ('outflank.<name>'). */
export function pref(name: string): string | null {
  return read(`outflank.${name}`);
}

export function setPref(name: string, value: string | null): void {
  write(`outflank.${name}`, value);
}
