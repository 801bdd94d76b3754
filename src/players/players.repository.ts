import { Injectable } from '@nestjs/common';
import { In, QueryFailedError } from 'typeorm';
import { Db } from '../database/db.js';
import { sql, table } from '../database/sql.js';
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

/** Whether a player's tokens are good: the version they must carry, and whether the account is closed. */
export interface PlayerStanding {
  id: string;
  tokenVersion: number;
  closed: boolean;
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

/** A player's rating values (what the ratings audit recomputes). */
export type RatedPlayer = Pick<Player, 'id' | 'username' | 'rating' | 'rd' | 'volatility' | 'games' | 'wins' | 'draws' | 'losses' | 'lastRatedAt'>;

/** What pairing needs of a player: their rating, and which kind they are (bots play bots only). */
export interface PairingFacts {
  id: string;
  rating: number;
  rd: number;
  guest: boolean;
  bot: boolean;
}

const UNIQUE_VIOLATION = '23505';

/** The `players` table: a player row reads as a Player. */
export const PLAYERS = table<Player>('players', {
  id: ['id', 'uuid'],
  username: ['username', 'text'],
  usernameKey: ['username_key', 'text'],
  passwordHash: ['password_hash', 'text'],
  guest: ['guest', 'boolean'],
  bot: ['bot', 'boolean'],
  rating: ['rating', 'float8'],
  rd: ['rd', 'float8'],
  volatility: ['volatility', 'float8'],
  games: ['games', 'int'],
  wins: ['wins', 'int'],
  draws: ['draws', 'int'],
  losses: ['losses', 'int'],
  lastRatedAt: ['last_rated_at', 'timestamptz'],
  onLeaderboard: ['on_leaderboard', 'boolean'],
  language: ['language', 'text'],
  createdAt: ['created_at', 'timestamptz'],
  moderator: ['moderator', 'boolean'],
  engineMarkedAt: ['engine_marked_at', 'timestamptz'],
  closedAt: ['closed_at', 'timestamptz'],
  tokenVersion: ['token_version', 'int'],
  standingChangedAt: ['standing_changed_at', 'timestamptz'],
});

const PAIRING_FACTS = sql<{ ids: readonly string[] }, PairingFacts>(
  null,
  (p) => `SELECT ${PLAYERS.select('p', ['id', 'rating', 'rd', 'guest', 'bot'])} FROM players p WHERE p.id = ANY(${p.ids}::uuid[])`,
);
const SET_LANGUAGE = sql<{ id: string; language: string | null }>(null, (p) => `UPDATE players SET language = ${p.language} WHERE id = ${p.id}`);
const LOCK = sql<{ id: string }>('player_lock', (p) => `SELECT 1 FROM players WHERE id = ${p.id} FOR UPDATE`);
const LOCK_MANY = sql<{ ids: readonly string[] }>(null, (p) => `SELECT 1 FROM players WHERE id = ANY(${p.ids}::uuid[]) ORDER BY id FOR UPDATE`);
const RATED_PLAYERS = sql<Record<string, never>, RatedPlayer>(
  null,
  () => `SELECT ${PLAYERS.select('p', ['id', 'username', 'rating', 'rd', 'volatility', 'games', 'wins', 'draws', 'losses', 'lastRatedAt'])} FROM players p ORDER BY p.id`,
);
/** Moderation's marks on a player row; each run in the caller's transaction with the row locked. */
const SET_MODERATOR = sql<{ id: string; moderator: boolean }>(null, (p) => `UPDATE players SET moderator = ${p.moderator} WHERE id = ${p.id}`);
const MARK_ENGINE_USER = sql<{ id: string }>(null, (p) => `UPDATE players SET engine_marked_at = now(), on_leaderboard = false WHERE id = ${p.id}`);
// Closing also raises the token version: every token of the account stops working at once.
const CLOSE_ACCOUNT = sql<{ id: string }>(
  null,
  (p) => `UPDATE players SET closed_at = now(), on_leaderboard = false, token_version = token_version + 1, standing_changed_at = now() WHERE id = ${p.id}`,
);
const REOPEN_ACCOUNT = sql<{ id: string; onLeaderboard: boolean }>(
  null,
  (p) => `UPDATE players SET closed_at = NULL, on_leaderboard = ${p.onLeaderboard}, standing_changed_at = now() WHERE id = ${p.id}`,
);
const UNMARK_ENGINE_USER = sql<{ id: string; onLeaderboard: boolean }>(
  null,
  (p) => `UPDATE players SET engine_marked_at = NULL, on_leaderboard = ${p.onLeaderboard} WHERE id = ${p.id}`,
);
const REVOKE_TOKENS = sql<{ id: string }, { tokenVersion: number }>(
  null,
  (p) => `UPDATE players SET token_version = token_version + 1, standing_changed_at = now() WHERE id = ${p.id} RETURNING token_version AS "tokenVersion"`,
);
const SET_PASSWORD = sql<{ id: string; passwordHash: string }, { tokenVersion: number }>(
  null,
  (p) => `UPDATE players SET password_hash = ${p.passwordHash}, token_version = token_version + 1, standing_changed_at = now() WHERE id = ${p.id} RETURNING token_version AS "tokenVersion"`,
);
const STANDING_SINCE = sql<{ since: Date }, PlayerStanding>(
  null,
  (p) => `SELECT id, token_version AS "tokenVersion", closed_at IS NOT NULL AS closed FROM players WHERE standing_changed_at > ${p.since}`,
);
const ALL_STANDING = sql<Record<string, never>, PlayerStanding>(
  null,
  () => `SELECT id, token_version AS "tokenVersion", closed_at IS NOT NULL AS closed FROM players WHERE token_version > 0 OR closed_at IS NOT NULL`,
);
/** Rated games' outcomes on several players in one statement (a game's end writes both seats). */
const RATING_COLUMNS = ['rating', 'rd', 'volatility', 'games', 'wins', 'draws', 'losses', 'lastRatedAt', 'onLeaderboard'] as const satisfies readonly (keyof RatingUpdate)[];
const WRITE_RATINGS = sql<{ ids: readonly string[] } & { [K in (typeof RATING_COLUMNS)[number]]: readonly RatingUpdate[K][] }>(
  'players_write_ratings',
  (p) =>
    `UPDATE players AS pl SET ${RATING_COLUMNS.map((k) => `${PLAYERS.col(k)} = u.${PLAYERS.col(k)}`).join(', ')}
     FROM unnest(${p.ids}::uuid[], ${RATING_COLUMNS.map((k) => `${p[k]}::${PLAYERS.columns[k][1]}[]`).join(', ')}) AS u(id, ${PLAYERS.names(RATING_COLUMNS)})
     WHERE pl.id = u.id`,
);
const SET_RATING = sql<{ id: string; rating: number }>(null, (p) => `UPDATE players SET rating = ${p.rating} WHERE id = ${p.id}`);

/**
 * The owner of the `players` table: every read and write of a player row goes through here but
 * the leaderboard's flag and its ranking reads (LeaderboardPlayersRepository) and the games
 * module's read-only JOINs for seat names and ratings. Every method runs on
 * the current connection: the caller's transaction's when one is open (Db).
 */
@Injectable()
export class PlayersRepository {
  constructor(private readonly db: Db) {}

  private repo() {
    return this.db.manager.getRepository(Player);
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

  /** Saves the player's chosen language (null: none). */
  async setLanguage(id: string, language: string | null): Promise<void> {
    await this.db.query(SET_LANGUAGE({ id, language }));
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
    return new Map((await this.db.query(PAIRING_FACTS({ ids: unique }))).map((r) => [r.id, r]));
  }

  /** Holds the player's row until the caller's transaction ends (one queue action per player at a time). */
  async lock(id: string): Promise<void> {
    await this.db.query(LOCK({ id }));
  }

  // ---- matchmaking ----------------------------------------------------------------------------

  /** Holds these players' rows (taken in id order, as rating transactions do) until the transaction ends. */
  async lockMany(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query(LOCK_MANY({ ids: [...new Set(ids)] }));
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

  /**
   * Writes rated outcomes on players locked by lockForRating, in one statement: a game's end is
   * a transaction of several round trips, each a wait for the app's event loop under load.
   */
  async writeRatings(updates: readonly (RatingUpdate & { id: string })[]): Promise<void> {
    // One row per player, the last update of it winning, as one UPDATE after another would leave it.
    const rows = [...new Map(updates.map((u) => [u.id, u])).values()];
    if (!rows.length) return;
    const column = <K extends (typeof RATING_COLUMNS)[number]>(k: K): RatingUpdate[K][] => rows.map((u) => u[k]);
    await this.db.query(
      WRITE_RATINGS({
        ids: rows.map((u) => u.id),
        rating: column('rating'),
        rd: column('rd'),
        volatility: column('volatility'),
        games: column('games'),
        wins: column('wins'),
        draws: column('draws'),
        losses: column('losses'),
        lastRatedAt: column('lastRatedAt'),
        onLeaderboard: column('onLeaderboard'),
      }),
    );
  }

  /** A refund's new rating, on a player locked by lockForRating (nothing else of the row changes). */
  async writeRefundedRating(id: string, rating: number): Promise<void> {
    await this.db.query(SET_RATING({ id, rating }));
  }

  // ---- moderation's marks, rows locked by the caller ----------------------------------

  async setModerator(id: string, moderator: boolean): Promise<void> {
    await this.db.query(SET_MODERATOR({ id, moderator }));
  }

  /** No ranked play, off the leaderboard (the caller moves the bucket counts). */
  async markEngineUser(id: string): Promise<void> {
    await this.db.query(MARK_ENGINE_USER({ id }));
  }

  /** No sign-in, off the leaderboard (the caller moves the bucket counts). */
  async closeAccount(id: string): Promise<void> {
    await this.db.query(CLOSE_ACCOUNT({ id }));
  }

  // ---- tokens' standing (the revocation cache, src/auth/token-standing.ts) -----------------------

  /** Every token of the player stops working; the new version, for the token this device gets next. */
  async revokeTokens(id: string): Promise<number> {
    return (await this.db.first(REVOKE_TOKENS({ id })))!.tokenVersion;
  }

  /** A new password hash, and every earlier token of the player stops working; the new version. */
  async setPassword(id: string, passwordHash: string): Promise<number> {
    return (await this.db.first(SET_PASSWORD({ id, passwordHash })))!.tokenVersion;
  }

  /** Players whose standing changed after `since`; with null, every player whose standing is not a fresh account's. */
  standing(since: Date | null): Promise<PlayerStanding[]> {
    return this.db.query(since ? STANDING_SINCE({ since }) : ALL_STANDING({}));
  }

  /** A closed account opened again (its tokens from before stay revoked: its token version stays raised). */
  async reopenAccount(id: string, onLeaderboard: boolean): Promise<void> {
    await this.db.query(REOPEN_ACCOUNT({ id, onLeaderboard }));
  }

  /** An engine mark lifted (the caller moves the bucket counts). */
  async unmarkEngineUser(id: string, onLeaderboard: boolean): Promise<void> {
    await this.db.query(UNMARK_ENGINE_USER({ id, onLeaderboard }));
  }

  /** Every player's rating values, in id order (in the audit's snapshot transaction). */
  ratedPlayers(): Promise<RatedPlayer[]> {
    return this.db.query(RATED_PLAYERS({}));
  }
}
