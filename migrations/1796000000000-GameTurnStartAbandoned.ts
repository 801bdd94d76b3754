import { MigrationInterface, QueryRunner } from 'typeorm';

/** When each turn began (the idle rule counts from it), and the `abandoned` result reason. */
export class GameTurnStartAbandoned1796000000000 implements MigrationInterface {
  name = 'GameTurnStartAbandoned1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "games" ADD "turn_started_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "games" SET "turn_started_at" = "created_at" WHERE "status" = 'active'`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_reason_ck"`);
    await queryRunner.query(`ALTER TABLE "games" ALTER COLUMN "result_reason" TYPE character varying(9)`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_reason_ck" CHECK (result_reason IN ('board', 'resign', 'abandoned', 'aborted'))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_reason_ck"`);
    await queryRunner.query(`UPDATE "games" SET "result_reason" = 'board' WHERE "result_reason" = 'abandoned'`);
    await queryRunner.query(`ALTER TABLE "games" ALTER COLUMN "result_reason" TYPE character varying(8)`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_reason_ck" CHECK (result_reason IN ('board', 'resign', 'aborted'))`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "turn_started_at"`);
  }
}
