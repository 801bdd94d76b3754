import { Injectable } from '@nestjs/common';
import { In, QueryFailedError } from 'typeorm';
import { Db } from '../database/db.js';
import { eligibilityParams, eligibilityPlaceholders, eligibleSql, LeaderboardRules } from '../leaderboard/domain/eligibility.js';
import type { AuditPlayer } from '../ratings/domain/audit.js';
import { Player } from './entities/player.entity.js';

export interface NewPlayer {
  username: string;
  guest: boolean;
  /** A bot account (default false); never with guest. */
  bot?: boolean;
  passwordHash: string | null;
  rating: number;
  rd: number;
  volatility: number;
}

/** What a rated game writes on each of its players (rating transaction, row locked). */
export interface RatingUpdate {
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  lastRatedAt: Date;
  onLeaderboard: boolean;
}

/** A leaderboard row: what the page shows of a player. */
export interface LeaderboardPlayer {
  username: string;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  lastRatedAt: Date | null;
}

/** What pairing needs of a player: their rating, and which kind they are (bots play bots only). */
export interface PairingFacts {
  id: string;
  rating: number;
  rd: number;
  guest: boolean;
  bot: boolean;
}

const UNIQUE_VIOLATION = '23505';

/**
 * The one owner of the `players` table: every read and write of a player row goes through here
 * (the games module's one read-only JOIN for seat names and ratings aside). Every method runs on
 * the current connection: the caller's transaction's when one is open (Db).
 */
@Injectable()
export class PlayersRepository {
  constructor(private readonly db: Db) {}

  private repo() {
    return this.db.manager.getRepository(Player);
  }

  private query<T>(sql: string, params: unknown[] = []): Promise<T> {
    return this.db.query(sql, params) as Promise<T>;
  }

  // ---- identity -----------------------------------------------------------------------------

  findById(id: string): Promise<Player | null> {
    return this.repo().findOneBy({ id });
  }

  async findByIds(ids: readonly string[]): Promise<Player[]> {
    const unique = [...new Set(ids)];
    return unique.length === 0 ? [] : this.repo().findBy({ id: In(unique) });
  }

  /** By the lower-cased name (see usernameKey). */
  findByUsernameKey(key: string): Promise<Player | null> {
    return this.repo().findOneBy({ usernameKey: key });
  }

  /** For the login check only: the player with their password hash (never selected otherwise). */
  findWithPasswordByUsernameKey(key: string): Promise<Player | null> {
    return this.repo().createQueryBuilder('p').addSelect('p.passwordHash').where('p.username_key = :key', { key }).getOne();
  }

  /** A new player, as stored (defaults filled in); null when the name is taken (case-insensitively). */
  async insert(fields: NewPlayer): Promise<Player | null> {
    const repo = this.repo();
    try {
      const saved = await repo.save(repo.create({ ...fields, usernameKey: fields.username.toLowerCase() }));
      return (await repo.findOneBy({ id: saved.id }))!;
    } catch (err) {
      if (err instanceof QueryFailedError && (err.driverError as { code?: string })?.code === UNIQUE_VIOLATION) return null;
      throw err;
    }
  }

  /** Rating and kind (bot or not) of these players, by id; unknown ids are left out. */
  async pairingFacts(ids: readonly string[]): Promise<Map<string, PairingFacts>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows: PairingFacts[] = await this.query(
      'SELECT id, rating, rd, guest, bot FROM players WHERE id = ANY($1::uuid[])',
      [unique],
    );
    return new Map(rows.map((r) => [r.id, { id: r.id, rating: Number(r.rating), rd: Number(r.rd), guest: r.guest, bot: r.bot }]));
  }

  /** Holds the player's row until the caller's transaction ends (one queue action per player at a time). */
  async lock(id: string): Promise<void> {
    await this.query('SELECT 1 FROM players WHERE id = $1 FOR UPDATE', [id]);
  }

  // ---- matchmaking ----------------------------------------------------------------------------

  /** Holds these players' rows (taken in id order, as rating transactions do) until the transaction ends. */
  async lockMany(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.query('SELECT 1 FROM players WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [[...new Set(ids)]]);
  }

  // ---- ratings ------------------------------------------------------------------------------

  /**
   * Locks the players' rows in id order (the order every rating transaction takes them in, so two
   * game ends never deadlock) and returns them by id. Throws when one does not exist.
   */
  async lockForRating(ids: readonly string[]): Promise<Map<string, Player>> {
    const unique = [...new Set(ids)].sort();
    const players = await this.repo()
      .createQueryBuilder('p')
      .where('p.id IN (:...ids)', { ids: unique })
      .orderBy('p.id', 'ASC')
      .setLock('pessimistic_write')
      .getMany();
    if (players.length !== unique.length) throw new Error(`players not found: ${unique.filter((id) => !players.some((p) => p.id === id)).join(', ')}`);
    return new Map(players.map((p) => [p.id, p]));
  }

  /** Writes a rated game's outcome on a player locked by lockForRating. */
  async writeRating(id: string, update: RatingUpdate): Promise<void> {
    await this.repo().update(id, update);
  }

  /** Every player's rating values, in id order (in the audit's snapshot transaction). */
  async ratedPlayers(): Promise<AuditPlayer[]> {
    const rows: {
      id: string;
      username: string;
      rating: number;
      rd: number;
      volatility: number;
      games: number;
      wins: number;
      draws: number;
      losses: number;
      last_rated_at: Date | null;
    }[] = await this.query('SELECT id, username, rating, rd, volatility, games, wins, draws, losses, last_rated_at FROM players ORDER BY id');
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      rating: Number(r.rating),
      rd: Number(r.rd),
      volatility: Number(r.volatility),
      games: r.games,
      wins: r.wins,
      draws: r.draws,
      losses: r.losses,
      lastRatedAt: r.last_rated_at,
    }));
  }

  // ---- leaderboard flags (kept by the leaderboard service) ----------------------------------

  /** One page of the humans' (or the bots') leaderboard: flagged players by rating (ties: lower RD, then name). */
  async leaderboardPage(limit: number, offset: number, bots = false): Promise<LeaderboardPlayer[]> {
    const rows: (Omit<LeaderboardPlayer, 'lastRatedAt'> & { last_rated_at: Date | null })[] = await this.query(
      `SELECT p.username, p.rating, p.rd, p.volatility, p.games, p.wins, p.draws, p.losses, p.last_rated_at
       FROM players p WHERE p.on_leaderboard AND p.bot = $3
       ORDER BY p.rating DESC, p.rd ASC, p.username_key ASC
       LIMIT $1 OFFSET $2`,
      [limit, offset, bots],
    );
    return rows.map(({ last_rated_at, ...r }) => ({ ...r, lastRatedAt: last_rated_at ? new Date(last_rated_at) : null }));
  }

  /**
   * The player's position on their kind's leaderboard (bots' or humans'), or null when not on it:
   * that leaderboard's bucket counts above the player's rating point (read only, in the same
   * statement for one snapshot) plus the flagged players of their kind ahead within that point.
   */
  async leaderboardRank(playerId: string): Promise<number | null> {
    const rows: { rank: string | null }[] = await this.query(
      `SELECT CASE WHEN me.on_leaderboard THEN 1
          + coalesce((SELECT sum(b.players) FROM leaderboard_buckets b WHERE b.bot = me.bot AND b.bucket > floor(me.rating)), 0)
          + (SELECT count(*) FROM players p
             WHERE p.on_leaderboard AND p.bot = me.bot AND p.rating >= floor(me.rating) AND p.rating < floor(me.rating) + 1
               AND (p.rating > me.rating
                 OR (p.rating = me.rating AND (p.rd < me.rd OR (p.rd = me.rd AND p.username_key < me.username_key)))))
        END AS rank
       FROM players me WHERE me.id = $1`,
      [playerId],
    );
    return rows[0]?.rank == null ? null : Number(rows[0].rank);
  }

  /**
   * Takes up to `limit` flagged players who no longer meet the rules off the leaderboard, skipping
   * rows another transaction holds (a game end will set their flag anyway). Returns the ratings
   * and kinds of those taken off, for the bucket counts.
   */
  async takeOffIneligible(rules: LeaderboardRules, limit: number): Promise<{ rating: number; bot: boolean }[]> {
    const gone: { rating: number; bot: boolean }[] = await this.query(
      `UPDATE players SET on_leaderboard = false WHERE id IN (
         SELECT p.id FROM players p
         WHERE p.on_leaderboard AND NOT ${eligibleSql('p', eligibilityPlaceholders(1))}
         ORDER BY p.id LIMIT $6 FOR UPDATE SKIP LOCKED)
       RETURNING rating, bot`,
      [...eligibilityParams(rules), limit],
    );
    return gone.map((g) => ({ rating: Number(g.rating), bot: g.bot }));
  }

  /**
   * Blocks every write of player rows (sign-ups, game ends) until the caller's transaction ends;
   * reads go on. Taken before the bucket table's lock: the order a rating transaction uses.
   */
  async lockAllForLeaderboardRebuild(): Promise<void> {
    await this.query('LOCK TABLE players IN EXCLUSIVE MODE');
  }

  /** Sets every player's flag to what the rules say now; returns how many flags changed. */
  async recomputeLeaderboardFlags(rules: LeaderboardRules): Promise<number> {
    const { rowCount } = await this.db.execute(
      `UPDATE players SET on_leaderboard = e.eligible FROM (
         SELECT p.id, ${eligibleSql('p', eligibilityPlaceholders(1))} AS eligible FROM players p
       ) e WHERE e.id = players.id AND players.on_leaderboard IS DISTINCT FROM e.eligible`,
      eligibilityParams(rules),
    );
    return rowCount;
  }

  /** Flagged players per kind (bot or not) and rating point, humans' first, ascending: what the bucket counts must say. */
  async leaderboardCountsByBucket(): Promise<[bot: boolean, bucket: number, players: number][]> {
    const rows: { bot: boolean; bucket: number; n: number }[] = await this.query(
      'SELECT bot, floor(rating)::int AS bucket, count(*)::int AS n FROM players WHERE on_leaderboard GROUP BY 1, 2 ORDER BY 1, 2',
    );
    return rows.map((r) => [r.bot, r.bucket, r.n]);
  }

  /**
   * Players whose flag disagrees with the rules (for the audit): flagged but not eligible even
   * `graceHours` ago (an expired player stays flagged until the next sweep), or eligible now but
   * not flagged. By username.
   */
  async leaderboardFlagMismatches(rules: LeaderboardRules, graceHours: number): Promise<{ username: string; onLeaderboard: boolean }[]> {
    const rows: { username: string; on_leaderboard: boolean }[] = await this.query(
      `SELECT p.username, p.on_leaderboard FROM players p
       WHERE (p.on_leaderboard AND NOT ${eligibleSql('p', { ...eligibilityPlaceholders(1), at: 'now() - make_interval(hours => $6)' })})
          OR (NOT p.on_leaderboard AND ${eligibleSql('p', eligibilityPlaceholders(1))})
       ORDER BY p.username`,
      [...eligibilityParams(rules), graceHours],
    );
    return rows.map((r) => ({ username: r.username, onLeaderboard: r.on_leaderboard }));
  }
}
