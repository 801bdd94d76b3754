/**
 * The newcomers' gate of ranked play, as a pure function: an account plays ranked games once it
 * has finished a few casual games or is old enough. Either suffices; a 0 takes that way out of the
 * rule, and both 0 switch the gate off. Fresh accounts made to feed a main account their losses
 * then cost games or a day each before they can lose a rated game.
 */

const HOUR_MS = 3_600_000;

export interface RankedGateRule {
  /** Casual games finished that open ranked play (0: games never open it). */
  minCasualGames: number;
  /** Account age in hours that opens ranked play (0: age never opens it). */
  minAccountHours: number;
}

export interface RankedGateFacts {
  /** When the account was made (registered, or made as a guest). */
  createdAt: Date;
  /** Casual games it has finished (not aborted). */
  casualGames: number;
}

export interface RankedGate {
  eligible: boolean;
  casualGames: number;
  /** The casual games that open ranked play; null when games do not (rule 0). */
  casualGamesNeeded: number | null;
  /** When age opens ranked play; null when age does not (rule 0). */
  openAt: Date | null;
}

export const rankedGateOff = (rule: RankedGateRule): boolean => rule.minCasualGames === 0 && rule.minAccountHours === 0;

/** THE RULE: ranked play is open when the gate is off, or by enough finished casual games, or by enough age. */
export function rankedGate(facts: RankedGateFacts, now: Date, rule: RankedGateRule): RankedGate {
  const casualGamesNeeded = rule.minCasualGames > 0 ? rule.minCasualGames : null;
  const openAt = rule.minAccountHours > 0 ? new Date(facts.createdAt.getTime() + rule.minAccountHours * HOUR_MS) : null;
  const byGames = casualGamesNeeded !== null && facts.casualGames >= casualGamesNeeded;
  const byAge = openAt !== null && openAt.getTime() <= now.getTime();
  return { eligible: rankedGateOff(rule) || byGames || byAge, casualGames: facts.casualGames, casualGamesNeeded, openAt };
}
