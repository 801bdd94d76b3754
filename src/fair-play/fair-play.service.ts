import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { RankedHistoryRepository } from '../games/ranked-history.repository.js';
import {
  ABORT_RECENT_GAMES, ABORT_RECENT_MS, abortCooldown, type AbortRule, rankedCooldown, type RankedCooldown, SANDBAG_RECENT_LOSSES,
  SANDBAG_RECENT_MS, sandbagging, type SandbagRule,
} from './domain/cooldown.js';
import { flaggedAccounts, sandbagRuleOf, type SandbaggerReport } from './flagged.js';

export type { Beneficiary, SandbaggerReport } from './flagged.js';

/**
 * The fair-play rules that read a player's recent ranked games: the ranked cooldowns (aborts,
 * sandbagging) the queue applies when a player joins, and the moderators' list of flagged
 * accounts with the accounts that gained from them. The rules themselves are pure
 * (./domain/cooldown.ts); the numbers are the FAIR_PLAY settings.
 */
@Injectable()
export class FairPlayService {
  constructor(
    private readonly games: RankedHistoryRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get abortRule(): AbortRule {
    const f = this.config.fairPlay;
    return { free: f.abortFree, baseSeconds: f.abortCooldownSeconds, maxSeconds: f.abortCooldownMaxSeconds };
  }

  get sandbagRule(): SandbagRule {
    return sandbagRuleOf(this.config);
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
    const rows = await this.games.rankedLosses(new Date(now.getTime() - SANDBAG_RECENT_MS), SANDBAG_RECENT_LOSSES, { cheapBelowMoves: this.sandbagRule.moves });
    return flaggedAccounts(rows, now, this.sandbagRule);
  }
}
