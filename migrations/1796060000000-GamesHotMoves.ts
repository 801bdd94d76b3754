import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A move's UPDATE touches no indexed column, so PostgreSQL can write it as a HOT update (no new
 * entry in any of the games indexes): the takeover time changes with every move, so it is no
 * longer indexed; the deadline sweeper scans the active games through a partial index on status
 * (which a move does not change) instead. Free room on each page (fillfactor 70) lets the new row
 * version stay on its page.
 */
export class GamesHotMoves1796060000000 implements MigrationInterface {
  name = 'GamesHotMoves1796060000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."games_takeover_idx"`);
    await queryRunner.query(`CREATE INDEX "games_active_idx" ON "games" ("id") WHERE status = 'active'`);
    await queryRunner.query(`ALTER TABLE "games" SET (fillfactor = 70)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "games" RESET (fillfactor)`);
    await queryRunner.query(`DROP INDEX "public"."games_active_idx"`);
    await queryRunner.query(`CREATE INDEX "games_takeover_idx" ON "games" ("takeover_at") WHERE status = 'active'`);
  }
}
