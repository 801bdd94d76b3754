import type { AppConfig } from '../config/config.js';
import type { RankedLossRow } from '../games/ranked-history.repository.js';
import { isCheapLoss, sandbagging, type SandbagRule } from './domain/cooldown.js';

/** An account that gained from a flagged account's cheap losses. */
export interface Beneficiary {
  id: string;
  username: string;
  /** Cheap losses of the flagged account this account won. */
  games: number;
  /** Rating points it gained in those games. */
  points: number;
}

/** A flagged account, as the moderators' list shows it. */
export interface SandbaggerReport {
  player: { id: string; username: string };
  /** Ranked losses looked at (the latest 20 within 30 days) and the cheap ones among them. */
  losses: number;
  cheapLosses: number;
  share: number;
  /** When its ranked cooldown ends (null: over). */
  cooldownUntil: Date | null;
  /** The latest cheap loss. */
  lastCheapLossAt: Date;
  /** Who gained from the cheap losses, most points first. */
  beneficiaries: Beneficiary[];
  /** The cheap losses' game ids, newest first. */
  gameIds: string[];
}

/** The sandbagging rule's numbers (SANDBAG_MOVES, SANDBAG_SHARE, SANDBAG_COOLDOWN_HOURS). */
export function sandbagRuleOf(config: Pick<AppConfig, 'fairPlay'>): SandbagRule {
  const f = config.fairPlay;
  return { moves: f.sandbagMoves, share: f.sandbagShare, cooldownHours: f.sandbagCooldownHours };
}

/**
 * The moderators' list from ranked losses (RankedHistoryRepository.rankedLosses with `cheapBelowMoves`):
 * every account the sandbagging rule flags at `now`, with the accounts that gained from its cheap
 * losses (most points first); most cheap losses first.
 */
export function flaggedAccounts(rows: readonly RankedLossRow[], now: Date, rule: SandbagRule): SandbaggerReport[] {
  const byLoser = new Map<string, RankedLossRow[]>();
  for (const r of rows) byLoser.set(r.loserId, [...(byLoser.get(r.loserId) ?? []), r]);
  const reports: SandbaggerReport[] = [];
  for (const losses of byLoser.values()) {
    const verdict = sandbagging(losses, now, rule);
    if (!verdict.flagged) continue;
    const cheap = losses.filter((l) => isCheapLoss(l, rule)).sort((a, b) => b.endedAt.getTime() - a.endedAt.getTime());
    const gainers = new Map<string, Beneficiary>();
    for (const l of cheap) {
      const b = gainers.get(l.winnerId) ?? { id: l.winnerId, username: l.winnerUsername, games: 0, points: 0 };
      b.games += 1;
      b.points += l.winnerGain;
      gainers.set(l.winnerId, b);
    }
    reports.push({
      player: { id: losses[0].loserId, username: losses[0].loserUsername },
      losses: verdict.losses,
      cheapLosses: verdict.cheap.length,
      share: verdict.share,
      cooldownUntil: verdict.until,
      lastCheapLossAt: cheap[0].endedAt,
      beneficiaries: [...gainers.values()].map((b) => ({ ...b, points: Math.round(b.points * 10) / 10 })).sort((a, b) => b.points - a.points),
      gameIds: cheap.map((l) => l.gameId),
    });
  }
  return reports.sort((a, b) => b.cheapLosses - a.cheapLosses || b.lastCheapLossAt.getTime() - a.lastCheapLossAt.getTime());
}
