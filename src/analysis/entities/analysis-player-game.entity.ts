import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Game } from '../../games/entities/game.entity.js';
import { Player } from '../../players/entities/player.entity.js';

const numeric = { from: (v: string | number) => Number(v), to: (v: number) => v };

/**
 * One player's side of an analysed game: the summary the replay shows, the totals per phase
 * (exact / estimated) the fair-play statistics add up, and the seconds used per move.
 */
@Entity('analysis_player_games')
@Check('analysis_player_games_color_ck', `color IN ('black', 'white')`)
// A player's latest analysed rated games: the fair-play statistics read a range of this.
@Index('analysis_player_games_rated_idx', ['playerId', 'finishedAt'], { where: 'rated' })
export class AnalysisPlayerGame {
  @PrimaryColumn({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id' })
  game?: Game;

  @PrimaryColumn({ type: 'varchar', length: 5 })
  color: 'black' | 'white';

  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id' })
  player?: Player;

  @Column({ type: 'boolean' })
  rated: boolean;

  @Column({ name: 'finished_at', type: 'timestamptz' })
  finishedAt: Date;

  @Column({ type: 'smallint' })
  counted: number;

  @Column({ name: 'mean_loss', type: 'double precision', transformer: numeric })
  meanLoss: number;

  @Column({ name: 'best_share', type: 'double precision', transformer: numeric })
  bestShare: number;

  @Column({ type: 'smallint' })
  inaccuracies: number;

  @Column({ type: 'smallint' })
  mistakes: number;

  @Column({ type: 'smallint' })
  blunders: number;

  @Column({ name: 'exact_counted', type: 'smallint' })
  exactCounted: number;

  @Column({ name: 'exact_best', type: 'smallint' })
  exactBest: number;

  @Column({ name: 'exact_loss', type: 'double precision', transformer: numeric })
  exactLoss: number;

  @Column({ name: 'estimated_counted', type: 'smallint' })
  estimatedCounted: number;

  @Column({ name: 'estimated_best', type: 'smallint' })
  estimatedBest: number;

  @Column({ name: 'estimated_loss', type: 'double precision', transformer: numeric })
  estimatedLoss: number;

  /** Seconds the player used on each of their own moves (not the stand-in's), in order. */
  @Column({ name: 'move_seconds', type: 'real', array: true })
  moveSeconds: number[];
}
