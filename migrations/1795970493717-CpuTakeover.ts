import { MigrationInterface, QueryRunner } from 'typeorm';

export class CpuTakeover1795970493717 implements MigrationInterface {
  name = 'CpuTakeover1795970493717';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."games_deadline_idx"`);
    await queryRunner.query(`ALTER TABLE "games" ADD "takeover_at" TIMESTAMP WITH TIME ZONE`);
    // Games already on: their takeover clock starts now (or is their turn deadline).
    await queryRunner.query(`UPDATE "games" SET "takeover_at" = coalesce("turn_deadline", now() + interval '60 seconds') WHERE "status" = 'active'`);
    await queryRunner.query(`CREATE INDEX "games_takeover_idx" ON "games"  ("takeover_at") WHERE status = 'active'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."games_takeover_idx"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "takeover_at"`);
    await queryRunner.query(`CREATE INDEX "games_deadline_idx" ON "games" USING btree ("turn_deadline") WHERE (((status)::text = 'active'::text) AND (turn_deadline IS NOT NULL))`);
  }
}
