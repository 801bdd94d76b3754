import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fair play (issue #21): games count the CPU stand-in's moves and takeovers per seat, state their
 * idle limit and ranked stand-in move limit, keep the turn's idle deadline (the escalating idle
 * limit) and whose doing an abort was; a ranked queue ticket carries its player's cooldown; failed
 * sign-ins are counted per username. Games made before: no stand-in move limit and the configured
 * idle limit (null columns); the CPU moves of games still in play are counted from their moves.
 */
export class FairPlayStandInCooldowns1796146973802 implements MigrationInterface {
  name = 'FairPlayStandInCooldowns1796146973802';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "login_failures" ("key" character varying(128) NOT NULL, "failures" integer NOT NULL, "blocked_until" TIMESTAMP WITH TIME ZONE NOT NULL, "last_failure_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_917877ed32c9d30e8b6b72caae3" PRIMARY KEY ("key"))`);
    await queryRunner.query(`CREATE INDEX "login_failures_last_idx" ON "login_failures"  ("last_failure_at") `);
    await queryRunner.query(`ALTER TABLE "games" ADD "idle_seconds" integer`);
    await queryRunner.query(`ALTER TABLE "games" ADD "stand_in_moves" smallint`);
    await queryRunner.query(`ALTER TABLE "games" ADD "black_cpu_moves" smallint NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "games" ADD "white_cpu_moves" smallint NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "games" ADD "black_takeovers" smallint NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "games" ADD "white_takeovers" smallint NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "games" ADD "idle_deadline" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "games" ADD "aborted_by" character varying(5)`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" ADD "eligible_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" ADD "cooldown_reason" character varying(12)`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_stand_in_counts_ck" CHECK (black_cpu_moves >= 0 AND white_cpu_moves >= 0 AND black_takeovers >= 0 AND white_takeovers >= 0)`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_aborted_by_ck" CHECK (aborted_by IN ('black', 'white'))`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_cooldown_ck" CHECK ((eligible_at IS NULL) = (cooldown_reason IS NULL) AND cooldown_reason IN ('aborts', 'sandbagging'))`);
    await queryRunner.query(`UPDATE games g SET
        black_cpu_moves = (SELECT count(*) FROM moves m WHERE m.game_id = g.id AND m.by = 'cpu' AND NOT m.pass AND m.color = 'black'),
        white_cpu_moves = (SELECT count(*) FROM moves m WHERE m.game_id = g.id AND m.by = 'cpu' AND NOT m.pass AND m.color = 'white')
      WHERE g.status = 'active'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "queue_tickets" DROP CONSTRAINT "queue_tickets_cooldown_ck"`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_aborted_by_ck"`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_stand_in_counts_ck"`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" DROP COLUMN "cooldown_reason"`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" DROP COLUMN "eligible_at"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "aborted_by"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "idle_deadline"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "white_takeovers"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "black_takeovers"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "white_cpu_moves"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "black_cpu_moves"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "stand_in_moves"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "idle_seconds"`);
    await queryRunner.query(`DROP INDEX "public"."login_failures_last_idx"`);
    await queryRunner.query(`DROP TABLE "login_failures"`);
  }
}
