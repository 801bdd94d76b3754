import { MigrationInterface, QueryRunner } from 'typeorm';

/** The ranked games of the last 24 h (a pairing wave's repeat limit) by an index range, not a probe per waiting player. */
export class GamesRatedCreatedIndex1796060100000 implements MigrationInterface {
  name = 'GamesRatedCreatedIndex1796060100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "games_rated_created_idx" ON "games" ("created_at") WHERE rated`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."games_rated_created_idx"`);
  }
}
