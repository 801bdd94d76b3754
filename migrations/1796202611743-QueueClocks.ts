import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A queue ticket names its clock (a preset, "5+3"): each clock is a pool of its own, and ranked
 * tickets always have one. Ranked tickets waiting at the upgrade join the default pool.
 */
export class QueueClocks1796202611743 implements MigrationInterface {
  name = 'QueueClocks1796202611743';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "queue_tickets" ADD "clock" character varying(8)`);
    await queryRunner.query(`UPDATE "queue_tickets" SET "clock" = '5+3', "turn_seconds" = NULL WHERE "state" = 'waiting' AND "mode" = 'ranked'`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_clock_ck" CHECK (clock IS NULL OR turn_seconds IS NULL)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "queue_tickets" DROP CONSTRAINT "queue_tickets_clock_ck"`);
    await queryRunner.query(`ALTER TABLE "queue_tickets" DROP COLUMN "clock"`);
  }
}
