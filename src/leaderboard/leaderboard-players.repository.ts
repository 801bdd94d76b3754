import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { Placeholders, sql } from '../database/sql.js';
import type { Player } from '../players/entities/player.entity.js';
import { PLAYERS } from '../players/players.repository.js';
import { eligibleSql, LeaderboardRules } from './domain/eligibility.js';

/** A leaderboard row: what the page shows of a player. */
export type LeaderboardPlayer = Pick<Player, 'username' | 'rating' | 'rd' | 'volatility' | 'games' | 'wins' | 'draws' | 'losses' | 'lastRatedAt'>;

/** The leaderboard rules as named placeholders, for eligibleSql. */
const rulesIn = (p: Placeholders<LeaderboardRules>) => ({ minGames: p.minGames, activeDays: p.activeDays, provisionalRd: p.provisionalRd, periodsPerDay: p.periodsPerDay, maxRd: p.maxRd });
const rulesOf = (r: LeaderboardRules): LeaderboardRules => ({ minGames: r.minGames, activeDays: r.activeDays, provisionalRd: r.provisionalRd, periodsPerDay: r.periodsPerDay, maxRd: r.maxRd });

const LEADERBOARD_PAGE = sql<{ limit: number; offset: number; bots: boolean }, LeaderboardPlayer>(
  null,
  (p) => `SELECT ${PLAYERS.select('p', ['username', 'rating', 'rd', 'volatility', 'games', 'wins', 'draws', 'losses', 'lastRatedAt'])}
    FROM players p WHERE p.on_leaderboard AND p.bot = ${p.bots}
    ORDER BY p.rating DESC, p.rd ASC, p.username_key ASC
    LIMIT ${p.limit} OFFSET ${p.offset}`,
);
const LEADERBOARD_RANK = sql<{ id: string }, { rank: string | null }>(
  'player_rank',
  (p) => `SELECT CASE WHEN me.on_leaderboard THEN 1
      + coalesce((SELECT sum(b.players) FROM leaderboard_buckets b WHERE b.bot = me.bot AND b.bucket > floor(me.rating)), 0)
      + (SELECT count(*) FROM players p
         WHERE p.on_leaderboard AND p.bot = me.bot AND p.rating >= floor(me.rating) AND p.rating < floor(me.rating) + 1
           AND (p.rating > me.rating
             OR (p.rating = me.rating AND (p.rd < me.rd OR (p.rd = me.rd AND p.username_key < me.username_key)))))
    END AS rank
    FROM players me WHERE me.id = ${p.id}`,
);
const TAKE_OFF_INELIGIBLE = sql<LeaderboardRules & { limit: number }, Pick<Player, 'rating' | 'bot'>>(
  null,
  (p) => `UPDATE players SET on_leaderboard = false WHERE id IN (
      SELECT p.id FROM players p
      WHERE p.on_leaderboard AND NOT ${eligibleSql('p', rulesIn(p))}
      ORDER BY p.id LIMIT ${p.limit} FOR UPDATE SKIP LOCKED)
    RETURNING rating, bot`,
);
const RECOMPUTE_FLAGS = sql<LeaderboardRules>(
  null,
  (p) => `UPDATE players SET on_leaderboard = e.eligible FROM (
      SELECT p.id, ${eligibleSql('p', rulesIn(p))} AS eligible FROM players p
    ) e WHERE e.id = players.id AND players.on_leaderboard IS DISTINCT FROM e.eligible`,
);
const COUNTS_BY_BUCKET = sql<Record<string, never>, { bot: boolean; bucket: number; n: number }>(
  null,
  () => 'SELECT bot, floor(rating)::int AS bucket, count(*)::int AS n FROM players WHERE on_leaderboard GROUP BY 1, 2 ORDER BY 1, 2',
);
const FLAG_MISMATCHES = sql<LeaderboardRules & { graceHours: number }, Pick<Player, 'username' | 'onLeaderboard'>>(
  null,
  (p) => `SELECT ${PLAYERS.select('p', ['username', 'onLeaderboard'])} FROM players p
    WHERE (p.on_leaderboard AND NOT ${eligibleSql('p', { ...rulesIn(p), at: `now() - make_interval(hours => ${p.graceHours})` })})
       OR (NOT p.on_leaderboard AND ${eligibleSql('p', rulesIn(p))})
    ORDER BY p.username`,
);

/**
 * The leaderboard's side of the `players` table: its `on_leaderboard` flag (set by the rules, the
 * rating transaction aside) and the reads that rank flagged players. The players module owns the
 * table's identity, rating and standing columns; these statements are the leaderboard's rules.
 * Every method runs on the current connection: the caller's transaction's when one is open (Db).
 */
@Injectable()
export class LeaderboardPlayersRepository {
  constructor(private readonly db: Db) {}

  // ---- leaderboard flags (kept by the leaderboard service) ----------------------------------

  /** One page of the humans' (or the bots') leaderboard: flagged players by rating (ties: lower RD, then name). */
  leaderboardPage(limit: number, offset: number, bots = false): Promise<LeaderboardPlayer[]> {
    return this.db.query(LEADERBOARD_PAGE({ limit, offset, bots }));
  }

  /**
   * The player's position on their kind's leaderboard (bots' or humans'), or null when not on it:
   * that leaderboard's bucket counts above the player's rating point (read only, in the same
   * statement for one snapshot) plus the flagged players of their kind ahead within that point.
   */
  async leaderboardRank(playerId: string): Promise<number | null> {
    const row = await this.db.first(LEADERBOARD_RANK({ id: playerId }));
    return row?.rank == null ? null : Number(row.rank);
  }

  /**
   * Takes up to `limit` flagged players who no longer meet the rules off the leaderboard, skipping
   * rows another transaction holds (a game end will set their flag anyway). Returns the ratings
   * and kinds of those taken off, for the bucket counts.
   */
  takeOffIneligible(rules: LeaderboardRules, limit: number): Promise<{ rating: number; bot: boolean }[]> {
    return this.db.query(TAKE_OFF_INELIGIBLE({ ...rulesOf(rules), limit }));
  }

  /**
   * Blocks every write of player rows (sign-ups, game ends) until the caller's transaction ends;
   * reads go on. Taken before the bucket table's lock: the order a rating transaction uses.
   */
  async lockAllForLeaderboardRebuild(): Promise<void> {
    await this.db.query('LOCK TABLE players IN EXCLUSIVE MODE');
  }

  /** Sets every player's flag to what the rules say now; returns how many flags changed. */
  async recomputeLeaderboardFlags(rules: LeaderboardRules): Promise<number> {
    return (await this.db.execute(RECOMPUTE_FLAGS(rulesOf(rules)))).rowCount;
  }

  /** Flagged players per kind (bot or not) and rating point, humans' first, ascending: what the bucket counts must say. */
  async leaderboardCountsByBucket(): Promise<[bot: boolean, bucket: number, players: number][]> {
    return (await this.db.query(COUNTS_BY_BUCKET({}))).map((r) => [r.bot, r.bucket, r.n]);
  }

  /**
   * Players whose flag disagrees with the rules (for the audit): flagged but not eligible even
   * `graceHours` ago (an expired player stays flagged until the next sweep), or eligible now but
   * not flagged. By username.
   */
  leaderboardFlagMismatches(rules: LeaderboardRules, graceHours: number): Promise<{ username: string; onLeaderboard: boolean }[]> {
    return this.db.query(FLAG_MISMATCHES({ ...rulesOf(rules), graceHours }));
  }
}
