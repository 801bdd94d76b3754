import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The report queue under a flood: each report's weight (less from guests and accounts younger than
 * a day) and the keyed hash of the address it came from (weak reporters are capped per address,
 * and one address counts at most one full report against a player in the queue's order).
 */
export class ReportQueue1796203460206 implements MigrationInterface {
  name = 'ReportQueue1796203460206';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reports" ADD "weight" real NOT NULL DEFAULT '1'`);
    await queryRunner.query(`ALTER TABLE "reports" ADD "reporter_address" character(32)`);
    await queryRunner.query(`CREATE INDEX "reports_address_idx" ON "reports"  ("reporter_address", "created_at") WHERE reporter_address IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."reports_address_idx"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP COLUMN "reporter_address"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP COLUMN "weight"`);
  }
}
