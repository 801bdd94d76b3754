/**
 * The fair-play rules' user-visible texts (server side), in English, as ICU-style messages with
 * simple {name} arguments: one place to move into the catalogues of issue #19 (src/i18n/) when
 * they land (then formatted by the catalogues' library instead of `fairPlayMessage`).
 */
export const FAIR_PLAY_MESSAGES_EN = {
  /** 429 on POST /api/auth/login while the per-account sign-in delay runs. */
  'auth.loginThrottled': 'Too many failed sign-ins for this account; try again in {seconds} s.',
} as const;

export type FairPlayMessageKey = keyof typeof FAIR_PLAY_MESSAGES_EN;

/** A message with its {name} arguments filled in (English). */
export function fairPlayMessage(key: FairPlayMessageKey, args: Record<string, string | number> = {}): string {
  return FAIR_PLAY_MESSAGES_EN[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}
