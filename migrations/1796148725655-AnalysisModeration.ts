import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue #20: the analysis of finished games (a durable job queue, the analyses, each player's side
 * of an analysed game for the fair-play statistics; a partial index to find the games that
 * finished lately), moderation (reports, the audit log of moderator actions, the moderator role
 * and the engine-user and closed marks on players) and the rating refunds of an engine user's
 * opponents. rating_refunds.seq is written from rating_history's own sequence (see
 * RatingRefundsRepository), so games and refunds share one apply order.
 */
export class AnalysisModeration1796148725655 implements MigrationInterface {
  name = 'AnalysisModeration1796148725655';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "analysis_jobs" ("game_id" uuid NOT NULL, "priority" smallint NOT NULL, "finished_at" TIMESTAMP WITH TIME ZONE NOT NULL, "state" character varying(8) NOT NULL DEFAULT 'queued', "attempts" integer NOT NULL DEFAULT '0', "lease_until" TIMESTAMP WITH TIME ZONE, "claimed_by" character varying(64), "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "done_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "analysis_jobs_attempts_ck" CHECK (attempts >= 0), CONSTRAINT "analysis_jobs_state_ck" CHECK (state IN ('queued', 'running', 'done', 'failed')), CONSTRAINT "PK_e75fe9b4989cfefe03f313809db" PRIMARY KEY ("game_id"))`);
    await queryRunner.query(`CREATE INDEX "analysis_jobs_finished_idx" ON "analysis_jobs"  ("finished_at") `);
    await queryRunner.query(`CREATE INDEX "analysis_jobs_todo_idx" ON "analysis_jobs" ("priority", "finished_at" DESC) WHERE state IN ('queued', 'running')`);
    await queryRunner.query(`CREATE TABLE "analysis_player_games" ("game_id" uuid NOT NULL, "color" character varying(5) NOT NULL, "player_id" uuid NOT NULL, "rated" boolean NOT NULL, "finished_at" TIMESTAMP WITH TIME ZONE NOT NULL, "counted" smallint NOT NULL, "mean_loss" double precision NOT NULL, "best_share" double precision NOT NULL, "inaccuracies" smallint NOT NULL, "mistakes" smallint NOT NULL, "blunders" smallint NOT NULL, "exact_counted" smallint NOT NULL, "exact_best" smallint NOT NULL, "exact_loss" double precision NOT NULL, "estimated_counted" smallint NOT NULL, "estimated_best" smallint NOT NULL, "estimated_loss" double precision NOT NULL, "move_seconds" real array NOT NULL, CONSTRAINT "analysis_player_games_color_ck" CHECK (color IN ('black', 'white')), CONSTRAINT "PK_ddf9cc20d457da27a6e4f00c42a" PRIMARY KEY ("game_id", "color"))`);
    await queryRunner.query(`CREATE INDEX "analysis_player_games_rated_idx" ON "analysis_player_games"  ("player_id", "finished_at") WHERE rated`);
    await queryRunner.query(`CREATE TABLE "game_analyses" ("game_id" uuid NOT NULL, "exact_from_empties" smallint NOT NULL, "depth" smallint NOT NULL, "moves" jsonb NOT NULL, "engine_ms" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_185175ff5f0ceaa4375d6711f9d" PRIMARY KEY ("game_id"))`);
    await queryRunner.query(`CREATE TABLE "mod_actions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "player_id" uuid NOT NULL, "moderator_id" uuid, "action" character varying(16) NOT NULL, "reason" character varying(500) NOT NULL, "details" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "seen_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "mod_actions_action_ck" CHECK (action IN ('engine', 'dismiss', 'warn', 'close', 'grant-moderator', 'revoke-moderator')), CONSTRAINT "PK_b1202f6b822249b6fdb595a01db" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "mod_actions_unseen_warning_idx" ON "mod_actions"  ("player_id") WHERE action = 'warn' AND seen_at IS NULL`);
    await queryRunner.query(`CREATE INDEX "mod_actions_player_idx" ON "mod_actions"  ("player_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "reports" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "game_id" uuid NOT NULL, "reporter_id" uuid NOT NULL, "reported_id" uuid NOT NULL, "reason" character varying(8) NOT NULL, "text" character varying(500), "status" character varying(6) NOT NULL DEFAULT 'open', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "closed_at" TIMESTAMP WITH TIME ZONE, "closed_by_action" uuid, CONSTRAINT "reports_players_ck" CHECK (reporter_id <> reported_id), CONSTRAINT "reports_status_ck" CHECK (status IN ('open', 'closed')), CONSTRAINT "reports_reason_ck" CHECK (reason IN ('engine', 'stalling', 'abuse', 'other')), CONSTRAINT "PK_d9013193989303580053c0b5ef6" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "reports_reporter_idx" ON "reports"  ("reporter_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "reports_reported_idx" ON "reports"  ("reported_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "reports_open_idx" ON "reports"  ("created_at") WHERE status = 'open'`);
    await queryRunner.query(`CREATE UNIQUE INDEX "reports_open_uq" ON "reports"  ("reporter_id", "game_id") WHERE status = 'open'`);
    await queryRunner.query(`CREATE TABLE "rating_refunds" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "player_id" uuid NOT NULL, "source_player_id" uuid NOT NULL, "game_ids" uuid array NOT NULL, "points" double precision NOT NULL, "rating_before" double precision NOT NULL, "rating" double precision NOT NULL, "rd" double precision NOT NULL, "volatility" double precision NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "seq" bigint NOT NULL, CONSTRAINT "PK_9bce9a1ce9f7537f732a4024d68" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "rating_refunds_seq_uq" ON "rating_refunds"  ("seq") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "rating_refunds_once_uq" ON "rating_refunds"  ("player_id", "source_player_id") `);
    await queryRunner.query(`CREATE INDEX "rating_refunds_player_idx" ON "rating_refunds"  ("player_id", "at") `);
    await queryRunner.query(`ALTER TABLE "players" ADD "moderator" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "players" ADD "engine_marked_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "players" ADD "closed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "games_finished_idx" ON "games"  ("finished_at") WHERE status = 'finished'`);
    await queryRunner.query(`ALTER TABLE "analysis_jobs" ADD CONSTRAINT "FK_e75fe9b4989cfefe03f313809db" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "analysis_player_games" ADD CONSTRAINT "FK_f3fee2bb164cd517236650ae7b1" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "analysis_player_games" ADD CONSTRAINT "FK_3833ba6a81b0bd3034c95188ed1" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "game_analyses" ADD CONSTRAINT "FK_185175ff5f0ceaa4375d6711f9d" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "mod_actions" ADD CONSTRAINT "FK_dd6b2d2037443aced55e914d9a1" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "mod_actions" ADD CONSTRAINT "FK_ee374c1e808f490d4acf4892a9b" FOREIGN KEY ("moderator_id") REFERENCES "players"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "reports" ADD CONSTRAINT "FK_d07f2a3e1f4822752be28b3e6ea" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "reports" ADD CONSTRAINT "FK_9459b9bf907a3807ef7143d2ead" FOREIGN KEY ("reporter_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "reports" ADD CONSTRAINT "FK_a4f4f08ca7392c630494d1a77f7" FOREIGN KEY ("reported_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "rating_refunds" ADD CONSTRAINT "FK_f937de8cd9a40035c2edfade1e6" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "rating_refunds" ADD CONSTRAINT "FK_2535aa356f432ab1a722e7900c8" FOREIGN KEY ("source_player_id") REFERENCES "players"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rating_refunds" DROP CONSTRAINT "FK_2535aa356f432ab1a722e7900c8"`);
    await queryRunner.query(`ALTER TABLE "rating_refunds" DROP CONSTRAINT "FK_f937de8cd9a40035c2edfade1e6"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP CONSTRAINT "FK_a4f4f08ca7392c630494d1a77f7"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP CONSTRAINT "FK_9459b9bf907a3807ef7143d2ead"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP CONSTRAINT "FK_d07f2a3e1f4822752be28b3e6ea"`);
    await queryRunner.query(`ALTER TABLE "mod_actions" DROP CONSTRAINT "FK_ee374c1e808f490d4acf4892a9b"`);
    await queryRunner.query(`ALTER TABLE "mod_actions" DROP CONSTRAINT "FK_dd6b2d2037443aced55e914d9a1"`);
    await queryRunner.query(`ALTER TABLE "game_analyses" DROP CONSTRAINT "FK_185175ff5f0ceaa4375d6711f9d"`);
    await queryRunner.query(`ALTER TABLE "analysis_player_games" DROP CONSTRAINT "FK_3833ba6a81b0bd3034c95188ed1"`);
    await queryRunner.query(`ALTER TABLE "analysis_player_games" DROP CONSTRAINT "FK_f3fee2bb164cd517236650ae7b1"`);
    await queryRunner.query(`ALTER TABLE "analysis_jobs" DROP CONSTRAINT "FK_e75fe9b4989cfefe03f313809db"`);
    await queryRunner.query(`DROP INDEX "public"."games_finished_idx"`);
    await queryRunner.query(`ALTER TABLE "players" DROP COLUMN "closed_at"`);
    await queryRunner.query(`ALTER TABLE "players" DROP COLUMN "engine_marked_at"`);
    await queryRunner.query(`ALTER TABLE "players" DROP COLUMN "moderator"`);
    await queryRunner.query(`DROP INDEX "public"."rating_refunds_player_idx"`);
    await queryRunner.query(`DROP INDEX "public"."rating_refunds_once_uq"`);
    await queryRunner.query(`DROP INDEX "public"."rating_refunds_seq_uq"`);
    await queryRunner.query(`DROP TABLE "rating_refunds"`);
    await queryRunner.query(`DROP INDEX "public"."reports_open_uq"`);
    await queryRunner.query(`DROP INDEX "public"."reports_open_idx"`);
    await queryRunner.query(`DROP INDEX "public"."reports_reported_idx"`);
    await queryRunner.query(`DROP INDEX "public"."reports_reporter_idx"`);
    await queryRunner.query(`DROP TABLE "reports"`);
    await queryRunner.query(`DROP INDEX "public"."mod_actions_player_idx"`);
    await queryRunner.query(`DROP INDEX "public"."mod_actions_unseen_warning_idx"`);
    await queryRunner.query(`DROP TABLE "mod_actions"`);
    await queryRunner.query(`DROP TABLE "game_analyses"`);
    await queryRunner.query(`DROP INDEX "public"."analysis_player_games_rated_idx"`);
    await queryRunner.query(`DROP TABLE "analysis_player_games"`);
    await queryRunner.query(`DROP INDEX "public"."analysis_jobs_todo_idx"`);
    await queryRunner.query(`DROP INDEX "public"."analysis_jobs_finished_idx"`);
    await queryRunner.query(`DROP TABLE "analysis_jobs"`);
  }
}
