import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Player } from '../../players/entities/player.entity.js';
import type { AbortKind } from '../domain/aborts.js';
import { Game } from './game.entity.js';

/** The player to blame for an aborted game (src/games/domain/aborts.ts): the abort-abuse wait counts these. */
@Entity('abort_marks')
@Check('abort_marks_kind_ck', `kind IN ('abort', 'first-move')`)
@Index('abort_marks_player_idx', ['playerId', 'at'])
export class AbortMark {
  @PrimaryColumn({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id' })
  game?: Game;

  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id' })
  player?: Player;

  @Column({ type: 'varchar', length: 10 })
  kind: AbortKind;

  @Column({ type: 'timestamptz' })
  at: Date;
}
