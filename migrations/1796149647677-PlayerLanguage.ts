import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A player's chosen language for the pages and the API's messages (issue #19): one of the site's
 * language codes (src/i18n/languages.ts, checked by the API), null while they never chose one.
 */
export class PlayerLanguage1796149647677 implements MigrationInterface {
  name = 'PlayerLanguage1796149647677';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "players" ADD "language" character varying(8)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "players" DROP COLUMN "language"`);
  }
}
