import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts linked by an address or device (issue #21): each account's sign-up and sign-in
 * addresses and device ids, only as keyed hashes, with when each was first and last seen. Ranked
 * pairing never pairs two accounts seen from one of them within RANKED_LINK_DAYS.
 */
export class AccountSightings1796148836046 implements MigrationInterface {
  name = 'AccountSightings1796148836046';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "account_sightings" ("player_id" uuid NOT NULL, "kind" character varying(7) NOT NULL, "hash" character(32) NOT NULL, "first_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "account_sightings_kind_ck" CHECK (kind IN ('address', 'device')), CONSTRAINT "PK_8ea456f7612f9904a39d4479ea2" PRIMARY KEY ("player_id", "kind", "hash"))`);
    await queryRunner.query(`CREATE INDEX "account_sightings_hash_idx" ON "account_sightings"  ("kind", "hash", "last_seen_at") `);
    await queryRunner.query(`ALTER TABLE "account_sightings" ADD CONSTRAINT "FK_98e133be0aa724f27e20ed0a079" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "account_sightings" DROP CONSTRAINT "FK_98e133be0aa724f27e20ed0a079"`);
    await queryRunner.query(`DROP INDEX "public"."account_sightings_hash_idx"`);
    await queryRunner.query(`DROP TABLE "account_sightings"`);
  }
}
