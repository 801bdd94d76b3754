import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

const numeric = { from: (v: string | number) => Number(v), to: (v: number) => v };

@Entity('players')
@Check('players_counts_ck', `games >= 0 AND wins >= 0 AND draws >= 0 AND losses >= 0 AND wins + draws + losses = games`)
@Check('players_guest_password_ck', `NOT guest OR password_hash IS NULL`)
@Check('players_guest_bot_ck', `NOT (guest AND bot)`)
// (bot, rating DESC, rd, username_key) WHERE on_leaderboard: made by hand in a migration (TypeORM cannot say DESC).
@Index('players_leaderboard_idx', { synchronize: false })
export class Player {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** As typed by the player. */
  @Column({ type: 'varchar', length: 40 })
  username: string;

  /** Lower-cased username: unique, so names are unique case-insensitively. */
  @Index('players_username_key_uq', { unique: true })
  @Column({ name: 'username_key', type: 'varchar', length: 40 })
  usernameKey: string;

  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash: string | null;

  @Column({ type: 'boolean', default: false })
  guest: boolean;

  /** A bot account (a program): paired only with bots, ranked on the bots' own leaderboard. Never a guest. */
  @Column({ type: 'boolean', default: false })
  bot: boolean;

  @Column({ type: 'double precision', transformer: numeric })
  rating: number;

  @Column({ type: 'double precision', transformer: numeric })
  rd: number;

  @Column({ type: 'double precision', transformer: numeric })
  volatility: number;

  @Column({ type: 'integer', default: 0 })
  games: number;

  @Column({ type: 'integer', default: 0 })
  wins: number;

  @Column({ type: 'integer', default: 0 })
  draws: number;

  @Column({ type: 'integer', default: 0 })
  losses: number;

  @Column({ name: 'last_rated_at', type: 'timestamptz', nullable: true })
  lastRatedAt: Date | null;

  /** Kept by the leaderboard: eligible as of the last rated game or expiry sweep. */
  @Column({ name: 'on_leaderboard', type: 'boolean', default: false })
  onLeaderboard: boolean;

  /** The language the player chose for the pages and the API's messages (src/i18n/languages.ts), null until they choose. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  language: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** May use the moderator page and routes; given and taken with `outflank players moderator` only. */
  @Column({ type: 'boolean', default: false })
  moderator: boolean;

  /** When a moderator marked the account as an engine user: no ranked play, off the leaderboard. */
  @Column({ name: 'engine_marked_at', type: 'timestamptz', nullable: true })
  engineMarkedAt: Date | null;

  /** When a moderator closed the account: it can no longer sign in, and its tokens stop working. */
  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  /**
   * Tokens carry the version they were issued under (`tv`): raising it (sign out everywhere, a new
   * password, a closed account) makes every earlier token fail.
   */
  @Column({ name: 'token_version', type: 'integer', default: 0 })
  tokenVersion: number;

  /** When the token version or the closure last changed: what each app copy's revocation cache polls for. */
  @Index('players_standing_changed_idx')
  @Column({ name: 'standing_changed_at', type: 'timestamptz', nullable: true })
  standingChangedAt: Date | null;
}
