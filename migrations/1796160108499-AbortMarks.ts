import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue #20, abuse of abort: the player to blame for an aborted game (they called it off, or let
 * their first-move clock run out), one row per such game; the ranked queue counts a player's rows
 * among their recent games (src/games/domain/aborts.ts).
 */
export class AbortMarks1796160108499 implements MigrationInterface {
  name = 'AbortMarks1796160108499';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "abort_marks" ("game_id" uuid NOT NULL, "player_id" uuid NOT NULL, "kind" character varying(10) NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "abort_marks_kind_ck" CHECK (kind IN ('abort', 'first-move')), CONSTRAINT "PK_eb6753658959d11741e35626e31" PRIMARY KEY ("game_id"))`);
    await queryRunner.query(`CREATE INDEX "abort_marks_player_idx" ON "abort_marks"  ("player_id", "at") `);
    await queryRunner.query(`ALTER TABLE "abort_marks" ADD CONSTRAINT "FK_eb6753658959d11741e35626e31" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "abort_marks" ADD CONSTRAINT "FK_65eec777facec3d24685a54129b" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "abort_marks" DROP CONSTRAINT "FK_65eec777facec3d24685a54129b"`);
    await queryRunner.query(`ALTER TABLE "abort_marks" DROP CONSTRAINT "FK_eb6753658959d11741e35626e31"`);
    await queryRunner.query(`DROP INDEX "public"."abort_marks_player_idx"`);
    await queryRunner.query(`DROP TABLE "abort_marks"`);
  }
}
