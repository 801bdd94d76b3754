import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Game clocks kept by the server: a game's (and a room's) base time and increment, each seat's time
 * left and lag quota, and a loss on time ('time', added to the result reasons by hand: TypeORM does
 * not compare a check's expression).
 */
export class GameClocks1796201603119 implements MigrationInterface {
  name = 'GameClocks1796201603119';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "games" ADD "clock_base_seconds" integer`);
    await queryRunner.query(`ALTER TABLE "games" ADD "clock_increment_seconds" integer`);
    await queryRunner.query(`ALTER TABLE "games" ADD "black_clock_ms" integer`);
    await queryRunner.query(`ALTER TABLE "games" ADD "white_clock_ms" integer`);
    await queryRunner.query(`ALTER TABLE "games" ADD "black_lag_quota_ms" integer`);
    await queryRunner.query(`ALTER TABLE "games" ADD "white_lag_quota_ms" integer`);
    await queryRunner.query(`ALTER TABLE "rooms" ADD "clock_base_seconds" integer`);
    await queryRunner.query(`ALTER TABLE "rooms" ADD "clock_increment_seconds" integer`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_clock_ck" CHECK ((clock_base_seconds IS NULL) = (clock_increment_seconds IS NULL) AND (clock_base_seconds IS NULL OR turn_seconds IS NULL))`);
    await queryRunner.query(`ALTER TABLE "rooms" ADD CONSTRAINT "rooms_clock_ck" CHECK ((clock_base_seconds IS NULL) = (clock_increment_seconds IS NULL) AND (clock_base_seconds IS NULL OR turn_seconds IS NULL))`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_reason_ck"`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_reason_ck" CHECK (result_reason IN ('board', 'resign', 'abandoned', 'aborted', 'time'))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_reason_ck"`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_reason_ck" CHECK (result_reason IN ('board', 'resign', 'abandoned', 'aborted'))`);
    await queryRunner.query(`ALTER TABLE "rooms" DROP CONSTRAINT "rooms_clock_ck"`);
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_clock_ck"`);
    await queryRunner.query(`ALTER TABLE "rooms" DROP COLUMN "clock_increment_seconds"`);
    await queryRunner.query(`ALTER TABLE "rooms" DROP COLUMN "clock_base_seconds"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "white_lag_quota_ms"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "black_lag_quota_ms"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "white_clock_ms"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "black_clock_ms"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "clock_increment_seconds"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "clock_base_seconds"`);
  }
}
