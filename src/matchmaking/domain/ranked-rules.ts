/**
 * Every rule that decides whether two given players may play a rated game against each other now,
 * as one pure function: the ranked queue's rules (its waves apply the pair rules to the pairs they
 * propose, see pairWave) stated for a pair named in advance, as a rated challenge or a ranked
 * rematch names it. The answer names the rule that refuses, so the player is told which one.
 */
import { mayPlayRanked } from '../../moderation/domain/moderation.js';
import { MAX_RANKED_GAMES_PER_PAIR_24H } from './pairing.js';

/** One player's side of the rules. */
export interface RankedPlayerFacts {
  id: string;
  guest: boolean;
  bot: boolean;
  engineMarkedAt: Date | null;
  closedAt: Date | null;
  /** A ranked cooldown still running (aborts, sandbagging), else null. */
  cooldownUntil: Date | null;
  /**
   * Whether ranked play is open to the account yet (a new account: a few finished casual games or
   * its first day, RANKED_MIN_CASUAL_GAMES / RANKED_MIN_ACCOUNT_HOURS; see fair-play's ranked gate).
   */
  rankedOpen: boolean;
}

/** The pair's side of the rules. */
export interface RankedPairFacts {
  /** Ranked games between the two in the last 24 hours. */
  gamesBetween24h: number;
  /** Linked accounts (one address or device recently, RANKED_SEPARATE_ADDRESSES). */
  linked: boolean;
}

/**
 * The rules in the order they are checked; `Mine`/`Theirs` say whose account breaks it (the asker's
 * own, or the other player's).
 */
export type RankedRule =
  | 'self' | 'guestMine' | 'guestTheirs' | 'closedMine' | 'closedTheirs' | 'newMine' | 'newTheirs' | 'cooldownMine' | 'cooldownTheirs'
  | 'botMix' | 'linked' | 'pairCap';

export interface RankedRefusal {
  rule: RankedRule;
  /** For a cooldown: when it ends. */
  until?: Date;
}

/**
 * Why `me` may not play a rated game against `them` now, or null when every rule allows it.
 * Closed and engine-marked accounts play no ranked game, nor new accounts before the ranked gate
 * opens for them; bots play bots only; linked accounts never
 * meet; at most MAX_RANKED_GAMES_PER_PAIR_24H ranked games between two players in 24 hours.
 */
export function rankedRefusal(me: RankedPlayerFacts, them: RankedPlayerFacts, pair: RankedPairFacts, now: Date): RankedRefusal | null {
  if (me.id === them.id) return { rule: 'self' };
  if (me.guest) return { rule: 'guestMine' };
  if (them.guest) return { rule: 'guestTheirs' };
  if (!mayPlayRanked(me)) return { rule: 'closedMine' };
  if (!mayPlayRanked(them)) return { rule: 'closedTheirs' };
  if (!me.rankedOpen) return { rule: 'newMine' };
  if (!them.rankedOpen) return { rule: 'newTheirs' };
  if (me.cooldownUntil && me.cooldownUntil > now) return { rule: 'cooldownMine', until: me.cooldownUntil };
  if (them.cooldownUntil && them.cooldownUntil > now) return { rule: 'cooldownTheirs', until: them.cooldownUntil };
  if (me.bot !== them.bot) return { rule: 'botMix' };
  if (pair.linked) return { rule: 'linked' };
  if (pair.gamesBetween24h >= MAX_RANKED_GAMES_PER_PAIR_24H) return { rule: 'pairCap' };
  return null;
}
