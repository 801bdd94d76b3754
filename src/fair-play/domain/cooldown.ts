/**
 * The ranked cooldowns of the fair-play rules, as pure functions of a player's recent
 * ranked games: abort dodging and sandbagging. The queue asks them when a player joins the ranked
 * queue; the ticket waits until the cooldown is over (and shows when that is).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** One of a player's recent ranked games that is over, as the abort rule sees it. */
export interface EndedRankedGame {
  endedAt: Date;
  /** The player aborted it: called it off, resigned before both had moved, or let their first-move clock run out. */
  abortedByMe: boolean;
}

export interface AbortRule {
  /** Aborts among the recent games that cost nothing (a dropped connection happens). */
  free: number;
  /** The cooldown for one abort more than `free`; it doubles with each further abort… */
  baseSeconds: number;
  /** … up to this. */
  maxSeconds: number;
}

/** Which games count as recent: the player's last 10 ranked games that ended within 24 hours. */
export const ABORT_RECENT_GAMES = 10;
export const ABORT_RECENT_MS = DAY_MS;

export interface AbortCooldown {
  /** The player's aborts among their recent ranked games. */
  aborts: number;
  /** The cooldown those aborts give (0 when within the free ones). */
  seconds: number;
  /** When it ends (the last abort + seconds); null when there is none or it is over. */
  until: Date | null;
}

/** `aborts` over the free ones: base × 2^(aborts − free − 1), at most max (0 within the free ones). */
export function abortCooldownSeconds(aborts: number, rule: AbortRule): number {
  const over = aborts - rule.free;
  if (over <= 0) return 0;
  return Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** (over - 1));
}

/**
 * THE RULE: a player who aborted more than `free` of their last 10 ranked games that ended within
 * 24 hours waits before their next ranked pairing: `baseSeconds` for one abort over, doubling
 * with each further one (1, 2, 4, 8, 16, 32 minutes, then an hour, with the defaults), counted
 * from the end of their latest abort.
 */
export function abortCooldown(games: readonly EndedRankedGame[], now: Date, rule: AbortRule): AbortCooldown {
  const recent = [...games]
    .filter((g) => now.getTime() - g.endedAt.getTime() <= ABORT_RECENT_MS)
    .sort((a, b) => b.endedAt.getTime() - a.endedAt.getTime())
    .slice(0, ABORT_RECENT_GAMES);
  const aborted = recent.filter((g) => g.abortedByMe);
  const seconds = abortCooldownSeconds(aborted.length, rule);
  if (seconds === 0) return { aborts: aborted.length, seconds: 0, until: null };
  const until = new Date(aborted[0].endedAt.getTime() + seconds * 1000);
  return { aborts: aborted.length, seconds, until: until > now ? until : null };
}

/** One of a player's ranked losses, as the sandbagging rule sees it. */
export interface RankedLoss {
  gameId: string;
  endedAt: Date;
  reason: 'board' | 'resign' | 'abandoned';
  /** Moves of their own (not the CPU's, not passes) the loser made in that game. */
  ownMoves: number;
  /** The winner: the account that gained from it. */
  winnerId: string;
  /** The winner's rating change in that game. */
  winnerGain: number;
}

export interface SandbagRule {
  /** A loss by resignation or abandonment before the loser's own `moves`-th move is a cheap loss. */
  moves: number;
  /** Flagged when cheap losses are more than this share of the ranked losses looked at. */
  share: number;
  /** The cooldown after the latest cheap loss, for the first one; it doubles with each further one, at most a week. */
  cooldownHours: number;
}

/** Which losses are looked at: the latest 20 ranked losses within 30 days. */
export const SANDBAG_RECENT_LOSSES = 20;
export const SANDBAG_RECENT_MS = 30 * DAY_MS;
export const SANDBAG_MAX_COOLDOWN_HOURS = 7 * 24;

export interface SandbagVerdict {
  /** The ranked losses looked at. */
  losses: number;
  /** The cheap ones, newest first. */
  cheap: RankedLoss[];
  /** cheap / losses (0 without losses). */
  share: number;
  flagged: boolean;
  /** A flagged account's cooldown: cooldownHours × 2^(cheap − 1), at most a week. */
  cooldownHours: number;
  /** When the cooldown ends (latest cheap loss + cooldownHours); null when not flagged or over. */
  until: Date | null;
}

export const isCheapLoss = (loss: Pick<RankedLoss, 'reason' | 'ownMoves'>, rule: Pick<SandbagRule, 'moves'>): boolean =>
  (loss.reason === 'resign' || loss.reason === 'abandoned') && loss.ownMoves < rule.moves;

/**
 * THE RULE: among an account's latest 20 ranked losses within 30 days, those by resignation or
 * abandonment before its own `moves`-th move are cheap; when they are more than `share` of the
 * losses, the account is flagged (listed for moderators, with the accounts that gained) and waits
 * `cooldownHours` × 2^(cheap − 1) hours (at most a week) after its latest cheap loss before its
 * next ranked pairing. Throwing games to a main account is exactly this pattern, however many
 * fresh accounts do it once each.
 */
export function sandbagging(losses: readonly RankedLoss[], now: Date, rule: SandbagRule): SandbagVerdict {
  const recent = [...losses]
    .filter((l) => now.getTime() - l.endedAt.getTime() <= SANDBAG_RECENT_MS)
    .sort((a, b) => b.endedAt.getTime() - a.endedAt.getTime())
    .slice(0, SANDBAG_RECENT_LOSSES);
  const cheap = recent.filter((l) => isCheapLoss(l, rule));
  const share = recent.length === 0 ? 0 : cheap.length / recent.length;
  const flagged = cheap.length > 0 && share > rule.share;
  if (!flagged) return { losses: recent.length, cheap, share, flagged, cooldownHours: 0, until: null };
  const cooldownHours = Math.min(SANDBAG_MAX_COOLDOWN_HOURS, rule.cooldownHours * 2 ** (cheap.length - 1));
  const until = new Date(cheap[0].endedAt.getTime() + cooldownHours * HOUR_MS);
  return { losses: recent.length, cheap, share, flagged, cooldownHours, until: until > now ? until : null };
}

export type CooldownReason = 'aborts' | 'sandbagging';

export interface RankedCooldown {
  until: Date;
  reason: CooldownReason;
}

/** The longer of the two cooldowns still running, if any. */
export function rankedCooldown(aborts: AbortCooldown, sandbag: SandbagVerdict): RankedCooldown | null {
  const options: RankedCooldown[] = [];
  if (aborts.until) options.push({ until: aborts.until, reason: 'aborts' });
  if (sandbag.until) options.push({ until: sandbag.until, reason: 'sandbagging' });
  if (options.length === 0) return null;
  return options.reduce((a, b) => (b.until > a.until ? b : a));
}
