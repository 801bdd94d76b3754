import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Moderators are moderated: a close and an engine mark can be undone (`reopen`, `unmark` in the
 * audit log); a lifted mark takes each refund back with a row of its own (`reverses`), and a game
 * that ends against a marked account after the mark is refunded with a row of its own, so a
 * player may have several refunds from one engine user (the old once-only index goes).
 * (TypeORM does not compare check constraints: the action check is changed by hand.)
 */
export class ModeratorsModerated1796202970900 implements MigrationInterface {
  name = 'ModeratorsModerated1796202970900';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."rating_refunds_once_uq"`);
    await queryRunner.query(`ALTER TABLE "rating_refunds" ADD "reverses" uuid`);
    await queryRunner.query(`CREATE UNIQUE INDEX "rating_refunds_reverses_uq" ON "rating_refunds"  ("reverses") `);
    await queryRunner.query(`CREATE INDEX "rating_refunds_source_idx" ON "rating_refunds"  ("source_player_id") `);
    await queryRunner.query(`ALTER TABLE "mod_actions" DROP CONSTRAINT "mod_actions_action_ck"`);
    await queryRunner.query(
      `ALTER TABLE "mod_actions" ADD CONSTRAINT "mod_actions_action_ck" CHECK (action IN ('engine', 'dismiss', 'warn', 'close', 'reopen', 'unmark', 'grant-moderator', 'revoke-moderator'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "mod_actions" WHERE action IN ('reopen', 'unmark')`);
    await queryRunner.query(`ALTER TABLE "mod_actions" DROP CONSTRAINT "mod_actions_action_ck"`);
    await queryRunner.query(
      `ALTER TABLE "mod_actions" ADD CONSTRAINT "mod_actions_action_ck" CHECK (action IN ('engine', 'dismiss', 'warn', 'close', 'grant-moderator', 'revoke-moderator'))`,
    );
    await queryRunner.query(`DROP INDEX "public"."rating_refunds_source_idx"`);
    await queryRunner.query(`DROP INDEX "public"."rating_refunds_reverses_uq"`);
    await queryRunner.query(`ALTER TABLE "rating_refunds" DROP COLUMN "reverses"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "rating_refunds_once_uq" ON "rating_refunds" USING btree ("player_id", "source_player_id") `);
  }
}
