/** Any player's name: registered names (3–20) and generated guest names (guest-xxxxxxxx). */
export const USERNAME_SHAPE = /^[A-Za-z0-9_-]{1,40}$/;

/** The lookup key: names are unique case-insensitively. Null for a name no player can have. */
export function usernameKey(name: string): string | null {
  return USERNAME_SHAPE.test(name) ? name.toLowerCase() : null;
}

/** A registered name's length, and a password's (RegisterDto checks them; the register form states them). */
export const USERNAME_LENGTH = Object.freeze({ min: 3, max: 20 });
export const PASSWORD_LENGTH = Object.freeze({ min: 8, max: 128 });

/** Generated guest names start with this. */
export const GUEST_NAME_PREFIX = 'guest-';

/**
 * Registered names may not pass for a guest's: "guest" then "-" or "_" (they look alike on a
 * page), in any case. As the rule is stated to players.
 */
export const GUEST_LOOKALIKE = /^guest[-_]/i;
export const RESERVED_PREFIXES = 'guest-/guest_';

export function looksLikeGuestName(name: string): boolean {
  return GUEST_LOOKALIKE.test(name);
}
