/**
 * The boosting detector, as pure scoring: per account, how much of its ranked record came from
 * new or provisional opponents who lost fast. Accounts made to feed a main account their losses
 * look alike however many addresses they come from: young, few rated games, a loss given up early
 * (or played with near-instant moves), and no ranked opponent but the account they feed. Every
 * such win is scored; an account with wins over several such opponents is listed for moderators
 * with its feeders. Nothing here acts on an account: a moderator decides.
 */

const HOUR_MS = 3_600_000;

/** One ranked win within the window, with what the detector needs to know about its loser. */
export interface RankedWin {
  gameId: string;
  endedAt: Date;
  winnerId: string;
  winnerUsername: string;
  loserId: string;
  loserUsername: string;
  /** The winner's rating change in that game (0 for a game that counted for neither rating). */
  winnerGain: number;
  reason: 'board' | 'resign' | 'abandoned' | 'time';
  /** Moves the loser made themselves (not the CPU's, not passes). */
  loserOwnMoves: number;
  /** How old the loser's account was when the game ended. */
  loserAgeHours: number;
  /** Rated games the loser had finished before this one. */
  loserRatedGamesBefore: number;
  /** The median time the loser took for a move of their own, in ms (null: no timed move). */
  loserMedianMoveMs: number | null;
  /** Distinct opponents the loser ever had in ranked games. */
  loserRankedOpponents: number;
}

export interface BoostRule {
  /** Which games are looked at: ranked wins of the last `recentDays` days. */
  recentDays: number;
  /** A loser this young (hours) at the game's end is new… */
  youngHours: number;
  /** … and one with fewer rated games than this before it is provisional: either makes it a possible feeder. */
  provisionalGames: number;
  /** A loss given up (resigned, abandoned, on time) before the loser's own `earlyMoves`-th move is a fast loss… */
  earlyMoves: number;
  /** … and so is one played with a median move time under this many ms. */
  instantMoveMs: number;
  /** Listed: fed wins over at least `minFeeders` distinct opponents (two newcomers' first game is no pattern), … */
  minFeeders: number;
  /** … and at least `minFedWins` fed wins or `minFedPoints` rating points from them. */
  minFedWins: number;
  minFedPoints: number;
}

/** The defaults of the BOOST_* settings (src/config/config.ts reads them). */
export const DEFAULT_BOOST_RULE: BoostRule = {
  recentDays: 30,
  youngHours: 7 * 24,
  provisionalGames: 10,
  earlyMoves: 20,
  instantMoveMs: 1500,
  minFeeders: 2,
  minFedWins: 3,
  minFedPoints: 100,
};

/** The first instant of the games the detector looks at. */
export function boostSince(now: Date, rule: BoostRule): Date {
  return new Date(now.getTime() - rule.recentDays * 24 * HOUR_MS);
}

export type FeedSignal = 'gaveUpEarly' | 'instantMoves' | 'onlyOpponent';

/** A win's signals: empty when the loser is neither new nor provisional, or lost without any sign of feeding. */
export function feedSignals(w: RankedWin, rule: BoostRule): FeedSignal[] {
  const newcomer = w.loserAgeHours < rule.youngHours || w.loserRatedGamesBefore < rule.provisionalGames;
  if (!newcomer) return [];
  const out: FeedSignal[] = [];
  if (w.reason !== 'board' && w.loserOwnMoves < rule.earlyMoves) out.push('gaveUpEarly');
  if (w.loserMedianMoveMs !== null && w.loserMedianMoveMs < rule.instantMoveMs) out.push('instantMoves');
  if (w.loserRankedOpponents <= 1) out.push('onlyOpponent');
  return out;
}

/** One opponent who fed an account, with the games. */
export interface Feeder {
  playerId: string;
  username: string;
  games: number;
  /** Rating points the account gained from this feeder's losses. */
  points: number;
  /** Every signal seen in those games. */
  signals: FeedSignal[];
  gameIds: string[];
}

export interface BoostReport {
  player: { id: string; username: string };
  /** Σ over fed wins of (signals / 3): each fed win adds up to 1. */
  score: number;
  /** Ranked wins looked at, and those over feeders. */
  wins: number;
  fedWins: number;
  /** Rating points gained from fed wins, and that share of all points gained in the ranked wins looked at (0 without gains). */
  fedPoints: number;
  share: number;
  /** Most games first. */
  feeders: Feeder[];
  lastFedAt: Date;
}

/**
 * THE RULE: a ranked win is fed when its loser was new (younger than `youngHours`) or provisional
 * (fewer than `provisionalGames` rated games) and lost fast: gave it up before their own
 * `earlyMoves`-th move, moved near-instantly (median under `instantMoveMs`), or never had another
 * ranked opponent. An account is listed when its fed wins come from at least `minFeeders`
 * opponents and number at least `minFedWins` or bring it at least `minFedPoints` points; highest
 * score first.
 */
export function boosters(wins: readonly RankedWin[], rule: BoostRule = DEFAULT_BOOST_RULE): BoostReport[] {
  const byWinner = new Map<string, RankedWin[]>();
  for (const w of wins) byWinner.set(w.winnerId, [...(byWinner.get(w.winnerId) ?? []), w]);
  const out: BoostReport[] = [];
  for (const [winnerId, all] of byWinner) {
    let score = 0;
    let fedPoints = 0;
    let lastFedAt: Date | null = null;
    const feeders = new Map<string, Feeder>();
    for (const w of all) {
      const signals = feedSignals(w, rule);
      if (signals.length === 0) continue;
      score += signals.length / 3;
      fedPoints += Math.max(0, w.winnerGain);
      if (!lastFedAt || w.endedAt > lastFedAt) lastFedAt = w.endedAt;
      const f = feeders.get(w.loserId) ?? { playerId: w.loserId, username: w.loserUsername, games: 0, points: 0, signals: [], gameIds: [] };
      f.games += 1;
      f.points += Math.max(0, w.winnerGain);
      for (const s of signals) if (!f.signals.includes(s)) f.signals.push(s);
      f.gameIds.push(w.gameId);
      feeders.set(w.loserId, f);
    }
    const fedWins = [...feeders.values()].reduce((n, f) => n + f.games, 0);
    const listed = feeders.size >= rule.minFeeders && (fedWins >= rule.minFedWins || fedPoints >= rule.minFedPoints);
    if (!listed || !lastFedAt) continue;
    const gained = all.reduce((n, w) => n + Math.max(0, w.winnerGain), 0);
    out.push({
      player: { id: winnerId, username: all[0].winnerUsername },
      score: Math.round(score * 100) / 100,
      wins: all.length,
      fedWins,
      fedPoints: Math.round(fedPoints),
      share: gained > 0 ? fedPoints / gained : 0,
      feeders: [...feeders.values()].sort((a, b) => b.games - a.games || b.points - a.points || a.username.localeCompare(b.username)),
      lastFedAt,
    });
  }
  return out.sort((a, b) => b.score - a.score || b.fedPoints - a.fedPoints || a.player.username.localeCompare(b.player.username));
}
