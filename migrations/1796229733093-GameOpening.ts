import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A game's opening on its row, written by the move that names it, so that a read of the game no
 * longer replays its first moves. Games from before have it unknown (false, filled in without a
 * rewrite of the table) and are named from their moves when read until a move stores it; games
 * created from now on start with it known (no moves, no name).
 */
export class GameOpening1796229733093 implements MigrationInterface {
  name = 'GameOpening1796229733093';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "games" ADD "opening_id" text`);
    await queryRunner.query(`ALTER TABLE "games" ADD "opening_known" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "games" ALTER COLUMN "opening_known" SET DEFAULT true`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "opening_known"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "opening_id"`);
  }
}
