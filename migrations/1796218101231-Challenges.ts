import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Challenges: one player asks another by name for a game (rated or casual, a clock, a colour); the
 * other accepts or declines with a reason, or it lapses. A rematch after a game is one too.
 */
export class Challenges1796218101231 implements MigrationInterface {
  name = 'Challenges1796218101231';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "challenges" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "challenger_id" uuid NOT NULL, "challenged_id" uuid NOT NULL, "rated" boolean NOT NULL, "clock_base_seconds" integer, "clock_increment_seconds" integer, "colour" character varying(8) NOT NULL, "state" character varying(12) NOT NULL DEFAULT 'open', "decline_reason" character varying(12), "rematch_of" uuid, "game_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ended_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "challenges_players_ck" CHECK (challenger_id <> challenged_id), CONSTRAINT "challenges_reason_ck" CHECK ((decline_reason IS NULL) = (state <> 'declined')), CONSTRAINT "challenges_clock_ck" CHECK ((clock_base_seconds IS NULL) = (clock_increment_seconds IS NULL) AND (NOT rated OR clock_base_seconds IS NOT NULL)), CONSTRAINT "challenges_colour_ck" CHECK (colour IN ('random', 'black', 'white')), CONSTRAINT "challenges_state_ck" CHECK (state IN ('open', 'accepted', 'declined', 'cancelled', 'expired')), CONSTRAINT "PK_1e664e93171e20fe4d6125466af" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "challenges_open_expires_idx" ON "challenges"  ("expires_at") WHERE state = 'open'`);
    await queryRunner.query(`CREATE INDEX "challenges_challenger_state_idx" ON "challenges"  ("challenger_id", "state") `);
    await queryRunner.query(`CREATE INDEX "challenges_challenged_state_idx" ON "challenges"  ("challenged_id", "state") `);
    await queryRunner.query(`ALTER TABLE "challenges" ADD CONSTRAINT "FK_facb1a71f2c1aea2f66bcd379f3" FOREIGN KEY ("challenger_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "challenges" ADD CONSTRAINT "FK_9b9028040fda874aa338d8ae541" FOREIGN KEY ("challenged_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "challenges" DROP CONSTRAINT "FK_9b9028040fda874aa338d8ae541"`);
    await queryRunner.query(`ALTER TABLE "challenges" DROP CONSTRAINT "FK_facb1a71f2c1aea2f66bcd379f3"`);
    await queryRunner.query(`DROP INDEX "public"."challenges_challenged_state_idx"`);
    await queryRunner.query(`DROP INDEX "public"."challenges_challenger_state_idx"`);
    await queryRunner.query(`DROP INDEX "public"."challenges_open_expires_idx"`);
    await queryRunner.query(`DROP TABLE "challenges"`);
  }
}
