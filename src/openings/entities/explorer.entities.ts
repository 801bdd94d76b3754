import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Game } from '../../games/entities/game.entity.js';

export type ExplorerSourceName = 'master' | 'ladder';

/**
 * The explorer's position index: games that went from one position to the next, both keyed up to
 * the board's symmetries (src/openings/domain/symmetry.ts), summed by source (the shipped master
 * games, the ladder's rated games). A position's moves are its rows; the games that reached a
 * position are the rows whose child it is.
 */
@Entity('explorer_moves')
@Check('explorer_moves_source_ck', `source IN ('master', 'ladder')`)
@Check('explorer_moves_counts_ck', `games > 0 AND black_half_points BETWEEN 0 AND 2 * games`)
@Index('explorer_moves_child_idx', ['source', 'childKey'])
export class ExplorerMove {
  @PrimaryColumn({ type: 'varchar', length: 6 })
  source: ExplorerSourceName;

  /** The position moved from: 64 squares B / W / . of its least symmetric image, then b or w to move. */
  @PrimaryColumn({ name: 'parent_key', type: 'char', length: 65 })
  parentKey: string;

  /** The position the move led to, keyed the same way. */
  @PrimaryColumn({ name: 'child_key', type: 'char', length: 65 })
  childKey: string;

  @Column({ type: 'integer' })
  games: number;

  /** Black's score in these games in half points (2 a win, 1 a draw): integer sums. */
  @Column({ name: 'black_half_points', type: 'integer' })
  blackHalfPoints: number;

  /** Sum of Black's final disc difference over these games. */
  @Column({ name: 'disc_diff', type: 'integer' })
  discDiff: number;
}

/** A data set loaded into the index once (the master games: name and game count). */
@Entity('explorer_sources')
export class ExplorerSource {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'integer' })
  games: number;

  @CreateDateColumn({ name: 'loaded_at', type: 'timestamptz' })
  loadedAt: Date;
}

/** A rated game already summed into the index (each counts once, whichever app copy got it). */
@Entity('explorer_ladder_games')
export class ExplorerLadderGame {
  @PrimaryColumn({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id' })
  game?: Game;

  @CreateDateColumn({ name: 'indexed_at', type: 'timestamptz' })
  indexedAt: Date;
}
