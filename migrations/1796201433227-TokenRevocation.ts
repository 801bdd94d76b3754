import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Token revocation: each player's token version (tokens carry it; raising it ends every earlier
 * token: sign out everywhere, a new password, a closed account) with when their standing last
 * changed (what each app copy's revocation cache polls for), and the tokens signed out one by one.
 */
export class TokenRevocation1796201433227 implements MigrationInterface {
  name = 'TokenRevocation1796201433227';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "revoked_tokens" ("jti" character varying(32) NOT NULL, "player_id" uuid NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_b18aa48269f87cafba8c6310624" PRIMARY KEY ("jti"))`);
    await queryRunner.query(`CREATE INDEX "revoked_tokens_revoked_at_idx" ON "revoked_tokens"  ("revoked_at") `);
    await queryRunner.query(`ALTER TABLE "players" ADD "token_version" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "players" ADD "standing_changed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "players_standing_changed_idx" ON "players"  ("standing_changed_at") `);
    await queryRunner.query(`ALTER TABLE "revoked_tokens" ADD CONSTRAINT "FK_47046d3ebd99f6fe7fe967ef49a" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "revoked_tokens" DROP CONSTRAINT "FK_47046d3ebd99f6fe7fe967ef49a"`);
    await queryRunner.query(`DROP INDEX "public"."players_standing_changed_idx"`);
    await queryRunner.query(`ALTER TABLE "players" DROP COLUMN "standing_changed_at"`);
    await queryRunner.query(`ALTER TABLE "players" DROP COLUMN "token_version"`);
    await queryRunner.query(`DROP INDEX "public"."revoked_tokens_revoked_at_idx"`);
    await queryRunner.query(`DROP TABLE "revoked_tokens"`);
  }
}
