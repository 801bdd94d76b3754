import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Games against the computer: the game names the computer's level (its seat is the computer's own
 * player row, made on first use). Such games are never rated.
 */
export class ComputerGames1796203900000 implements MigrationInterface {
  name = 'ComputerGames1796203900000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "games" ADD "computer_level" smallint`);
    await queryRunner.query(`ALTER TABLE "games" ADD CONSTRAINT "games_computer_level_ck" CHECK (computer_level IS NULL OR (computer_level BETWEEN 1 AND 8 AND NOT rated))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "games" DROP CONSTRAINT "games_computer_level_ck"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "computer_level"`);
  }
}
