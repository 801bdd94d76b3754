import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { RankedHistoryRepository } from '../games/ranked-history.repository.js';
import {
  ABORT_RECENT_GAMES, ABORT_RECENT_MS, abortCooldown, type AbortRule, rankedCooldown, type RankedCooldown, SANDBAG_RECENT_LOSSES,
  SANDBAG_RECENT_MS, sandbagging, type SandbagRule,
} from './domain/cooldown.js';
import { boosters, boostSince, type BoostReport, type BoostRule } from './domain/boosting.js';
import { rankedGate, type RankedGate, rankedGateOff, type RankedGateRule } from './domain/ranked-gate.js';
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

  /** The boosting detector's thresholds (the BOOST_* settings). */
  get boostRule(): BoostRule {
    return this.config.fairPlay.boosting;
  }

  get rankedGateRule(): RankedGateRule {
    return { minCasualGames: this.config.fairPlay.rankedMinCasualGames, minAccountHours: this.config.fairPlay.rankedMinAccountHours };
  }

  /**
   * The newcomers' gate of ranked play for this account at `now` (./domain/ranked-gate.ts): the one
   * place it is decided; the queue refuses a ranked ticket while it is shut, the lobby shows it.
   */
  async rankedGate(player: { id: string; createdAt: Date }, now: Date = this.clock.now()): Promise<RankedGate> {
    const rule = this.rankedGateRule;
    const casualGames = rankedGateOff(rule) || rule.minCasualGames === 0 ? 0 : await this.games.casualGamesFinished(player.id, rule.minCasualGames);
    return rankedGate({ createdAt: new Date(player.createdAt), casualGames }, now, rule);
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

  /**
   * For moderators: accounts whose ranked wins of the last 30 days came from new or provisional
   * opponents who lost fast (./domain/boosting.ts), each with its feeders; highest score first.
   */
  async boosters(now: Date = this.clock.now()): Promise<BoostReport[]> {
    const rule = this.boostRule;
    return boosters(await this.games.winsOverNewcomers(boostSince(now, rule), rule.youngHours, rule.provisionalGames), rule);
  }
}
