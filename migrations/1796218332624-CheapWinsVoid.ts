import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A ranked game the loser gave up before their own RATED_MIN_LOSER_MOVES-th move counts for
 * neither rating: the game says so, so that `outflank ratings verify` replays exactly the games
 * that were rated, whatever the setting is later.
 */
export class CheapWinsVoid1796218332624 implements MigrationInterface {
  name = 'CheapWinsVoid1796218332624';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "games" ADD "rating_void" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "rating_void"`);
  }
}
