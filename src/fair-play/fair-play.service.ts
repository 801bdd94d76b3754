import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { GamesService } from '../games/games.service.js';
import type { RankedLossRow } from '../games/games.repository.js';
import {
  ABORT_RECENT_GAMES, ABORT_RECENT_MS, abortCooldown, type AbortRule, isCheapLoss, rankedCooldown, type RankedCooldown, SANDBAG_RECENT_LOSSES,
  SANDBAG_RECENT_MS, sandbagging, type SandbagRule,
} from './domain/cooldown.js';

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

/**
 * The fair-play rules that read a player's recent ranked games: the ranked cooldowns (aborts,
 * sandbagging) the queue applies when a player joins, and the moderators' list of flagged
 * accounts with the accounts that gained from them. The rules themselves are pure
 * (./domain/cooldown.ts); the numbers are the FAIR_PLAY settings.
 */
@Injectable()
export class FairPlayService {
  constructor(
    private readonly games: GamesService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get abortRule(): AbortRule {
    const f = this.config.fairPlay;
    return { free: f.abortFree, baseSeconds: f.abortCooldownSeconds, maxSeconds: f.abortCooldownMaxSeconds };
  }

  get sandbagRule(): SandbagRule {
    const f = this.config.fairPlay;
    return { moves: f.sandbagMoves, share: f.sandbagShare, cooldownHours: f.sandbagCooldownHours };
  }

  /** The player's ranked cooldown still running at `now` (the longer of the abort and sandbagging ones), or null. */
  async rankedCooldown(playerId: string, now: Date = this.clock.now()): Promise<RankedCooldown | null> {
    const [ended, losses] = await Promise.all([
      this.games.endedRankedGamesOf(playerId, new Date(now.getTime() - ABORT_RECENT_MS), ABORT_RECENT_GAMES),
      this.games.rankedLosses(new Date(now.getTime() - SANDBAG_RECENT_MS), SANDBAG_RECENT_LOSSES, { playerId }),
    ]);
    return rankedCooldown(abortCooldown(ended, now, this.abortRule), sandbagging(losses, now, this.sandbagRule));
  }

  /**
   * For moderators: every account the sandbagging rule flags now (its ranked losses within 30 days
   * mostly by resignation or abandonment before its own SANDBAG_MOVES-th move), with the accounts
   * that gained from those losses; most cheap losses first. The moderator page lists these.
   */
  async sandbaggers(now: Date = this.clock.now()): Promise<SandbaggerReport[]> {
    const rule = this.sandbagRule;
    const rows = await this.games.rankedLosses(new Date(now.getTime() - SANDBAG_RECENT_MS), SANDBAG_RECENT_LOSSES, { cheapBelowMoves: rule.moves });
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
}
