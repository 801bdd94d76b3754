import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Db } from '../database/db.js';
import { LeaderboardPlayersRepository } from './leaderboard-players.repository.js';
import { effectiveRd, isProvisional } from '../ratings/domain/glicko2.js';
import { bucketDeltas, Standing } from './domain/buckets.js';
import { EligibilityFacts, ELIGIBILITY_VERSION, isEligible, LeaderboardRules, leaderboardRules } from './domain/eligibility.js';
import { LeaderboardDto } from './dto/leaderboard.dto.js';
import { LeaderboardRepository } from './leaderboard.repository.js';
import { Periodic } from '../common/periodic.js';

const EXPIRY_SWEEP_MS = 30_000;
const EXPIRY_BATCH = 1000;

/**
 * The ladder: registered players with at least LEADERBOARD_MIN_GAMES rated games and one in the
 * last LEADERBOARD_ACTIVE_DAYS days, no longer provisional (RD below 110), by rating (ties: lower
 * RD, then name). Bots have a leaderboard of their own, humans another. Each player's
 * `on_leaderboard` flag and the per-rating-point bucket counts are kept in the transaction that
 * rates a game; a sweep takes players off when their last rated game gets too old. So the first
 * page is an index range and a rank is a sum over a few thousand buckets plus one bucket's rows.
 */
@Injectable()
export class LeaderboardService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LeaderboardService.name);
  private readonly expiry = new Periodic(
    () => this.expire(),
    (err) => this.logger.error(err, 'leaderboard expiry sweep failed'),
  );

  constructor(
    private readonly db: Db,
    private readonly buckets: LeaderboardRepository,
    private readonly players: LeaderboardPlayersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get rules(): LeaderboardRules {
    return leaderboardRules(this.config);
  }

  async onModuleInit(): Promise<void> {
    await this.rebuild({ onlyIfRulesChanged: true });
    this.expiry.start(EXPIRY_SWEEP_MS);
  }

  async onModuleDestroy(): Promise<void> {
    await this.expiry.stop();
  }

  /** One page of the humans' leaderboard, or of the bots' with `bots`. */
  async page(limit = 50, offset = 0, bots = false): Promise<LeaderboardDto> {
    const [rows, total] = await Promise.all([this.players.leaderboardPage(limit, offset, bots), this.total(bots)]);
    const now = new Date();
    return {
      total,
      entries: rows.map((r, i) => {
        const rd = effectiveRd(r, now, this.config.ratings);
        return {
          rank: offset + i + 1,
          username: r.username,
          rating: r.rating,
          rd,
          provisional: isProvisional(rd),
          games: r.games,
          wins: r.wins,
          draws: r.draws,
          losses: r.losses,
          lastActiveAt: r.lastRatedAt ? r.lastRatedAt.toISOString() : null,
        };
      }),
    };
  }

  total(bots = false): Promise<number> {
    return this.buckets.total(bots);
  }

  /** The player's position among their own kind (bots or humans), or null when they are not on the leaderboard. */
  rankOf(playerId: string): Promise<number | null> {
    return this.players.leaderboardRank(playerId);
  }

  /** Standing of a player after a rated game (inside the rating transaction, players locked). */
  standingAfter(player: EligibilityFacts & { bot: boolean }, rating: number, now: Date): Standing {
    return { on: isEligible(player, this.rules, now), rating, bot: player.bot };
  }

  /** Moves the bucket counts for these standing changes, in the caller's transaction. */
  async applyStandings(changes: { before: Standing; after: Standing }[]): Promise<void> {
    await this.buckets.addToBuckets(bucketDeltas(changes));
  }

  /** Takes off players who no longer meet the rules (their last rated game got too old, or their RD grew back to provisional). Never waits on a player row. */
  async expire(): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await this.db.transaction(async () => {
        const gone = await this.players.takeOffIneligible(this.rules, EXPIRY_BATCH);
        await this.applyStandings(gone.map(({ rating, bot }) => ({ before: { on: true, rating, bot }, after: { on: false, rating: 0, bot } })));
        return gone.length;
      });
      removed += batch;
      if (batch < EXPIRY_BATCH) return removed;
    }
  }

  /**
   * Recomputes every flag and bucket from the players' rows (after a change of the rules, or data
   * written around the service). Blocks rating updates meanwhile.
   */
  async rebuild(options: { onlyIfRulesChanged?: boolean } = {}): Promise<boolean> {
    return this.db.transaction(async () => {
      await this.buckets.lockForRebuild();
      const rules = { ...this.rules, version: ELIGIBILITY_VERSION };
      if (options.onlyIfRulesChanged) {
        const current = await this.buckets.settings();
        const same = current !== null && (Object.keys(rules) as (keyof typeof rules)[]).every((k) => current[k] === rules[k]);
        if (same) return false;
      }
      // Players first, then buckets: the order a rating transaction takes them in (no deadlock).
      // EXCLUSIVE lets reads through but holds off game ends and sign-ups until the rebuild is in.
      await this.players.lockAllForLeaderboardRebuild();
      await this.buckets.lockBuckets();
      await this.players.recomputeLeaderboardFlags(rules);
      await this.buckets.replaceBuckets(await this.players.leaderboardCountsByBucket());
      await this.buckets.saveSettings(rules);
      return true;
    });
  }
}
