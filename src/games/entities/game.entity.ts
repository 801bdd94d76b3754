import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Player } from '../../players/entities/player.entity.js';

import type { ColorName, GameStatus, ResultReason } from '../domain/game.js';

export type { ColorName, GameStatus, ResultReason };

const nullableNumber = { from: (v: string | number | null) => (v == null ? null : Number(v)), to: (v: number | null) => v };

// The one-column rules (status, colours, result reason, board, ply, turn seconds, stand-in counts,
// computer level) are domains, the column types the migrations give these columns
// (MoveStatementChecks): PostgreSQL builds a domain's rule once per connection but a CHECK's in every
// statement that writes the table. The entity keeps the base types; the rules between columns stay here.
@Entity('games')
@Check('games_seats_ck', `black_id <> white_id`)
@Check('games_clock_ck', `(clock_base_seconds IS NULL) = (clock_increment_seconds IS NULL) AND (clock_base_seconds IS NULL OR turn_seconds IS NULL)`)
@Check('games_computer_level_ck', `computer_level IS NULL OR NOT rated`)
@Index('games_black_created_idx', ['blackId', 'createdAt'])
@Index('games_white_created_idx', ['whiteId', 'createdAt'])
// Not takeover_at: it changes with every move, and an indexed column would cost every move a
// non-HOT update (a new entry in each index). The sweeper scans the active games instead.
@Index('games_active_idx', ['id'], { where: `status = 'active'` })
@Index('games_rated_finished_idx', ['finishedAt'], { where: `rated AND status = 'finished'` })
// The analysis finds the games that finished lately through this (src/analysis).
@Index('games_finished_idx', ['finishedAt'], { where: `status = 'finished'` })
export class Game {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('games_room_idx')
  @Column({ name: 'room_id', type: 'uuid', nullable: true })
  roomId: string | null;

  /** The room's shareable code (kept here so a game answers without a join). */
  @Column({ name: 'room_code', type: 'varchar', length: 12, nullable: true })
  roomCode: string | null;

  @Column({ type: 'boolean' })
  rated: boolean;

  @Column({ name: 'turn_seconds', type: 'integer', nullable: true })
  turnSeconds: number | null;

  /** No turn limit: the game's idle limit in seconds (a setting, shown on the board); null with a turn limit. */
  @Column({ name: 'idle_seconds', type: 'integer', nullable: true })
  idleSeconds: number | null;

  /** Ranked: the CPU may play this many moves for a seat before it counts as abandoned; null in casual games. */
  @Column({ name: 'stand_in_moves', type: 'smallint', nullable: true })
  standInMoves: number | null;

  @Column({ name: 'show_legal_moves', type: 'boolean' })
  showLegalMoves: boolean;

  /** A clocked game's base time and increment (seconds); null without a clock (never with a turn limit). */
  @Column({ name: 'clock_base_seconds', type: 'integer', nullable: true })
  clockBaseSeconds: number | null;

  @Column({ name: 'clock_increment_seconds', type: 'integer', nullable: true })
  clockIncrementSeconds: number | null;

  /** Each seat's time left (ms); for the side to move, as of the turn's start. */
  @Column({ name: 'black_clock_ms', type: 'integer', nullable: true })
  blackClockMs: number | null;

  @Column({ name: 'white_clock_ms', type: 'integer', nullable: true })
  whiteClockMs: number | null;

  /** Each seat's lag quota (ms): how much reported lag the next moves may still be credited. */
  @Column({ name: 'black_lag_quota_ms', type: 'integer', nullable: true })
  blackLagQuotaMs: number | null;

  @Column({ name: 'white_lag_quota_ms', type: 'integer', nullable: true })
  whiteLagQuotaMs: number | null;

  /** A game against the computer: its level (1–8); null otherwise. Never rated. */
  @Column({ name: 'computer_level', type: 'smallint', nullable: true })
  computerLevel: number | null;

  @Column({ name: 'black_id', type: 'uuid' })
  blackId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'black_id' })
  black?: Player;

  @Column({ name: 'white_id', type: 'uuid' })
  whiteId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'white_id' })
  white?: Player;

  @Column({ name: 'black_stand_in', type: 'boolean', default: false })
  blackStandIn: boolean;

  @Column({ name: 'white_stand_in', type: 'boolean', default: false })
  whiteStandIn: boolean;

  /** Moves (not passes) the CPU played for each seat. */
  @Column({ name: 'black_cpu_moves', type: 'smallint', default: 0 })
  blackCpuMoves: number;

  @Column({ name: 'white_cpu_moves', type: 'smallint', default: 0 })
  whiteCpuMoves: number;

  /** Times the stand-in took each seat over (each shortens that seat's next limit). */
  @Column({ name: 'black_takeovers', type: 'smallint', default: 0 })
  blackTakeovers: number;

  @Column({ name: 'white_takeovers', type: 'smallint', default: 0 })
  whiteTakeovers: number;

  /** 64 characters B / W / . in API order (a1..h1, a2..h2, …). */
  @Column({ type: 'char', length: 64 })
  board: string;

  @Column({ name: 'to_move', type: 'varchar', length: 5, nullable: true })
  toMove: ColorName | null;

  /** Records in the move list, passes included. */
  @Column({ type: 'integer', default: 0 })
  ply: number;

  @Column({ type: 'varchar', length: 8 })
  status: GameStatus;

  @Column({ name: 'winner', type: 'varchar', length: 5, nullable: true })
  winner: ColorName | null;

  @Column({ name: 'result_reason', type: 'varchar', length: 9, nullable: true })
  resultReason: ResultReason | null;

  @Column({ name: 'black_discs', type: 'integer', nullable: true })
  blackDiscs: number | null;

  @Column({ name: 'white_discs', type: 'integer', nullable: true })
  whiteDiscs: number | null;

  @Column({ name: 'black_rating_change', type: 'double precision', nullable: true, transformer: nullableNumber })
  blackRatingChange: number | null;

  @Column({ name: 'white_rating_change', type: 'double precision', nullable: true, transformer: nullableNumber })
  whiteRatingChange: number | null;

  /** When the side to move runs out of time (games with a turn limit only). */
  @Column({ name: 'turn_deadline', type: 'timestamptz', nullable: true })
  turnDeadline: Date | null;

  /**
   * When a CPU stands in for the side to move if nothing happens: the turn deadline in timed
   * games; otherwise CPU_TAKEOVER_SECONDS after the player was last seen on their turn.
   */
  @Column({ name: 'takeover_at', type: 'timestamptz', nullable: true })
  takeoverAt: Date | null;

  /** When the current turn began (the idle rule counts from it). */
  @Column({ name: 'turn_started_at', type: 'timestamptz', nullable: true })
  turnStartedAt: Date | null;

  /** No turn limit, after a first move: when the stand-in comes even for a present player. */
  @Column({ name: 'idle_deadline', type: 'timestamptz', nullable: true })
  idleDeadline: Date | null;

  /** An aborted game: whose doing it was (the abort cooldown counts these); null otherwise. */
  @Column({ name: 'aborted_by', type: 'varchar', length: 5, nullable: true })
  abortedBy: ColorName | null;

  /**
   * A ranked game the loser gave up (resigned, abandoned, lost on time) before their own
   * RATED_MIN_LOSER_MOVES-th move: it counts for neither rating (docs/rules-and-fair-play.md).
   */
  @Column({ name: 'rating_void', type: 'boolean', default: false })
  ratingVoid: boolean;

  /** The opening the game followed (an id of src/openings/domain/openings.ts; null: none), written with the move that named it. */
  @Column({ name: 'opening_id', type: 'text', nullable: true })
  openingId: string | null;

  /**
   * Whether opening_id is written: true for every game since the column exists; a game from before
   * it has its opening named from its moves when read, and stored by its next move.
   */
  @Column({ name: 'opening_known', type: 'boolean', default: true })
  openingKnown: boolean;

  /**
   * One more with every UPDATE of the row (a trigger, migrations/…-GameVersion.ts): a step's write
   * is conditional on it, so a copy may decide on a game it read before (GameCache).
   */
  @Column({ name: 'version', type: 'integer', default: 0 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
