/**
 * How far a player is from the leaderboard: the eligibility rule (./eligibility.ts) turned into
 * "about N more rated games". Pure: no framework, no database.
 *
 * The games an RD needs are counted with Glicko-2 itself (../../ratings/domain/glicko2.ts): each
 * game is rated against an opponent "like you" (the same rating and the same RD, as two newcomers
 * paired by the queue are) with the expected score, so the rating does not move and the RD falls
 * as far as one game's information takes it. Real games against settled opponents bring the RD
 * down faster, upsets a little slower: hence "about".
 */
import { DEFAULT_GLICKO2_CONFIG, type Glicko2Config, update } from '../../ratings/domain/glicko2.js';
import { type EligibilityFacts, type LeaderboardRules, rdAt } from './eligibility.js';

/** No estimate goes beyond this many games (a player with a settled RD never needs more than a dozen). */
export const MAX_GAMES_ESTIMATE = 99;

export interface LadderProgress {
  /** On the leaderboard now. */
  listed: boolean;
  /** A guest: only registered players are ranked (register to get there). */
  guest: boolean;
  /** About how many more rated games put the player on the leaderboard (0 when listed; null for a guest). */
  gamesToGo: number | null;
  /** The conditions still open (for the sentence): more games, a recent rated game, a lower RD. */
  missing: { games: number; recent: boolean; rd: boolean };
  /** The RD now (grown while idle). */
  rd: number;
}

/**
 * Rated games, against an opponent like the player (same rating, same RD) with the expected
 * result, until the RD is below `threshold`. 0 when it already is; at most MAX_GAMES_ESTIMATE.
 */
export function gamesToRdBelow(values: { rating: number; rd: number; volatility: number }, threshold: number, config: Glicko2Config = DEFAULT_GLICKO2_CONFIG): number {
  if (!(threshold > 0) || !Number.isFinite(values.rd)) return MAX_GAMES_ESTIMATE;
  let current = { rating: values.rating, rd: values.rd, volatility: values.volatility };
  let games = 0;
  while (current.rd >= threshold && games < MAX_GAMES_ESTIMATE) {
    const next = update(current, [{ opponentRating: current.rating, opponentRd: current.rd, score: 0.5 }], config);
    // A floor at or above the threshold (minRd ≥ it) never lets the RD under it.
    if (next.rd >= current.rd) return MAX_GAMES_ESTIMATE;
    current = next;
    games += 1;
  }
  return games;
}

/**
 * Where a player stands against the leaderboard's rule at `at`: listed or not, and about how many
 * more rated games would list them (each condition needs its own games; they overlap, so the
 * answer is the largest of them).
 */
export function ladderProgress(
  player: EligibilityFacts & { rating: number },
  rules: LeaderboardRules,
  at: Date,
  config: Glicko2Config = DEFAULT_GLICKO2_CONFIG,
): LadderProgress {
  const rd = rdAt(player, rules, at);
  const moreGames = Math.max(0, rules.minGames - player.games);
  const recent = player.lastRatedAt === null || at.getTime() - player.lastRatedAt.getTime() > rules.activeDays * 86_400_000;
  const rdGames = gamesToRdBelow({ rating: player.rating, rd, volatility: player.volatility }, rules.provisionalRd, { ...config, maxRd: rules.maxRd });
  const missing = { games: moreGames, recent, rd: rdGames > 0 };
  if (player.guest) return { listed: false, guest: true, gamesToGo: null, missing, rd };
  // An engine user or a closed account is never listed, however many games they play.
  if (player.engineMarkedAt !== null || player.closedAt !== null) return { listed: false, guest: false, gamesToGo: null, missing, rd };
  const gamesToGo = Math.max(moreGames, recent ? 1 : 0, rdGames);
  return { listed: gamesToGo === 0, guest: false, gamesToGo, missing, rd };
}
