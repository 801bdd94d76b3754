import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A warning's message, apart from its reason: the player reads the message, the reason stays the
 * moderators' note in the audit log (older warnings keep a null message: their reason was shown).
 */
export class WarningMessage1796204871234 implements MigrationInterface {
  name = 'WarningMessage1796204871234';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "mod_actions" ADD "message" character varying(500)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "mod_actions" DROP COLUMN "message"`);
  }
}
