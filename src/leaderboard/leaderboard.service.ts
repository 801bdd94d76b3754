import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import type { Player } from '../players/entities/player.entity.js';
import { effectiveRd, isProvisional } from '../ratings/domain/glicko2.js';
import { bucketDeltas, isEligible, LeaderboardRules, Standing } from './domain/buckets.js';
import { LeaderboardDto } from './dto/leaderboard.dto.js';

interface Row {
  username: string;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  last_rated_at: Date | null;
}

/** Arbitrary, fixed: one app copy at a time rebuilds or sweeps the leaderboard. */
const LEADERBOARD_LOCK = 727_002;
const EXPIRY_SWEEP_MS = 30_000;
const EXPIRY_BATCH = 1000;

/**
 * The ladder: registered players with at least LEADERBOARD_MIN_GAMES rated games and one in the
 * last LEADERBOARD_ACTIVE_DAYS days, by rating (ties: lower RD, then name). Each player's
 * `on_leaderboard` flag and the per-rating-point bucket counts are kept in the transaction that
 * rates a game; a sweep takes players off when their last rated game gets too old. So the first
 * page is an index range and a rank is a sum over a few thousand buckets plus one bucket's rows.
 */
@Injectable()
export class LeaderboardService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LeaderboardService.name);
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<unknown> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get rules(): LeaderboardRules {
    return { minGames: this.config.leaderboardMinGames, activeDays: this.config.leaderboardActiveDays };
  }

  async onModuleInit(): Promise<void> {
    await this.rebuild({ onlyIfRulesChanged: true });
    this.timer = setInterval(() => {
      this.sweeping ??= this.expire()
        .catch((err) => this.logger.error(err, 'leaderboard expiry sweep failed'))
        .finally(() => (this.sweeping = null));
    }, EXPIRY_SWEEP_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sweeping;
  }

  async page(limit = 50, offset = 0): Promise<LeaderboardDto> {
    const [rows, total] = await Promise.all([
      this.dataSource.query(
        `SELECT p.username, p.rating, p.rd, p.volatility, p.games, p.wins, p.draws, p.losses, p.last_rated_at
         FROM players p WHERE p.on_leaderboard
         ORDER BY p.rating DESC, p.rd ASC, p.username_key ASC
         LIMIT $1 OFFSET $2`,
        [limit, offset],
      ) as Promise<Row[]>,
      this.total(),
    ]);
    const now = new Date();
    return {
      total,
      entries: rows.map((r, i) => {
        const rd = effectiveRd({ rating: r.rating, rd: r.rd, volatility: r.volatility, lastRatedAt: r.last_rated_at }, now, this.config.ratings);
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
          lastActiveAt: r.last_rated_at ? new Date(r.last_rated_at).toISOString() : null,
        };
      }),
    };
  }

  async total(): Promise<number> {
    const rows: { n: string | null }[] = await this.dataSource.query('SELECT sum(players) AS n FROM leaderboard_buckets');
    return Number(rows[0]?.n ?? 0);
  }

  /** The player's position, or null when they are not on the leaderboard. */
  async rankOf(playerId: string): Promise<number | null> {
    const rows: { rank: string | null }[] = await this.dataSource.query(
      `SELECT CASE WHEN me.on_leaderboard THEN 1
          + coalesce((SELECT sum(b.players) FROM leaderboard_buckets b WHERE b.bucket > floor(me.rating)), 0)
          + (SELECT count(*) FROM players p
             WHERE p.on_leaderboard AND p.rating >= floor(me.rating) AND p.rating < floor(me.rating) + 1
               AND (p.rating > me.rating
                 OR (p.rating = me.rating AND (p.rd < me.rd OR (p.rd = me.rd AND p.username_key < me.username_key)))))
        END AS rank
       FROM players me WHERE me.id = $1`,
      [playerId],
    );
    return rows[0]?.rank == null ? null : Number(rows[0].rank);
  }

  /** Standing of a player after a rated game (inside the rating transaction, players locked). */
  standingAfter(player: Pick<Player, 'guest' | 'games' | 'lastRatedAt'>, rating: number, now: Date): Standing {
    return { on: isEligible(player, this.rules, now), rating };
  }

  /** Moves the bucket counts for these standing changes, in the caller's transaction. */
  async applyStandings(manager: EntityManager, changes: { before: Standing; after: Standing }[]): Promise<void> {
    for (const [bucket, delta] of bucketDeltas(changes)) {
      await manager.query(
        `INSERT INTO leaderboard_buckets (bucket, players) VALUES ($1, $2)
         ON CONFLICT (bucket) DO UPDATE SET players = leaderboard_buckets.players + EXCLUDED.players`,
        [bucket, delta],
      );
    }
  }

  /** Takes off players whose last rated game is too old. Never waits on a player row. */
  async expire(): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await this.dataSource.transaction(async (m) => {
        // TypeORM answers an UPDATE … RETURNING with [rows, count].
        const [gone]: [{ rating: number }[], number] = await m.query(
          `UPDATE players SET on_leaderboard = false WHERE id IN (
             SELECT id FROM players
             WHERE on_leaderboard AND last_rated_at < now() - make_interval(days => $1)
             ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
           RETURNING rating`,
          [this.rules.activeDays, EXPIRY_BATCH],
        );
        await this.applyStandings(m, gone.map((g) => ({ before: { on: true, rating: Number(g.rating) }, after: { on: false, rating: 0 } })));
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
    return this.dataSource.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock($1)', [LEADERBOARD_LOCK]);
      const { minGames, activeDays } = this.rules;
      if (options.onlyIfRulesChanged) {
        const current: { min_games: number; active_days: number }[] = await m.query('SELECT min_games, active_days FROM leaderboard_settings WHERE id = 1');
        if (current[0]?.min_games === minGames && current[0]?.active_days === activeDays) return false;
      }
      // Players first, then buckets: the order a rating transaction takes them in (no deadlock).
      // EXCLUSIVE lets reads through but holds off game ends and sign-ups until the rebuild is in.
      await m.query('LOCK TABLE players IN EXCLUSIVE MODE');
      await m.query('LOCK TABLE leaderboard_buckets IN EXCLUSIVE MODE');
      await m.query(
        `UPDATE players SET on_leaderboard = eligible FROM (
           SELECT id, (NOT guest AND games >= $1 AND last_rated_at >= now() - make_interval(days => $2)) AS eligible FROM players
         ) e WHERE e.id = players.id AND players.on_leaderboard IS DISTINCT FROM e.eligible`,
        [minGames, activeDays],
      );
      await m.query('DELETE FROM leaderboard_buckets');
      await m.query(`INSERT INTO leaderboard_buckets (bucket, players) SELECT floor(rating)::int, count(*) FROM players WHERE on_leaderboard GROUP BY 1`);
      await m.query(
        `INSERT INTO leaderboard_settings (id, min_games, active_days, rebuilt_at) VALUES (1, $1, $2, now())
         ON CONFLICT (id) DO UPDATE SET min_games = EXCLUDED.min_games, active_days = EXCLUDED.active_days, rebuilt_at = now()`,
        [minGames, activeDays],
      );
      return true;
    });
  }
}
