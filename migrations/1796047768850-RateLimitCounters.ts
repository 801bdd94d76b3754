import { MigrationInterface, QueryRunner } from 'typeorm';

export class RateLimitCounters1796047768850 implements MigrationInterface {
  name = 'RateLimitCounters1796047768850';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "rate_limit_counters" ("key" character varying(128) NOT NULL, "hits" integer NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_ad665f1998311a7bd0e8265365d" PRIMARY KEY ("key"))`);
    await queryRunner.query(`CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters"  ("expires_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."rate_limit_counters_expires_idx"`);
    await queryRunner.query(`DROP TABLE "rate_limit_counters"`);
  }
}
