import { MigrationInterface, QueryRunner } from 'typeorm';

export class RatingHistorySeq1795970153174 implements MigrationInterface {
  name = 'RatingHistorySeq1795970153174';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rating_history" ADD "seq" BIGSERIAL NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "rating_history_seq_uq" ON "rating_history"  ("seq") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."rating_history_seq_uq"`);
    await queryRunner.query(`ALTER TABLE "rating_history" DROP COLUMN "seq"`);
  }
}
