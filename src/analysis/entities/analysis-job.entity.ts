import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Game } from '../../games/entities/game.entity.js';

export type AnalysisJobState = 'queued' | 'running' | 'done' | 'failed';

/**
 * One finished game to analyse: the durable queue of the analysis (any app copy claims the next
 * job with FOR UPDATE SKIP LOCKED and holds it for a lease; a copy that dies mid-job leaves the
 * lease to run out, and another copy takes the job again).
 */
@Entity('analysis_jobs')
@Check('analysis_jobs_state_ck', `state IN ('queued', 'running', 'done', 'failed')`)
@Check('analysis_jobs_attempts_ck', `attempts >= 0`)
// The claim's order: by priority, then each player's newest game in turn, then the most recently
// finished, so a game just played is analysed soon even behind a backlog. (priority, finished_at DESC) WHERE state IN
// ('queued', 'running'): made by hand in the migration (TypeORM cannot say DESC).
@Index('analysis_jobs_todo_idx', { synchronize: false })
@Index('analysis_jobs_finished_idx', ['finishedAt'])
export class AnalysisJob {
  @PrimaryColumn({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id' })
  game?: Game;

  /** 0: a ranked game, 1: another game between accounts, 2: a casual game with a guest (analysed when nothing else waits). */
  @Column({ type: 'smallint' })
  priority: number;

  /** The game's end (the claim takes the newest first within a priority). */
  @Column({ name: 'finished_at', type: 'timestamptz' })
  finishedAt: Date;

  @Column({ type: 'varchar', length: 8, default: 'queued' })
  state: AnalysisJobState;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** While running: when another copy may take the job over (its runner died). */
  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  /** Which app copy holds or last held it (host and process id), for operators. */
  @Column({ name: 'claimed_by', type: 'varchar', length: 64, nullable: true })
  claimedBy: string | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'done_at', type: 'timestamptz', nullable: true })
  doneAt: Date | null;
}
