import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { Game } from '../../games/entities/game.entity.js';
import type { MoveAnalysisEntry } from '../domain/analysis.js';

/** One stored move of an analysis: the domain's entry as it is (squares as indices; the API names them). */
export type StoredMoveAnalysis = MoveAnalysisEntry;

/** The engine's analysis of a finished game: every move (the per-player figures are in analysis_player_games). */
@Entity('game_analyses')
export class GameAnalysis {
  @PrimaryColumn({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @OneToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id' })
  game?: Game;

  @Column({ name: 'exact_from_empties', type: 'smallint' })
  exactFromEmpties: number;

  /** The midgame search's depth for the estimated moves. */
  @Column({ type: 'smallint' })
  depth: number;

  @Column({ type: 'jsonb' })
  moves: StoredMoveAnalysis[];

  /** How long the engine took (one worker thread), for operators. */
  @Column({ name: 'engine_ms', type: 'integer' })
  engineMs: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
