import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ColorName, Game } from './game.entity.js';

/** One record of a game's move list; (game, ply) is unique, so a ply can never hold two moves. */
// The colour, the author and the ply are checked by their columns' domains (migration
// MoveStatementChecks, as in game.entity.ts). A pass is the record without a square (a null
// square leaves the range unknown, which a CHECK lets through).
@Entity('moves')
@Check('moves_square_ck', `pass = (square IS NULL) AND square BETWEEN 0 AND 63`)
export class Move {
  @PrimaryColumn({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id' })
  game?: Game;

  /** The game's ply when this record was made: 0 for the first move. */
  @PrimaryColumn({ type: 'integer' })
  ply: number;

  @Column({ type: 'varchar', length: 5 })
  color: ColorName;

  /** Square index 0..63, null for a pass. */
  @Column({ type: 'smallint', nullable: true })
  square: number | null;

  @Column({ type: 'boolean' })
  pass: boolean;

  @Column({ type: 'smallint', array: true })
  flipped: number[];

  @Column({ type: 'varchar', length: 6 })
  by: 'player' | 'cpu';

  @Column({ name: 'played_at', type: 'timestamptz', default: () => 'now()' })
  at: Date;
}
